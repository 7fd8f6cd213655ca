package org.vmsched.analysis.mpr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * Exact arithmetic of this package (THEORY.md §6.5, §15.5): a value is the decimal it was written
 * as (the shortest decimal that reads back as the double), as a fraction; the tests scale every
 * fraction of one check to integer ticks by the least common multiple of the denominators. Stateless.
 */
final class Exact {

    /** Largest tick count of any value or horizon, so that a few sums and products stay inside a long. */
    static final long LIMIT = 1L << 60;

    private Exact() {
    }

    static BigFraction fraction(double d) {
        BigDecimal b = BigDecimal.valueOf(d).stripTrailingZeros();
        return fraction(b);
    }

    static BigFraction fraction(BigDecimal d) {
        return d.scale() <= 0 ? new BigFraction(d.toBigIntegerExact())
                : new BigFraction(d.unscaledValue(), BigInteger.TEN.pow(d.scale()));
    }

    /**
     * A value for a sentence: its decimal when it has one (19/2 as "9.5", −72/25 as "-2.88"), else
     * rounded to six decimals ("1.866667" for 28/15); never "19 / 2" or a double's 17 digits.
     */
    static String text(BigFraction f) {
        BigInteger d = f.getDenominator();
        BigInteger rest = d;
        while (rest.mod(BigInteger.TWO).signum() == 0) {
            rest = rest.divide(BigInteger.TWO);
        }
        while (rest.mod(BigInteger.valueOf(5)).signum() == 0) {
            rest = rest.divide(BigInteger.valueOf(5));
        }
        if (rest.equals(BigInteger.ONE) && d.bitLength() < 200) {
            BigDecimal exact = new BigDecimal(f.getNumerator()).divide(new BigDecimal(d)).stripTrailingZeros();
            return (exact.scale() < 0 ? exact.setScale(0) : exact).toPlainString();
        }
        BigDecimal rounded = new BigDecimal(f.getNumerator()).divide(new BigDecimal(d), 6, RoundingMode.HALF_EVEN)
                .stripTrailingZeros();
        return (rounded.scale() < 0 ? rounded.setScale(0) : rounded).toPlainString();
    }

    static BigInteger floor(BigFraction f) {
        BigInteger[] qr = f.getNumerator().divideAndRemainder(f.getDenominator());
        return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }

    static BigInteger ceil(BigFraction f) {
        return floor(f.negate()).negate();
    }

    /** The least common multiple of the denominators. */
    static BigInteger commonDenominator(Iterable<BigFraction> values) {
        BigInteger l = BigInteger.ONE;
        for (BigFraction v : values) {
            BigInteger d = v.getDenominator();
            l = l.divide(l.gcd(d)).multiply(d);
        }
        return l;
    }

    /** v·scale as a long tick count, or an exception when it passes {@link #LIMIT}. */
    static long ticks(BigFraction v, BigInteger scale) {
        BigFraction x = v.multiply(new BigFraction(scale));
        if (!x.getDenominator().equals(BigInteger.ONE)) {
            throw new IllegalStateException("not a whole number of ticks: " + x);
        }
        BigInteger n = x.getNumerator();
        if (n.abs().compareTo(BigInteger.valueOf(LIMIT)) > 0) {
            throw new ArithmeticException("a value passes 2^60 ticks");
        }
        return n.longValueExact();
    }
}
