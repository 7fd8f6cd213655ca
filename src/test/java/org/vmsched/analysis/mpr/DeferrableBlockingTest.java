package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;

/**
 * §15.14's blocked time Ī_v of a deferrable vCPU sharing the cores: the largest y with
 * Σ_{i≠v} min(W_i(T_v), y) ≥ M·y, computed by hand on small hosts.
 */
class DeferrableBlockingTest {

    private static VcpuServer server(long c, long t) {
        return new VcpuServer(new BigFraction(c), new BigFraction(t), true);
    }

    private static List<VcpuServer> servers(long[]... ct) {
        List<VcpuServer> out = new ArrayList<>();
        for (long[] x : ct) {
            out.add(server(x[0], x[1]));
        }
        return out;
    }

    @Test
    void fewerOthersThanCoresNeverBlock() {
        assertEquals(BigFraction.ZERO, DeferrableVcpus.blocked(3, servers(new long[] {4, 10}, new long[] {4, 10},
                new long[] {9, 10}), 0));
    }

    @Test
    void asManyOthersAsCoresBlockWhileTheLighterOfThemRuns() {
        // v = (4, 10) on 2 cores beside (4, 10) and (1, 5): in a window of 10 they work 4 and 2·1 = 2;
        // f(y) = min(4, y) + min(2, y) − 2y is 0 up to 2 and falls after it: Ī = 2
        assertEquals(new BigFraction(2), DeferrableVcpus.blocked(2, servers(new long[] {4, 10}, new long[] {4, 10},
                new long[] {1, 5}), 0));
    }

    @Test
    void theRootMayFallInsideASegment() {
        // v = (1, 10) on 1 core beside (3, 10) and (4, 10): f(y) = min(3, y) + min(4, y) − y is y up to 3,
        // 3 on [3, 4] and 7 − y past 4: Ī = 7 (then C + Ī is capped at T by the caller)
        assertEquals(new BigFraction(7), DeferrableVcpus.blocked(1, servers(new long[] {1, 10}, new long[] {3, 10},
                new long[] {4, 10}), 0));
        // the same with 2 cores: slope 0 up to 3, then −1: f(3) = 0, Ī = 3
        assertEquals(new BigFraction(3), DeferrableVcpus.blocked(2, servers(new long[] {1, 10}, new long[] {3, 10},
                new long[] {4, 10}), 0));
    }

    @Test
    void aFractionalRootIsExact() {
        // v = (1, 6) on 2 cores beside three (2, 6): f(y) = 3·min(2, y) − 2y = y up to 2, then 6 − 2y: Ī = 3
        assertEquals(new BigFraction(3), DeferrableVcpus.blocked(2, servers(new long[] {1, 6}, new long[] {2, 6},
                new long[] {2, 6}, new long[] {2, 6}), 0));
        // four others (2, 6), (2, 6), (2, 6), (1, 6) on 3 cores: f = 3 min(2, y) + min(1, y) − 3y is y up to 1, then
        // 1 up to 2 (slope 0), then 7 − 3y: Ī = 7/3
        assertEquals(new BigFraction(7, 3), DeferrableVcpus.blocked(3, servers(new long[] {1, 6}, new long[] {2, 6},
                new long[] {2, 6}, new long[] {2, 6}, new long[] {1, 6}), 0));
    }
}
