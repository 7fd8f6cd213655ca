package org.vmsched.design;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.ExactInterval;

/**
 * Rounding only in the safe direction (THEORY.md §12.5), in one place for every value the tool
 * proposes or a click sets: a period rounded into its good interval (down from a top, up from a
 * bottom), a budget rounded up. At a fixed budget a shorter period only shortens the blackout and
 * the gaps (and counts no more preemptions), and a larger budget only adds supply, so the VM's
 * tasks keep their deadlines; the bandwidth grows, so the core must be tested again. The values
 * are decimals of a stated {@link Precision}: what a person types and what the exact analysis
 * reads back (THEORY.md §6.6). Stateless.
 */
public final class SafeRounding {

    private SafeRounding() {
    }

    /**
     * How fine a proposed value is: {@code digits} significant digits, or, when {@code quantum} is
     * not null, a whole number of that quantum (a scenario's or hypervisor's time granularity).
     */
    public record Precision(int digits, BigDecimal quantum) {

        /** Six significant digits: 350/19 ≈ 18.4210 as a period. */
        public static final Precision DEFAULT = new Precision(6, null);
        /** The most digits tried when an interval is narrower than the precision asked for. */
        public static final int MAX_DIGITS = 17;

        public Precision {
            if (quantum == null && (digits < 1 || digits > MAX_DIGITS)) {
                throw new IllegalArgumentException("need 1 to " + MAX_DIGITS + " significant digits, got " + digits);
            }
            if (quantum != null && quantum.signum() <= 0) {
                throw new IllegalArgumentException("a quantum is positive, got " + quantum);
            }
        }

        /** Whole multiples of {@code q} time units (the decimal it was written as). */
        public static Precision quantum(double q) {
            return new Precision(0, BigDecimal.valueOf(q).stripTrailingZeros());
        }

        /** One digit more (a tenth of the quantum), or null past {@link #MAX_DIGITS}. */
        public Precision finer() {
            if (quantum != null) {
                return quantum.precision() - quantum.scale() < -MAX_DIGITS ? null
                        : new Precision(0, quantum.movePointLeft(1));
            }
            return digits >= MAX_DIGITS ? null : new Precision(digits + 1, null);
        }

        /** x at this precision, rounded in {@code mode} (FLOOR or CEILING for a safe side). */
        public BigDecimal round(BigFraction x, RoundingMode mode) {
            if (quantum != null) {
                BigFraction q = fraction(quantum);
                BigFraction n = x.divide(q);
                BigInteger[] qr = n.getNumerator().divideAndRemainder(n.getDenominator());
                BigInteger whole = qr[0];
                if (qr[1].signum() != 0 && mode == RoundingMode.CEILING && n.getNumerator().signum() > 0) {
                    whole = whole.add(BigInteger.ONE);
                } else if (qr[1].signum() != 0 && mode == RoundingMode.FLOOR && n.getNumerator().signum() < 0) {
                    whole = whole.subtract(BigInteger.ONE);
                }
                return quantum.multiply(new BigDecimal(whole));
            }
            if (x.getNumerator().signum() == 0) {
                return BigDecimal.ZERO;
            }
            // enough places for `digits` significant ones even at 1e-9 time units; directed rounding composes
            int places = digits + 12 - (int) Math.floor(Math.log10(Math.abs(x.doubleValue())));
            // RoundingMode's ordinals are BigDecimal's ROUND_ constants (documented), which BigFraction takes
            BigDecimal wide = x.bigDecimalValue(Math.max(places, 0) + 2, mode.ordinal());
            return wide.round(new MathContext(digits, mode));
        }
    }

