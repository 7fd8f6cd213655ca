package org.vmsched.analysis.hier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The CBS supply of THEORY.md §11.1 judged by a tick-level reference simulation of hard CBS
 * reservations under EDF ({@link CbsReferenceSim}): never beaten, reached on the seed's VMa,
 * and the aligned supply is not safe for a VM whose releases are off its grid.
 */
class CbsSupplyAgainstSimulationTest {

    /** A VM that always has work, at the given reservation: the adversary when listed first. */
    static CbsVm hog(long q, long p) {
        return new CbsVm("hog", CbsReservation.of(q, p, 0), List.of(TickTask.of(p, p)));
    }

    /** VMa at (27, 50) beside a hog at (23, 50) that wins every tie: responses 76 and 149, the analysis exactly. */
    @Test
    void seedsVmaReachesItsAnalyticResponses() {
        CbsVm a = new CbsVm("VMa", CbsReservation.of(27, 50, 0), CbsFpTest.VMA);
        long[][] sim = CbsReferenceSim.run(List.of(hog(23, 50), a), 1200);
        long[] analytic = CbsFp.responseTimes(a, List.of());
        assertArrayEquals(new long[] {76, 149}, analytic);
        assertArrayEquals(analytic, sim[1]);
        CbsVm less = new CbsVm("VMa", CbsReservation.of(26, 50, 0), CbsFpTest.VMA);
        assertEquals(Long.MAX_VALUE, CbsReferenceSim.run(List.of(hog(24, 50), less), 1200)[1][1], "26 is not enough");
    }

    /**
     * Random systems: every VM gets its least budget by the analysis (aligned or any phase), a hog
     * fills the rest of the bandwidth and wins ties; no simulated response exceeds the analytic
     * one. For VMs off their grid, the aligned formula would have been beaten.
     */
    @Test
    void noSimulatedResponseExceedsTheAnalysis() {
        Random rng = new Random(1010L);
        int checked = 0;
        int alignedFormulaBeaten = 0;
        for (int n = 0; n < 300; n++) {
            int m = 1 + rng.nextInt(2);
            List<CbsVm> vms = new ArrayList<>();
            long[] periods = new long[m];
            for (int k = 0; k < m; k++) {
                int nt = 1 + rng.nextInt(3);
                List<TickTask> ts = new ArrayList<>();
                long off = rng.nextInt(10);
                for (int i = 0; i < nt; i++) {
                    long t = 6 + rng.nextInt(30);
                    long c = 1 + rng.nextInt((int) Math.max(1, t / (2 * nt)));
                    long o = rng.nextInt(3) == 0 ? off + rng.nextInt(7) : off;
                    ts.add(new TickTask(c, t, t, o));
                }
                ts.sort(java.util.Comparator.comparingLong(TickTask::period));
                long p = rng.nextBoolean() ? divisorOf(ts.get(0).period(), rng) : 2 + rng.nextInt(12);
                periods[k] = p;
                CbsFp.Phase ph = CbsFp.phase(CbsReservation.of(p, p, 0), ts);
                long q = CbsFp.minBudget(ts, p, p, 0, 0, ph);
                if (q < 0) {
                    vms = null;
                    break;
                }
                vms.add(new CbsVm("V" + k, CbsReservation.of(q, p, 0), ts));
            }
            if (vms == null) {
                continue;
            }
            // the hog takes what is left at its period, as a whole number of ticks
            long hp = 2 + rng.nextInt(15);
            double left = 1;
            for (CbsVm v : vms) {
                left -= (double) v.reservation().budget() / v.reservation().period();
            }
            long hq = (long) Math.floor(left * hp + 1e-9);
            List<CbsVm> all = new ArrayList<>();
            if (hq >= 1) {
                all.add(hog(hq, hp));
            }
            all.addAll(vms);
            List<CbsReservation> rs = new ArrayList<>();
            for (CbsVm v : all) {
                rs.add(v.reservation());
            }
            if (!CbsFp.edfAdmits(rs)) {
                continue;
            }
            long[][] sim = CbsReferenceSim.run(all, 3000);
            int base = hq >= 1 ? 1 : 0;
            for (int k = 0; k < vms.size(); k++) {
                CbsVm v = vms.get(k);
                long[] r = CbsFp.responseTimes(v, List.of());
                long[] simK = sim[base + k];
                for (int i = 0; i < r.length; i++) {
                    assertTrue(r[i] >= 0, "least budget passes");
                    final int fi = i;
                    assertTrue(simK[i] <= r[i], () -> "simulated " + simK[fi] + " > analytic " + r[fi] + " for task " + fi
                            + " of " + v + " among " + all);
                    checked++;
                }
                if (CbsFp.phase(v.reservation(), v.tasks()) == CbsFp.Phase.ANY) {
                    long[] alignedR = CbsFp.supply(v.reservation(), 0, CbsFp.Phase.ALIGNED).responseTimes(v.tasks());
                    for (int i = 0; i < r.length; i++) {
                        if (simK[i] > alignedR[i] && alignedR[i] >= 0 || alignedR[i] < 0 && simK[i] > v.tasks().get(i).deadline()) {
                            alignedFormulaBeaten++;
                        }
                    }
                }
            }
        }
        assertTrue(checked > 300, "enough tasks checked: " + checked);
        assertTrue(alignedFormulaBeaten > 0, "an off-grid VM can exceed the aligned supply's response: " + alignedFormulaBeaten);
    }

    private static long divisorOf(long t, Random rng) {
        List<Long> ds = new ArrayList<>();
        for (long d = 2; d <= t; d++) {
            if (t % d == 0) {
                ds.add(d);
            }
        }
        return ds.get(rng.nextInt(ds.size()));
    }
}
