package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.Verdict;

/** Bertogna–Cirinei response times of global EDF with slack, continuous time, on MPR and at the host (THEORY.md §15.16). */
class GlobalEdfResponseTimesTest {

    private static final List<GlobalTask> BCL_EXAMPLE = List.of(GlobalTask.of(20, 30, 30), GlobalTask.of(20, 30, 30),
            GlobalTask.of(5, 30, 30));

    @Test
    void bclExampleOneIsBoundedAtTwentyFiveForEveryTask() {
        // τ1: g(R) = 2R − 40 − min(20, R − 20) − min(5, R − 20) is 0 on [20, 25] and rises after: R = 25;
        // τ3: g(R) = 2R − 10 − 2·min(20, R − 5) is 0 at 25 and rises after: R = 25
        GlobalEdfResponseTimes.Bounds b = GlobalEdfResponseTimes.onMpr(
                new MprSupply(BigFraction.ONE, new BigFraction(2), 2, BigFraction.ZERO), BCL_EXAMPLE);
        assertEquals(Verdict.SCHEDULABLE, b.result().verdict(), b.result().reason());
        assertEquals(List.of(new BigFraction(25), new BigFraction(25), new BigFraction(25)), b.responseTimes());
    }

    @Test
    void aServerWhoseInterferenceEqualsItsSlackIsProvedWhereBclsStrictFormIsNot() {
        // b (1, 5) among two deferrable (4, 10) on 2 cores: each interferes min(4, ·), 8 = 2·(5 − 1): BCL's '<' fails;
        // a miss needs more than 4 of waiting, which 8 of work on 2 cores cannot make: R = 1 + 4 = 5
        List<VcpuServer> servers = List.of(VcpuServer.of(4, 10, true), VcpuServer.of(4, 10, true), VcpuServer.of(1, 5, true));
        assertEquals(Verdict.UNDECIDED, HostGlobalEdf.bertognaCirineiLipari(2, servers).verdict());
        GlobalEdfResponseTimes.Bounds b = GlobalEdfResponseTimes.host(2, servers);
        assertEquals(Verdict.SCHEDULABLE, b.result().verdict(), b.result().reason());
        assertEquals(new BigFraction(5), b.responseTimes().get(2));
    }

    /**
     * The test's work is bounded: past its bound it stops, undecided and saying so, where a user trial's
     * host of 6,400 vCPUs of 100 periods (analyze, 64 cores) ran for more than 10 minutes. The same
     * host with the bound out of reach gets its answer, so the stop is the bound's.
     */
    @Test
    void theTestStopsUndecidedAtItsWorkBound() {
        List<VcpuServer> servers = List.of(VcpuServer.of(4, 10, true), VcpuServer.of(4, 10, true), VcpuServer.of(1, 5, true));
        GlobalEdfResponseTimes.Bounds whole = GlobalEdfResponseTimes.host(2, servers, GlobalEdfResponseTimes.MAX_TERMS);
        assertEquals(Verdict.SCHEDULABLE, whole.result().verdict(), whole.result().reason());
        GlobalEdfResponseTimes.Bounds cut = GlobalEdfResponseTimes.host(2, servers, 5);
        assertEquals(Verdict.UNDECIDED, cut.result().verdict());
        assertTrue(cut.result().reason().contains("stopped after 5 terms of its iteration (the test's work bound)")
                && cut.result().reason().contains("this is no proof of a miss"), cut.result().reason());
        assertTrue(cut.responseTimes().isEmpty());
    }

    @Test
    void slackOfPeriodicServersLowersTheCarryInButADeferrableServerKeepsNone() {
        // three (3, 6) servers and one (2, 12) on 2 cores: the (2, 12) server's window of 12 holds two whole jobs
        // of each (3, 6): 12 each, min(12, 10) = 10, 30 ≥ 2·10; with or without slack the aligned jobs are whole
        List<VcpuServer> periodic = List.of(VcpuServer.of(3, 6, false), VcpuServer.of(3, 6, false),
                VcpuServer.of(3, 6, false), VcpuServer.of(2, 12, false));
        GlobalEdfResponseTimes.Bounds p = GlobalEdfResponseTimes.host(2, periodic);
        List<VcpuServer> deferrable = periodic.stream().map(v -> new VcpuServer(v.budget(), v.period(), true)).toList();
        GlobalEdfResponseTimes.Bounds d = GlobalEdfResponseTimes.host(2, deferrable);
        // never better for deferrable servers than for periodic ones (slack 0 is the start of the iteration)
        assertTrue(p.result().schedulable() || !d.result().schedulable());
        if (p.result().schedulable() && d.result().schedulable()) {
            for (int i = 0; i < 4; i++) {
                assertTrue(p.responseTimes().get(i).compareTo(d.responseTimes().get(i)) <= 0);
            }
        }
    }

