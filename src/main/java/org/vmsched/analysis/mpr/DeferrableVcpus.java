package org.vmsched.analysis.mpr;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * What the tasks of a VM of deferrable virtual CPUs (Xen RTDS as it runs: a vCPU spends budget only
 * while its VM has a job for it, and keeps the rest until its period ends) may rely on under global
 * EDF at the host (THEORY.md §15.14). When the host test proves every vCPU (a core each, BCL on the
 * servers, whose deadline-based interference holds whatever the servers' jitter, §15.6, or the
 * response-time test without slack for them, §15.16), the
 * VM's k vCPUs give every window in which one of its jobs waits at least what k periodic servers of
 * the same (C, T) give: the waiting job's interference tests on the MPR supply (Π = T, Θ = k·C,
 * m′ = k, B = 2(T − C)) hold. Derived without switch overhead or migration cost (a deferrable vCPU
 * is dispatched at every wake-up, which no bound here counts) and for the tests whose window starts
 * at the job's release (BCL, RM-BCL, the response-time test), not Shin–Easwaran–Lee's, whose window
 * starts earlier. Stateless.
 */
public final class DeferrableVcpus {

    private DeferrableVcpus() {
    }

    /**
     * Why VM tasks on deferrable vCPUs with this dispatch charge (X, plus M when the scenario sets a
     * migration cost) are not analysed, or null when they are (a charge of 0).
     */
    public static String notCovered(double dispatchCharge) {
        if (dispatchCharge == 0) {
            return null;
        }
        return "the supply of deferrable virtual CPUs is derived without switch overhead or migration cost"
                + " (a deferrable vCPU is dispatched again at every wake-up, which no bound here counts;"
                + " THEORY.md §15.14); simulate it";
    }

    /**
     * The sufficient tests whose proof holds on deferrable vCPUs (§15.14), on {@code supply}, the
     * periodic MPR supply of the VM's vCPUs without overhead: under global EDF (or EDF on one vCPU)
     * Bertogna–Cirinei–Lipari (the caller may add {@link GlobalEdfResponseTimes#onMpr}, whose window
     * also starts at the release), under RM RM-BCL. Shin–Easwaran–Lee is left out: its window may
     * start before the job's release, where a vCPU may idle with budget.
     */
    public static MprResult guest(MprSupply supply, List<GlobalTask> tasks, boolean byDeadline) {
        if (!byDeadline) {
            return GlobalRmOnMpr.bertognaCirineiLipari(supply, tasks);
        }
        return GlobalEdfOnMpr.bertognaCirineiLipari(supply, tasks);
    }

    /**
     * §15.14's Ī_v: the most deferrable vCPU {@code v} of {@code servers} can be blocked (has budget, has a job, does
     * not run) in one of its periods on {@code cores} cores under global EDF, the largest y ≥ 0 with
     * Σ_{i≠v} min(W_i(T_v), y) ≥ M·y, W_i the deadline-based work of server i in a window of T_v. The function is
     * concave and piecewise linear with corners at the W_i, so its last zero is found on the segment where it turns
     * negative; 0 when fewer than M others exist (they cannot hold every core at once). It may exceed T_v − C_v
     * when the host test fails for v; the caller caps Δ = C + Ī at T.
     */
    public static BigFraction blocked(int cores, List<VcpuServer> servers, int v) {
        List<BigFraction> work = new ArrayList<>();
        BigFraction window = servers.get(v).period();
        for (int i = 0; i < servers.size(); i++) {
            if (i != v) {
                work.add(GlobalEdfResponseTimes.workload(servers.get(i).asTask(), window, BigFraction.ZERO));
            }
        }
        work.sort(null);
        BigFraction m = new BigFraction(cores);
        BigFraction y = BigFraction.ZERO;
        BigFraction f = BigFraction.ZERO; // Σ min(W_i, y) − M·y at y
        for (int j = 0; ; j++) {
            BigFraction slope = new BigFraction(work.size() - j).subtract(m); // the W_i above y, less M: −M past them all
            if (slope.compareTo(BigFraction.ZERO) < 0) {
                BigFraction root = y.add(f.divide(slope.negate()));
                if (j == work.size() || root.compareTo(work.get(j)) <= 0) {
                    return root;
                }
            }
            f = f.add(slope.multiply(work.get(j).subtract(y)));
            y = work.get(j);
        }
    }
}
