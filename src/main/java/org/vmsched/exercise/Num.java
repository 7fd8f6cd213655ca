package org.vmsched.exercise;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.apache.commons.math3.fraction.BigFraction;

/** Exact arithmetic and number choices shared by the kinds. Stateless. */
final class Num {

    private Num() {
    }

    /** The decimal a double was written as, exactly (as the analysis reads a scenario's values). */
    static BigFraction of(double d) {
        return ExactValue.of(BigDecimal.valueOf(d)).number();
    }

    static BigFraction of(BigDecimal d) {
        return ExactValue.of(d).number();
    }

    /** ⌈f⌉. */
    static BigInteger ceil(BigFraction f) {
        BigInteger[] qr = f.getNumerator().divideAndRemainder(f.getDenominator());
        return qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
    }

    /** ⌊f⌋. */
    static BigInteger floor(BigFraction f) {
        return ceil(f.negate()).negate();
    }

    /** A number as a person writes it. */
    static String t(BigFraction f) {
        return ExactValue.text(f);
    }

    /** A number in a formula: negative ones in parentheses. */
    static String p(BigFraction f) {
        return f.getNumerator().signum() < 0 ? "(" + t(f) + ")" : t(f);
    }

    static String t(double d) {
        return t(of(d));
    }

    /** A value of the level's grid between lo and hi (in grid units): integers at 1, halves at 2, tenths at 3. */
    static double pick(SplittableRandom r, int level, double lo, double hi) {
        int per = level == 1 ? 1 : level == 2 ? 2 : 10;
        long a = (long) Math.ceil(lo * per);
        long b = (long) Math.floor(hi * per);
        long k = b <= a ? a : a + r.nextLong(b - a + 1);
        return BigDecimal.valueOf(k).divide(BigDecimal.valueOf(per)).doubleValue();
    }

    /** An integer from lo to hi inclusive. */
    static int between(SplittableRandom r, int lo, int hi) {
        return lo + r.nextInt(hi - lo + 1);
    }

    /** Whether every value is on the level's grid and at most {@code max}: the level's promise. */
    static boolean keepsPromise(int level, BigFraction v, long max) {
        if (v.abs().compareTo(new BigFraction(max)) > 0) {
            return false;
        }
        BigInteger scaled = v.multiply(level == 1 ? 1 : level == 2 ? 2 : 100).getDenominator();
        return scaled.equals(BigInteger.ONE);
    }
}