    /**
     * The period to set for the end of a good interval: {@code top} true rounds its top down,
     * false its bottom up, at precision {@code p} or finer until the value lies inside the
     * interval; an isolated point that is a decimal is itself. Null when no decimal of at most
     * {@link Precision#MAX_DIGITS} digits lies inside (an isolated point such as 350/19).
     */
    public static BigDecimal periodInside(ExactInterval iv, boolean top, Precision p) {
        if (iv.isPoint() || (top && iv.hi() == null)) {
            BigFraction e = iv.lo();
            return iv.isPoint() ? decimal(e) : null;
        }
        BigFraction end = top ? iv.hi() : iv.lo();
        for (Precision q = p; q != null; q = q.finer()) {
            BigDecimal v = q.round(end, top ? RoundingMode.FLOOR : RoundingMode.CEILING);
            BigFraction f = fraction(v);
            if (v.signum() > 0 && f.compareTo(iv.lo()) >= 0 && (iv.hi() == null || f.compareTo(iv.hi()) <= 0)) {
                return strip(v, q);
            }
        }
        return null;
    }

    /** x rounded up at precision p (a budget). */
    public static BigDecimal up(BigFraction x, Precision p) {
        return strip(p.round(x, RoundingMode.CEILING), p);
    }

    /** x rounded down at precision p. */
    public static BigDecimal down(BigFraction x, Precision p) {
        return strip(p.round(x, RoundingMode.FLOOR), p);
    }

    /** The exact decimal of f when it terminates within {@link Precision#MAX_DIGITS} significant digits, else null. */
    public static BigDecimal decimal(BigFraction f) {
        try {
            BigDecimal d = new BigDecimal(f.getNumerator()).divide(new BigDecimal(f.getDenominator()));
            return d.stripTrailingZeros().precision() <= Precision.MAX_DIGITS ? d.stripTrailingZeros() : null;
        } catch (ArithmeticException e) {
            return null; // a non-terminating fraction
        }
    }

    /** A decimal as an exact fraction. */
    public static BigFraction fraction(BigDecimal d) {
        return d.scale() <= 0 ? new BigFraction(d.toBigIntegerExact())
                : new BigFraction(d.unscaledValue(), BigInteger.TEN.pow(d.scale()));
    }

    /** The decimal a double was written as, as an exact fraction. */
    public static BigFraction fraction(double d) {
        return fraction(BigDecimal.valueOf(d));
    }

    /** Trailing zeros kept to the precision's digits (18.4210 says six are meant), none past a quantum's. */
    private static BigDecimal strip(BigDecimal v, Precision p) {
        return p.quantum() != null ? v.stripTrailingZeros() : v;
    }

    /** A value for a person: {@code exact} as text (ExactInterval.text), with ≈ its six digits when it is a fraction. */
    public static String describe(BigFraction exact) {
        String t = ExactInterval.text(exact);
        if (t.contains("/")) {
            return t + " ≈ " + exact.bigDecimalValue(20, BigDecimal.ROUND_HALF_EVEN).round(new MathContext(8))
                    .setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
        }
        return t;
    }

    /** {@code value} (in time units) as a whole number of quanta, rounded down; at least one quantum. */
    public static long periodDown(double value, double quantum) {
        long q = exact(value, quantum).setScale(0, RoundingMode.FLOOR).longValueExact();
        return Math.max(q, 1);
    }

    /** Whether {@code value} (in time units) is less than one quantum, exactly (periodDown makes it 1). */
    public static boolean belowOne(double value, double quantum) {
        return exact(value, quantum).compareTo(BigDecimal.ONE) < 0;
    }

    /** {@code value} (in time units) as a whole number of quanta, rounded up. */
    public static long budgetUp(double value, double quantum) {
        return exact(value, quantum).setScale(0, RoundingMode.CEILING).longValueExact();
    }

    private static BigDecimal exact(double value, double quantum) {
        if (!(quantum > 0) || !(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("need a finite value >= 0 and a quantum > 0, got " + value + ", " + quantum);
        }
        // The decimal the value was written as, as the exact analysis reads it (THEORY.md §6.5).
        return BigDecimal.valueOf(value).divide(BigDecimal.valueOf(quantum), 30, RoundingMode.HALF_EVEN)
                .stripTrailingZeros();
    }

    /** {@code n} quanta as a value in time units (the decimal the user would type). */
    public static double units(long n, double quantum) {
        return BigDecimal.valueOf(quantum).multiply(BigDecimal.valueOf(n)).doubleValue();
    }
}