    @Test
    void aLoadAboveTheSupplyRateIsNotSchedulableAndAFailIsOnlyUndecided() {
        MprSupply half = MprSupply.of(new BigFraction(10), new BigFraction(5), 1);
        assertEquals(Verdict.NOT_SCHEDULABLE, GlobalEdfResponseTimes.onMpr(half, List.of(GlobalTask.of(6, 10, 10))).result().verdict());
        MprResult r = GlobalEdfResponseTimes.onMpr(half, List.of(GlobalTask.of(4, 10, 10))).result();
        // the blackout 10 alone is the deadline: no bound within it
        assertEquals(Verdict.UNDECIDED, r.verdict());
        assertTrue(r.reason().contains("no proof of a miss"), r.reason());
    }

    @Test
    void onAPeriodicResourceTheBoundIsTheSupplysInverse() {
        // one task (2, 20, 20) on Π = 10, Θ = 5, m′ = 1, B = 10: sbf(R) > 2 first after R = 12, so R = 12
        MprSupply half = MprSupply.of(new BigFraction(10), new BigFraction(5), 1);
        GlobalEdfResponseTimes.Bounds b = GlobalEdfResponseTimes.onMpr(half, List.of(GlobalTask.of(2, 20, 20)));
        assertEquals(List.of(new BigFraction(12)), b.responseTimes());
    }

    /**
     * Issue 30 item 1 (bench/fuzz-2030-case-13097.json, -19587.json): a task of period 10^5 beside
     * two of period 10 on a supply of period 10. The walk evaluated g at every corner of the supply
     * up to D_k + Π, two a period (20,002 here, 10^6 and 4·10^7 in the fuzzed files: gigabytes and
     * minutes); g is linear in the period's index between the workload's corners, so a handful
     * suffice, and the bound is the walk's to the last digit.
     */
    @Test
    void aLongTaskBesideShortOnesIsBoundedWithoutVisitingEveryPeriodOfTheSupply() {
        MprSupply supply = MprSupply.of(10, 13, 2);
        List<GlobalTask> tasks = List.of(GlobalTask.of(5, 10, 10), GlobalTask.of(5, 10, 10), GlobalTask.of(1, 100_000, 100_000));
        BigFraction[] slack = {BigFraction.ZERO, BigFraction.ZERO, BigFraction.ZERO};
        long[] evaluations = new long[1];
        BigFraction r = GlobalEdfResponseTimes.response(supply, tasks, 2, slack, evaluations);
        assertEquals(ResponseByWalk.response(supply, tasks, 2, slack), r);
        assertTrue(evaluations[0] <= 100, evaluations[0] + " evaluations of g");
    }

    /** The skipping walk against the corner-by-corner one, on random supplies, tasks and slacks: the same bound or none. */
    @Test
    void theSkippingWalkAgreesWithTheCornerByCornerWalk() {
        Random rnd = new Random(30);
        for (int trial = 0; trial < 3_000; trial++) {
            int m = 1 + rnd.nextInt(3);
            BigFraction period = new BigFraction(1 + rnd.nextInt(12), 1 + rnd.nextInt(2));
            BigFraction budget = trial % 10 == 0 ? period.multiply(m) : period.multiply(m).multiply(new BigFraction(rnd.nextInt(21), 20));
            MprSupply supply = trial % 7 == 0
                    ? new MprSupply(period, budget, m, new BigFraction(rnd.nextInt(30), 1 + rnd.nextInt(3)))
                    : MprSupply.of(period, budget, m);
            int n = 1 + rnd.nextInt(5);
            List<GlobalTask> tasks = new ArrayList<>();
            BigFraction[] slack = new BigFraction[n];
            for (int i = 0; i < n; i++) {
                int t = 2 + rnd.nextInt(rnd.nextBoolean() ? 20 : 400);
                int dl = 1 + rnd.nextInt(t);
                int c = 1 + rnd.nextInt(dl);
                tasks.add(GlobalTask.of(c, dl, t));
                slack[i] = new BigFraction(rnd.nextInt(dl - c + 1));
            }
            if (rnd.nextBoolean()) {
                Arrays.fill(slack, BigFraction.ZERO);
            }
            for (int k = 0; k < n; k++) {
                assertEquals(ResponseByWalk.response(supply, tasks, k, slack),
                        GlobalEdfResponseTimes.response(supply, tasks, k, slack),
                        "trial " + trial + ", task " + k + " of " + tasks + " on " + supply);
            }
        }
    }
}
