package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Collection;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.model.VirtualMachine;

/**
 * The exact arithmetic the verdicts share (THEORY.md §6.5, §8.5): a value is the decimal it was
 * written as, and quotients are rounded up in integers. Stateless.
 */
public final class ExactDecimal {

    private ExactDecimal() {
    }

    /** Slots of the cache of {@link #of} (a power of two). */
    private static final int CACHE_SLOTS = 1 << 12;

    /** One cached conversion; its final fields make a slot safe to read from any thread. */
    private record Cached(long bits, BigDecimal value) {
    }

    /**
     * Recent conversions by the double's bits, one per slot, overwritten on a collision. The exact
     * tests convert the same task parameters thousands of times in one design or placement (the
     * budget bisection re-tests one task set at many budgets), and {@code Double.toString} is the
     * dearest step of a test; a hit returns the same immutable value. Racy writes are benign.
     */
    private static final Cached[] CACHE = new Cached[CACHE_SLOTS];

    /** The shortest decimal that reads back as this double, with a scale of at least 0. */
    public static BigDecimal of(double d) {
        long bits = Double.doubleToRawLongBits(d);
        int slot = (int) ((bits ^ (bits >>> 29) ^ (bits >>> 45)) * 0x9E3779B97F4A7C15L >>> 52) & (CACHE_SLOTS - 1);
        Cached c = CACHE[slot];
        if (c != null && c.bits() == bits) {
            return c.value();
        }
        BigDecimal b = BigDecimal.valueOf(d).stripTrailingZeros();
        BigDecimal value = b.scale() < 0 ? b.setScale(0) : b;
        CACHE[slot] = new Cached(bits, value);
        return value;
    }

    /** The decimal this double was written as, as a fraction. */
    public static BigFraction fraction(double d) {
        return fraction(of(d));
    }

    /** A decimal as a fraction. */
    public static BigFraction fraction(BigDecimal d) {
        return d.scale() <= 0 ? new BigFraction(d.toBigIntegerExact())
                : new BigFraction(d.unscaledValue(), BigInteger.TEN.pow(d.scale()));
    }

    /** Σ budget/period of {@code vms}, each VM counted once per vCPU, over {@code over} (a utilization). */
    public static double utilization(Collection<VirtualMachine> vms, int over) {
        BigFraction sum = BigFraction.ZERO;
        for (VirtualMachine vm : vms) {
            sum = sum.add(fraction(vm.budget()).divide(fraction(vm.period())).multiply(vm.vcpus()));
        }
        return nearest(sum.divide(over));
    }

    /**
     * The double nearest f: one IEEE division when numerator and denominator are exact doubles
     * (it rounds once), else through 60 significant decimal digits.
     */
    public static double nearest(BigFraction f) {
        BigInteger n = f.getNumerator();
        BigInteger d = f.getDenominator();
        if (n.bitLength() <= 53 && d.bitLength() <= 53) {
            return n.doubleValue() / d.doubleValue();
        }
        return new BigDecimal(n).divide(new BigDecimal(d), new MathContext(60)).doubleValue();
    }

    /** ⌈f⌉. */
    public static BigInteger ceil(BigFraction f) {
        return ceilDiv(f.getNumerator(), f.getDenominator());
    }

    /** ⌊f⌋. */
    public static BigInteger floor(BigFraction f) {
        return ceil(f.negate()).negate();
    }

    /** ⌈a/b⌉ for b &gt; 0. */
    public static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
    }

    /** Σ num[i]/den[i] as a reduced fraction {numerator, denominator}. */
    public static BigInteger[] sum(BigInteger[] num, BigInteger[] den) {
        BigInteger n = BigInteger.ZERO;
        BigInteger d = BigInteger.ONE;
        for (int i = 0; i < num.length; i++) {
            n = n.multiply(den[i]).add(num[i].multiply(d));
            d = d.multiply(den[i]);
            BigInteger g = n.gcd(d);
            if (g.signum() > 0) {
                n = n.divide(g);
                d = d.divide(g);
            }
        }
        return new BigInteger[] {n, d};
    }
}
