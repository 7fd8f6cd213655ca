package org.vmsched.analysis.mpr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.Supply;

/**
 * The least supply of a multiprocessor periodic resource (THEORY.md §15.1): {@code budget} Θ units
 * of useful execution in every period Π, on at most {@code concurrency} m′ processors at once, none
 * at all during a first gap of {@code blackout} B. Its supply bound function is
 *
 * <pre>  sbf(t) = 0 for t ≤ B,   else j·Θ + min(m′·r, Θ),   j = ⌊(t − B)/Π⌋, r = t − B − j·Π</pre>
 *
 * With B = 2(Π − Θ/m′) this is the continuous-time MPR supply of Shin, Easwaran and Lee (ECRTS
 * 2008) ({@link #of}); a VM of k periodic virtual CPUs of budget C, period T, overhead X and at most
 * P preemptions per period gets B = 2(T − C) + (2P + 1)·X and Θ = k·(C − (1 + P)·X), m′ = k
 * ({@link #ofVirtualCpus}): k times the one-virtual-CPU supply of §6.1. Times in the scenario's
 * unit, exact fractions; never null. Immutable and thread-safe.
 */
public record MprSupply(BigFraction period, BigFraction budget, int concurrency, BigFraction blackout) implements GuestSupply {

    public MprSupply {
        if (period == null || budget == null || blackout == null) {
            throw new IllegalArgumentException("period, budget and blackout must not be null");
        }
        if (period.getNumerator().signum() <= 0) {
            throw new IllegalArgumentException("the MPR period must be positive, got " + period);
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("the MPR concurrency m' must be at least 1, got " + concurrency);
        }
        if (budget.getNumerator().signum() < 0) {
            budget = BigFraction.ZERO;
        }
        if (budget.compareTo(period.multiply(concurrency)) > 0) {
            throw new IllegalArgumentException("the MPR budget " + budget + " exceeds m'·Π = " + period.multiply(concurrency));
        }
        if (blackout.getNumerator().signum() < 0) {
            throw new IllegalArgumentException("the blackout must not be negative, got " + blackout);
        }
    }

