package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.analysis.Verdict;

/** The sufficient global tests of THEORY.md §15.3–§15.6 on worked cases. */
class GlobalTestsTest {

    /** Bertogna, Cirinei and Lipari (2005), Example 1: (C, D, T) = (20, 30, 30) twice and (5, 30, 30) on two processors. */
    private static final List<GlobalTask> BCL_EXAMPLE = List.of(
            GlobalTask.implicit(20, 30), GlobalTask.implicit(20, 30), GlobalTask.implicit(5, 30));

    private static final MprSupply TWO_PROCESSORS = MprSupply.of(1, 2, 2);

    @Test
    void bclExampleOneFailsGfbAndPassesBcl() {
        List<VcpuServer> servers = List.of(VcpuServer.of(20, 30, false), VcpuServer.of(20, 30, false),
                VcpuServer.of(5, 30, false));
        MprResult gfb = HostGlobalEdf.goossensFunkBaruah(2, servers);
        // U = 1.5 > 2 − (2 − 1)·2/3 = 4/3
        assertEquals(Verdict.UNDECIDED, gfb.verdict());
        assertFalse(gfb.limitReached());
        assertTrue(gfb.reason().contains("1.5"), gfb.reason());
        assertTrue(HostGlobalEdf.bertognaCirineiLipari(2, servers).schedulable());
        assertTrue(GlobalEdfOnMpr.bertognaCirineiLipari(TWO_PROCESSORS, BCL_EXAMPLE).schedulable());
    }

    @ParameterizedTest(name = "BCL example, task {0}: I = {1}")
    @CsvSource({
        // the interference on task k from each other task, BCL's ⌊D/T⌋C + min(C, D mod T) capped at D − C
        "2, 0, 20",     // τ1 on τ3: 20 ≤ 25
        "2, 1, 20",
        "0, 1, 20",     // τ2 on τ1: 20, capped at D − C = 10 in the sum
        "0, 2, 5",
    })
    void bclInterferenceOfTheExample(int k, int i, long expected) {
        Ticks tk = new Ticks(TWO_PROCESSORS, BCL_EXAMPLE);
        assertEquals(expected, Interference.edfInterference(tk, i, tk.deadline[k]));
    }

    @ParameterizedTest(name = "SEL on two processors, task {0}, t = {1}: DEM = {2}")
    @CsvSource({
        // worked in THEORY.md §15.3: DEM = m′C_k + Σ Î + the m′ − 1 largest (Ī − Î)
        "2, 30, 50",
        "0, 30, 55",
        "0, 45, 80",
        "0, 60, 110",
    })
    void shinEaswaranLeeDemandOfTheBclExample(int k, long t, long expected) {
        Ticks tk = new Ticks(TWO_PROCESSORS, BCL_EXAMPLE);
        assertEquals(1, tk.scale.intValue());
        assertEquals(expected, GlobalEdfOnMpr.demand(tk, k, t));
        assertTrue(GlobalEdfOnMpr.demand(tk, k, t) <= tk.sbf(t));
    }

    @Test
    void shinEaswaranLeePassesTheBclExampleOnTwoWholeProcessors() {
        MprResult r = GlobalEdfOnMpr.shinEaswaranLee(TWO_PROCESSORS, BCL_EXAMPLE);
        assertEquals(Verdict.SCHEDULABLE, r.verdict(), r.reason());
        assertTrue(r.points() > 0);
    }

    /**
     * Two jobs of C = D = 1 released together on one whole processor: one misses. At t = 1 for the
     * second, DEM = 1·1 + min(1, t − C) = 1 = sbf(1): with a supply that is full over the window
     * (sbf(t) = m′t) a miss only forces DEM ≥ sbf, so equality must fail (THEORY.md §15.3). Found by
     * GlobalSoundnessProperties.
     */
    @Test
    void demandEqualToAFullSupplyIsNoProof() {
        List<GlobalTask> tasks = List.of(GlobalTask.of(1, 1, 13), GlobalTask.of(1, 1, 12));
        MprResult r = GlobalEdfOnMpr.shinEaswaranLee(MprSupply.of(3, 3, 1), tasks);
        assertEquals(Verdict.UNDECIDED, r.verdict(), r.reason());
        assertEquals(new BigFraction(1), r.witness());
    }

    /** Below a full supply, equality is enough: DEM = sbf at t = 8 for MPR(5, 3, 2) would pass. */
    @Test
    void demandEqualToAPartialSupplyPasses() {
        Ticks tk = new Ticks(MprSupply.of(5, 3, 2), List.of(GlobalTask.of(1, 8, 8)));
        // m′C = 2 = sbf(8) < 2·8
        assertTrue(GlobalEdfOnMpr.holds(tk, 0, GlobalEdfOnMpr.demand(tk, 0, 8), 8));
    }

