package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterProperty;
import org.vmsched.JudgedTries;

/**
 * The hypervisor-level response times (THEORY.md §6.2) through {@link FixedPoint} with release
 * jitter give exactly the least fixed point of the plain iteration: the same R to the last tick,
 * and "passes Ti" exactly when the plain one says so (THEORY.md §10.1). Also on a chunked supply,
 * where the jump's jitter term V = Σ Cj·Jj/Tj meets a blackout and a gap.
 */
class HypervisorFixedPointProperties {
    /** Counts the tries each property judged: a property that judged fewer than half of them fails. */
    private final JudgedTries judged = new JudgedTries();

    @AfterProperty
    void atLeastHalfTheTriesWereJudged() {
        judged.assertAtLeastHalfJudged();
    }

    /** A VM as a task: {c, t, jitter}, the jitter 0 (periodic) or T − C (deferrable) or anything up to 2T. */
    @Provide
    Arbitrary<List<long[]>> vmSets() {
        Arbitrary<long[]> vm = Arbitraries.integers().between(1, 2000).flatMap(t ->
                Arbitraries.integers().between(1, t).flatMap(c ->
                        Arbitraries.oneOf(Arbitraries.just(0L), Arbitraries.just((long) (t - c)),
                                        Arbitraries.longs().between(0, 2L * t))
                                .map(j -> new long[] {c, t, j})));
        return vm.list().ofMinSize(1).ofMaxSize(7);
    }

    private static BigInteger[] column(List<long[]> vms, int k) {
        BigInteger[] out = new BigInteger[vms.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = BigInteger.valueOf(vms.get(i)[k]);
        }
        return out;
    }

    @Property(tries = 1500, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
    void theCoreTestEqualsThePlainIteration(@ForAll("vmSets") List<long[]> vms, @ForAll @IntRange(max = 6) int pick,
                                            @ForAll @IntRange(min = 1, max = 3) int limitFactor) {
        int i = pick % vms.size();
        BigInteger[] c = column(vms, 0);
        BigInteger[] t = column(vms, 1);
        BigInteger[] j = column(vms, 2);
        List<Integer> hep = new ArrayList<>();
        for (int k = 0; k < vms.size(); k++) {
            if (k != i) {
                hep.add(k);
            }
        }
        // the plain iteration stops above t[i]; raise the limit to see fixed points beyond it too
        BigInteger[] tl = t.clone();
        tl[i] = t[i].multiply(BigInteger.valueOf(limitFactor));
        BigInteger plain = HypervisorTest.plainResponseTime(c, tl, j, i, hep);
        BigInteger fast = HypervisorTest.responseTime(c, tl, j, i, hep, new FixedPoint.Work());
        assertEquals(plain, fast, () -> vms.stream().map(java.util.Arrays::toString).toList() + " i=" + i);
    }

    @Property(tries = 1500, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
    void withJitterOnAnySupplyTheFixedPointIsThePlainOne(@ForAll("vmSets") List<long[]> tasks,
                                                         @ForAll @IntRange(min = 1, max = 400) int period,
                                                         @ForAll @IntRange(min = 1, max = 400) int chunkPick,
                                                         @ForAll @IntRange(min = 0, max = 800) int blackout,
                                                         @ForAll @IntRange(min = 1, max = 3000) int own,
                                                         @ForAll @IntRange(min = 1, max = 100_000) int limit) {
        long chunk = 1 + chunkPick % period;
        BigInteger[] c = column(tasks, 0);
        BigInteger[] t = column(tasks, 1);
        BigInteger[] j = column(tasks, 2);
        Long plain = plain(blackout, chunk, period, own, tasks, limit);
        judged.assume(plain == null || plain != Long.MIN_VALUE);
        BigInteger fast = FixedPoint.responseTime(BigInteger.valueOf(blackout), BigInteger.valueOf(chunk),
                BigInteger.valueOf(period), BigInteger.valueOf(own), c, t, j, BigInteger.valueOf(limit),
                new FixedPoint.Work());
        assertEquals(plain == null ? null : BigInteger.valueOf(plain), fast,
                () -> "B=" + blackout + " Θ=" + chunk + " T=" + period + " own=" + own + " limit=" + limit + " "
                        + tasks.stream().map(java.util.Arrays::toString).toList());
    }

    /** R = finv(own + Σ ⌈(R + Jj)/Tj⌉·Cj) from finv(own + Σ Cj); null above the limit, MIN_VALUE if too long. */
    private static Long plain(long b, long chunk, long period, long own, List<long[]> tasks, long limit) {
        long w = own;
        for (long[] x : tasks) {
            w += x[0];
        }
        long r = finv(b, chunk, period, w);
        for (int step = 0; step < 1_000_000; step++) {
            if (r > limit) {
                return null;
            }
            long next = own;
            for (long[] x : tasks) {
                next += FixedPoint.ceilDiv(r + x[2], x[1]) * x[0];
            }
            long g = finv(b, chunk, period, next);
            if (g <= r) {
                return r;
            }
            r = g;
        }
        return Long.MIN_VALUE;
    }

    private static long finv(long b, long chunk, long period, long w) {
        return b + w + (FixedPoint.ceilDiv(w, chunk) - 1) * (period - chunk);
    }
}
