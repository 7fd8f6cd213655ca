package org.vmsched.analysis.mpr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.LongConsumer;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * A VM's supply level by level, read off the host's own schedule (THEORY.md §15.20): Z_ℓ(t), the
 * least time in a window of length t during which at least ℓ of its vCPUs hold a core at once, for
 * ℓ = 1 … m′, each the least supply of one processor ({@link ScheduleSupply}). A job that runs for c
 * in a window can take at most c from each level, so it leaves the others at least
 * room(t, c) = Σ_ℓ max(0, Z_ℓ(t) − c) on a subset of measure t − c of the instants it does not run,
 * where sbf(t) − m′·c counts it as running while all m′ serve. sbf(t) here is Σ_ℓ Z_ℓ(t), a lower
 * bound (the joint least supply may exceed it: the levels' least windows may differ). Immutable and
 * thread-safe.
 */
public final class LevelSupply implements GuestSupply {

    private final int vcpus;
    /** Z_1 … Z_m′, levels never reached left out (Z ≡ 0 there adds nothing). */
    private final List<ScheduleSupply> levels;
    private final BigFraction rate;
    private final BigFraction linearBlackout;

    private LevelSupply(int vcpus, List<ScheduleSupply> levels) {
        this.vcpus = vcpus;
        this.levels = List.copyOf(levels);
        BigFraction r = BigFraction.ZERO;
        BigFraction weighted = BigFraction.ZERO;
        for (ScheduleSupply z : levels) {
            r = r.add(z.rate());
            weighted = weighted.add(z.rate().multiply(z.linearBlackout()));
        }
        this.rate = r;
        // Σ Z_ℓ(t) ≥ Σ ρ_ℓ(t − B_ℓ) = ρ(t − Σ ρ_ℓ B_ℓ / ρ)
        this.linearBlackout = r.getNumerator().signum() == 0 ? BigFraction.ZERO : weighted.divide(r);
    }

    /** The levels, or why there are none. Immutable. */
    public record Built(LevelSupply supply, String reason) {
    }

    /**
     * The levels of a VM of {@code vcpus} vCPUs from its usable intervals {@code u}, for windows
     * starting at or after {@code lowestStart} ticks; none when a level's table would pass
     * {@link ScheduleSupply#MAX_WORK} or the first level has no supply.
     */
    public static Built of(HostSchedule.Usable u, int vcpus, long lowestStart) {
        List<ScheduleSupply> out = new ArrayList<>();
        for (int level = 1; level <= vcpus; level++) {
            ScheduleSupply.Built z = ScheduleSupply.of(ScheduleSupply.atLeast(u, level), 1, lowestStart);
            if (z.supply() == null && level == 1) {
                return new Built(null, z.reason());
            }
            if (z.supply() == null && z.reason().equals(ScheduleSupply.NO_SUPPLY)) {
                break; // this level is never reached in the steady schedule, nor any above it
            }
            if (z.supply() == null) {
                return new Built(null, "level " + level + ": " + z.reason());
            }
            out.add(z.supply());
        }
        return new Built(new LevelSupply(vcpus, out), null);
    }

    /** Z_1 … Z_ℓ, each the least supply of one processor: the levels the schedule reaches. */
    public List<ScheduleSupply> levels() {
        return levels;
    }

    @Override
    public int concurrency() {
        return vcpus;
    }

    @Override
    public BigFraction rate() {
        return rate;
    }

    @Override
    public BigFraction linearBlackout() {
        return linearBlackout;
    }

    @Override
    public BigFraction sbf(BigFraction t) {
        BigFraction v = BigFraction.ZERO;
        for (ScheduleSupply z : levels) {
            v = v.add(z.sbf(t));
        }
        return v;
    }

    @Override
    public BigFraction room(BigFraction t, BigFraction c) {
        BigFraction v = BigFraction.ZERO;
        for (ScheduleSupply z : levels) {
            BigFraction left = z.sbf(t).subtract(c);
            v = left.getNumerator().signum() > 0 ? v.add(left) : v;
        }
        return v;
    }

    @Override
    public String roomText() {
        return "Σ_l max(0, Z_l(D) − C)";
    }

    @Override
    public List<BigFraction> grid() {
        List<BigFraction> out = new ArrayList<>();
        levels.forEach(z -> out.addAll(z.grid()));
        return out;
    }

    @Override
    public List<BigFraction> corners(BigFraction lo, BigFraction hi) {
        TreeSet<BigFraction> out = new TreeSet<>();
        levels.forEach(z -> out.addAll(z.corners(lo, hi)));
        return List.copyOf(out);
    }

    /** The levels' corners and, per level, the length where Z_ℓ reaches c (max(0, Z_ℓ − c) turns up there). */
    @Override
    public List<BigFraction> roomCorners(BigFraction lo, BigFraction hi, BigFraction c) {
        TreeSet<BigFraction> out = new TreeSet<>(corners(lo, hi));
        for (ScheduleSupply z : levels) {
            BigFraction x = z.reach(c);
            if (x != null && x.compareTo(lo) >= 0 && x.compareTo(hi) <= 0) {
                out.add(x);
            }
        }
        return List.copyOf(out);
    }

    @Override
    public long cornerCount(BigFraction lo, BigFraction hi) {
        long n = 0;
        for (ScheduleSupply z : levels) {
            n += z.cornerCount(lo, hi);
        }
        return n;
    }

    @Override
    public Scaled inTicks(BigInteger scale) {
        List<Scaled> z = new ArrayList<>();
        for (ScheduleSupply s : levels) {
            z.add(s.inTicks(scale));
        }
        return new Scaled() {
            @Override
            public long sbf(long t) {
                long v = 0;
                for (Scaled s : z) {
                    v = Math.addExact(v, s.sbf(t));
                }
                return v;
            }

            @Override
            public long corners(long lo, long hi, LongConsumer f) {
                long count = 0;
                for (Scaled s : z) {
                    count += s.corners(lo, hi, f);
                }
                return count;
            }

            /**
             * Σ_ℓ max(0, Z_ℓ(t) − c), a level counted only when it reached c a tick before: where Z_ℓ
             * reaches c between two ticks, max(0, Z_ℓ − c) turns up in between, and the checks, which
             * read whole ticks, take the line from 0 to the next tick's value under it instead.
             */
            @Override
            public long room(long t, long c, int m) {
                long v = 0;
                for (Scaled s : z) {
                    boolean reached = t > 0 ? s.sbf(t - 1) >= c : c <= 0;
                    v = reached ? Math.addExact(v, s.sbf(t) - c) : v;
                }
                return v;
            }

            @Override
            public long roomCorners(long lo, long hi, long c, LongConsumer f) {
                long count = corners(lo, hi, f);
                for (Scaled s : z) {
                    long x = firstReaching(s, c, hi);
                    for (long y = Math.max(lo, x - 1); x >= 0 && y <= Math.min(hi, x); y++) {
                        count++;
                        if (f != null) {
                            f.accept(y);
                        }
                    }
                }
                return count;
            }
        };
    }

    /** The least tick x ≤ {@code hi} with z(x) ≥ c, or −1 when none (z is non-decreasing). */
    private static long firstReaching(Scaled s, long c, long hi) {
        if (hi < 0 || s.sbf(hi) < c) {
            return -1;
        }
        long lo = -1;
        long top = hi;
        while (top - lo > 1) { // z(lo) < c ≤ z(top), z(−1) read as below c
            long mid = lo + (top - lo) / 2;
            if (s.sbf(mid) >= c) {
                top = mid;
            } else {
                lo = mid;
            }
        }
        return top;
    }
}