    @Test
    void aFailingSufficientTestIsUndecidedWithItsWindowNotAMiss() {
        // B = 2(10 − 6) = 8, sbf(10) = 4 < m′·C = 10
        MprSupply s = MprSupply.of(10, 12, 2);
        List<GlobalTask> tasks = List.of(GlobalTask.implicit(5, 10), GlobalTask.implicit(5, 10));
        for (MprResult r : List.of(GlobalEdfOnMpr.shinEaswaranLee(s, tasks), GlobalEdfOnMpr.bertognaCirineiLipari(s, tasks),
                GlobalRmOnMpr.bertognaCirineiLipari(s, tasks))) {
            assertEquals(Verdict.UNDECIDED, r.verdict(), r.test());
            assertFalse(r.limitReached(), r.test());
            assertEquals(new BigFraction(10), r.witness(), r.test());
            assertTrue(r.reason().contains("no proof of a miss"), r.reason());
        }
    }

    @Test
    void aLoadAboveTheSupplyRateIsNotSchedulable() {
        MprResult r = GlobalEdfOnMpr.shinEaswaranLee(MprSupply.of(10, 12, 2),
                List.of(GlobalTask.implicit(7, 10), GlobalTask.implicit(6, 10)));
        assertEquals(Verdict.NOT_SCHEDULABLE, r.verdict());
        assertTrue(r.reason().contains("1.3"), r.reason());
        assertEquals(Verdict.NOT_SCHEDULABLE, HostGlobalEdf.bertognaCirineiLipari(1,
                List.of(VcpuServer.of(6, 10, false), VcpuServer.of(5, 10, false))).verdict());
    }

    @Test
    void theTestIsUndecidedWhereItsHorizonIsInfiniteOrTooLong() {
        MprResult equal = GlobalEdfOnMpr.shinEaswaranLee(MprSupply.of(10, 10, 2), List.of(GlobalTask.implicit(10, 10)));
        assertEquals(Verdict.UNDECIDED, equal.verdict());
        assertTrue(equal.limitReached());
        assertTrue(equal.reason().contains("infinite"), equal.reason());
        // ρ − U = 0.001: A_k runs to about 10^6 in steps of 1
        MprResult longCheck = GlobalEdfOnMpr.shinEaswaranLee(MprSupply.of(1000, 1001, 2), List.of(GlobalTask.implicit(1, 1)));
        assertEquals(Verdict.UNDECIDED, longCheck.verdict());
        assertTrue(longCheck.limitReached());
        assertTrue(longCheck.reason().contains("more than"), longCheck.reason());
    }

    @Test
    void deferrableServersAreLeftToBcl() {
        List<VcpuServer> servers = List.of(VcpuServer.of(2, 10, true), VcpuServer.of(3, 10, false));
        MprResult gfb = HostGlobalEdf.goossensFunkBaruah(2, servers);
        assertEquals(Verdict.UNDECIDED, gfb.verdict());
        assertTrue(gfb.limitReached());
        assertTrue(HostGlobalEdf.bertognaCirineiLipari(2, servers).schedulable());
    }

    @ParameterizedTest(name = "global RM, BCL: {0}")
    @CsvSource(delimiter = ';', value = {
        // on two whole processors, for τ3 = (8, 10): W1(10) = ⌊13/4⌋·1 + min(1, 13 − 12) = 4, capped at D − C = 2;
        // W2(10) = ⌊14/5⌋·1 + min(1, 14 − 10) = 3, capped at 2; 4 < sbf(10) − 2·8 = 4 fails
        "1 4 4 1 5 5 8 10 10; UNDECIDED",
        // for τ3 = (6, 10): min(4, 4) + min(3, 4) = 7 < 20 − 12 = 8 passes (τ1, τ2 pass with room to spare)
        "1 4 4 1 5 5 6 10 10; SCHEDULABLE",
    })
    void globalRateMonotonicOnTwoProcessors(String values, Verdict expected) {
        String[] v = values.split(" ");
        List<GlobalTask> tasks = new java.util.ArrayList<>();
        for (int i = 0; i < v.length; i += 3) {
            tasks.add(GlobalTask.of(Double.parseDouble(v[i]), Double.parseDouble(v[i + 1]), Double.parseDouble(v[i + 2])));
        }
        assertEquals(expected, GlobalRmOnMpr.bertognaCirineiLipari(TWO_PROCESSORS, tasks).verdict());
    }

    @Test
    void preemptionsOfAVirtualCpuUnderGlobalEdf() {
        // T = 10 among servers of periods 3 and 4: ⌈7/3⌉ + ⌈6/4⌉ = 3 + 2
        List<VcpuServer> servers = List.of(VcpuServer.of(4, 10, false), VcpuServer.of(1, 3, false),
                VcpuServer.of(1, 4, false), VcpuServer.of(5, 20, false));
        assertEquals(5, HostGlobalEdf.preemptionsPerPeriod(servers, 0));
        assertEquals(0, HostGlobalEdf.preemptionsPerPeriod(servers, 1));
    }
}