    /** The MPR interface Γ = (Π, Θ, m′) of the paper, with its blackout 2(Π − Θ/m′). */
    public static MprSupply of(BigFraction period, BigFraction budget, int concurrency) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("the MPR concurrency m' must be at least 1, got " + concurrency);
        }
        BigFraction blackout = period.subtract(budget.divide(concurrency)).multiply(2);
        return new MprSupply(period, budget, concurrency, blackout);
    }

    /** {@link #of(BigFraction, BigFraction, int)} from the decimals the values were written as. */
    public static MprSupply of(double period, double budget, int concurrency) {
        positive(period, "MPR period");
        if (!(budget >= 0) || Double.isInfinite(budget)) {
            throw new IllegalArgumentException("the MPR budget must be a number >= 0, got " + budget);
        }
        return of(Exact.fraction(period), Exact.fraction(budget), concurrency);
    }

    /**
     * The useful supply of a VM's {@code vcpus} virtual CPUs, each the periodic server
     * {@code perVcpu} (its period, budget, overhead and preemptions per period as in THEORY.md
     * §6.1): the sum of k copies of that server's supply, read exactly through
     * {@link Supply#exactBlackout()} and {@link Supply#exactChunk()}. Only periodic servers: a
     * deferrable virtual CPU may find no ready job while its siblings run, which §6.1's deferrable
     * bounds do not cover (§15.2).
     *
     * @throws IllegalArgumentException for a deferrable server, a late start or k &lt; 1
     */
    public static MprSupply ofVirtualCpus(int vcpus, Supply perVcpu) {
        if (vcpus < 1) {
            throw new IllegalArgumentException("vcpus must be at least 1, got " + vcpus);
        }
        if (perVcpu.kind() != Supply.Kind.PERIODIC || perVcpu.start() != 0) {
            throw new IllegalArgumentException("the MPR supply of several virtual CPUs is derived for periodic servers"
                    + " starting with their tasks only (THEORY.md §15.2), got " + perVcpu.kind());
        }
        BigFraction period = Exact.fraction(perVcpu.period());
        BigFraction chunk = Exact.fraction(perVcpu.exactChunk());
        BigFraction blackout = Exact.fraction(perVcpu.exactBlackout());
        if (chunk.getNumerator().signum() <= 0) {
            chunk = BigFraction.ZERO;
        }
        return new MprSupply(period, chunk.multiply(vcpus), vcpus, blackout);
    }

    /** Θ/Π, the long-run rate of useful supply. */
    @Override
    public BigFraction rate() {
        return budget.divide(period);
    }

    /** Θ/m′, the length of one period's supply when all m′ processors serve at once. */
    public BigFraction chunkLength() {
        return budget.divide(concurrency);
    }

    /** The least useful supply in any window of length {@code t} (the class comment's formula). */
    @Override
    public BigFraction sbf(BigFraction t) {
        if (t.compareTo(blackout) <= 0 || budget.getNumerator().signum() == 0) {
            return BigFraction.ZERO;
        }
        BigFraction s = t.subtract(blackout);
        BigInteger j = Exact.floor(s.divide(period));
        BigFraction r = s.subtract(period.multiply(j));
        BigFraction partial = r.multiply(concurrency);
        if (partial.compareTo(budget) > 0) {
            partial = budget;
        }
        return budget.multiply(j).add(partial);
    }

    /** {@link #sbf(BigFraction)} at the decimal {@code t} was written as, rounded to a double. */
    public double sbf(double t) {
        if (!(t >= 0) || Double.isInfinite(t)) {
            throw new IllegalArgumentException("the window length must be a number >= 0, got " + t);
        }
        return sbf(Exact.fraction(t)).doubleValue();
    }

    /**
     * The paper's linear lower bound (ECRTS 2008, Eq. 2) written with this supply's blackout:
     * (Θ/Π)·(t − B − 2), the 2 being two time units of the paper's integer time. With
     * B = 2(Π − Θ/m′) it is the paper's (Θ/Π)(t − 2(Π − Θ/m′) − 2). Negative for short windows.
     */
    public BigFraction lsbf(BigFraction t) {
        return rate().multiply(t.subtract(blackout).subtract(2));
    }

    /** The tight linear lower bound (Θ/Π)·(t − B) of the continuous-time sbf, used for the test's horizon. */
    public BigFraction linearBound(BigFraction t) {
        return rate().multiply(t.subtract(blackout));
    }

    /** B: sbf(t) ≥ (Θ/Π)·(t − B) (§15.1's linear bound). */
    @Override
    public BigFraction linearBlackout() {
        return blackout;
    }

    @Override
    public List<BigFraction> grid() {
        return List.of(period, budget, blackout, chunkLength());
    }

    /** The corners B + jΠ (where the slope rises to m′) and B + jΠ + Θ/m′ in [lo, hi]. */
    @Override
    public long cornerCount(BigFraction lo, BigFraction hi) {
        long n = 0;
        for (BigFraction offset : List.of(blackout, blackout.add(chunkLength()))) {
            BigInteger first = Exact.ceil(lo.subtract(offset).divide(period)).max(BigInteger.ZERO);
            BigInteger last = Exact.floor(hi.subtract(offset).divide(period));
            n += last.compareTo(first) < 0 ? 0 : last.subtract(first).add(BigInteger.ONE).min(BigInteger.valueOf(Long.MAX_VALUE / 4)).longValueExact();
        }
        return n;
    }

    @Override
    public List<BigFraction> corners(BigFraction lo, BigFraction hi) {
        List<BigFraction> out = new ArrayList<>();
        for (BigFraction offset : List.of(blackout, blackout.add(chunkLength()))) {
            BigInteger j = Exact.ceil(lo.subtract(offset).divide(period)).max(BigInteger.ZERO);
            for (BigFraction x = offset.add(period.multiply(j)); x.compareTo(hi) <= 0; x = x.add(period)) {
                out.add(x);
            }
        }
        out.sort(null);
        return out;
    }

    @Override
    public Scaled inTicks(BigInteger scale) {
        long p = Exact.ticks(period, scale);
        long theta = Exact.ticks(budget, scale);
        long b = Exact.ticks(blackout, scale);
        long chunk = Exact.ticks(chunkLength(), scale);
        int m = concurrency;
        return new Scaled() {
            @Override
            public long sbf(long t) {
                if (t <= b || theta == 0) {
                    return 0;
                }
                long s = t - b;
                long j = s / p;
                long r = s - j * p;
                return Math.addExact(Math.multiplyExact(j, theta), Math.min(Math.multiplyExact((long) m, r), theta));
            }

            @Override
            public long corners(long lo, long hi, LongConsumer f) {
                long n = 0;
                for (long start : new long[] {b, b + chunk}) {
                    long first = start >= lo ? start : start + Math.floorDiv(lo - start + p - 1, p) * p;
                    if (first > hi) {
                        continue;
                    }
                    n += (hi - first) / p + 1;
                    for (long t = first; f != null && t <= hi; t += p) {
                        f.accept(t);
                    }
                }
                return n;
            }
        };
    }

    private static void positive(double v, String what) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("the " + what + " must be a positive number, got " + v);
        }
    }
}
