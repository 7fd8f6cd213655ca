package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.io.ScenarioJson;

/**
 * bench/fuzz-2030-case-13097.json, a fuzzed rtds-global-periodic with a task of deadline 5·10^6 beside tasks of
 * period 10: issue 30 bounded the MPR walk (0.79 s), but the supplies read off the host's own schedule, added since
 * (§15.19, §15.20), listed every corner up to the deadline, two a period of 10 (10^6 of them) for each bound and
 * each level test: `analyze` took 157 s of CPU and 6 GB again (2026-11-29). Such a supply now gives no bound past
 * {@link GlobalEdfResponseTimes#MAX_CORNERS} corners (the other supplies still answer), and the level test tries
 * the windows of the workload only; a supply counts its corners without listing them.
 */
class CornerBoundTest {

    /** A supply given by its corners (not an MprSupply, so the generic walk), counting how often it is read. */
    private static final class Counted implements GuestSupply {
        private final MprSupply inner;
        long reads;

        Counted(MprSupply inner) {
            this.inner = inner;
        }

        @Override public int concurrency() {
            return inner.concurrency();
        }

        @Override public BigFraction rate() {
            return inner.rate();
        }

        @Override public BigFraction linearBlackout() {
            return inner.linearBlackout();
        }

        @Override public BigFraction sbf(BigFraction t) {
            reads++;
            return inner.sbf(t);
        }

        @Override public List<BigFraction> grid() {
            return inner.grid();
        }

        @Override public Scaled inTicks(BigInteger scale) {
            return inner.inTicks(scale);
        }

        @Override public List<BigFraction> corners(BigFraction lo, BigFraction hi) {
            return inner.corners(lo, hi);
        }

        @Override public long cornerCount(BigFraction lo, BigFraction hi) {
            return inner.cornerCount(lo, hi);
        }
    }

    @Test
    void aSupplyCountsItsCornersAsItListsThem() {
        MprSupply s = MprSupply.of(10, 13, 2);
        for (int[] w : new int[][] {{0, 0}, {0, 100}, {3, 57}, {10, 10}, {7, 6}, {0, 1000}}) {
            BigFraction lo = new BigFraction(w[0]);
            BigFraction hi = new BigFraction(w[1]);
            assertEquals(s.corners(lo, hi).size(), s.cornerCount(lo, hi), w[0] + ".." + w[1]);
        }
        assertEquals(1_000_000, s.cornerCount(BigFraction.ZERO, new BigFraction(5_000_000)) , 2);
    }

    @Test
    void aLongDeadlineOnASupplyOfManyCornersGivesNoBoundWithoutWalkingThem() {
        Counted supply = new Counted(MprSupply.of(10, 13, 2));
        BigFraction[] work = {new BigFraction(10), new BigFraction(10)};
        assertNull(GlobalEdfResponseTimes.response(supply, BigFraction.ONE, new BigFraction(5_000_000), work));
        assertEquals(0, supply.reads, "no corner read");
        // a deadline within the bound: walked, and the bound is the MPR walk's
        BigFraction d = new BigFraction(1000);
        BigFraction walked = GlobalEdfResponseTimes.response(supply, BigFraction.ONE, d, work);
        assertEquals(GlobalEdfResponseTimes.response(MprSupply.of(10, 13, 2), BigFraction.ONE, d, work, new long[1]), walked);
    }

    @Test
    void theFuzzedFileIsAnsweredAndStillSchedulable() throws Exception {
        var r = SystemAnalysis.analyze(ScenarioJson.load(Path.of("bench/fuzz-2030-case-13097.json")));
        assertEquals(Verdict.SCHEDULABLE, r.verdict());
        assertTrue(GlobalEdfResponseTimes.MAX_CORNERS <= 100_000);
    }
}
