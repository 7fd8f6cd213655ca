package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * A closed interval of good VM periods with exact rational ends (THEORY.md §6.6): each end is the
 * root of a linear equation in T whose coefficients are the decimals of the scenario, so it is a
 * fraction; {@code hi} null means +∞ (bandwidth 1). {@link #approx()} is the nearest-double view
 * the charts draw. Immutable.
 */
public record ExactInterval(BigFraction lo, BigFraction hi) {

    public ExactInterval {
        if (lo == null) {
            throw new IllegalArgumentException("the lower end of an interval is finite");
        }
    }

    public boolean isPoint() {
        return lo.equals(hi);
    }

    /** The interval in doubles, each end the double nearest to the exact one. */
    public Interval approx() {
        return new Interval(lo.doubleValue(), hi == null ? Double.POSITIVE_INFINITY : hi.doubleValue());
    }

    /** Whether x, read as the decimal it was written as, lies in the interval (exactly). */
    public boolean contains(double x) {
        BigFraction f = ExactDecimal.fraction(x);
        return f.compareTo(lo) >= 0 && (hi == null || f.compareTo(hi) <= 0);
    }

    /** An end as text: its decimal when it has one of at most 12 digits after the point, else p/q. */
    public static String text(BigFraction f) {
        if (f == null) {
            return "∞";
        }
        String dec = terminatingDecimal(f);
        return dec != null ? dec : f.getNumerator() + "/" + f.getDenominator();
    }

    /** The exact decimal of f when it terminates within 12 places, else null. */
    static String terminatingDecimal(BigFraction f) {
        BigInteger den = f.getDenominator();
        int twos = 0;
        int fives = 0;
        BigInteger d = den;
        BigInteger two = BigInteger.TWO;
        BigInteger five = BigInteger.valueOf(5);
        while (d.mod(two).signum() == 0) {
            d = d.divide(two);
            twos++;
        }
        while (d.mod(five).signum() == 0) {
            d = d.divide(five);
            fives++;
        }
        if (!d.equals(BigInteger.ONE) || Math.max(twos, fives) > 12) {
            return null;
        }
        BigDecimal v = new BigDecimal(f.getNumerator()).divide(new BigDecimal(den));
        return v.stripTrailingZeros().toPlainString();
    }

    @Override
    public String toString() {
        return isPoint() ? "{" + text(lo) + "}" : "[" + text(lo) + ", " + text(hi) + "]";
    }
}
