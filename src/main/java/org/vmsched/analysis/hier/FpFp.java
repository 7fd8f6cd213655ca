package org.vmsched.analysis.hier;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.FixedPoint;

/**
 * FP/FP (seed Eq. 1, THEORY.md §11.4): VMs at fixed priorities without budgets, fixed priorities
 * inside. A task τi of VM k suffers its own VM's higher-priority tasks and every task of every
 * VM h of higher or equal priority:
 *
 * <pre>
 *   Ri = Xk + Ci + Σ_{j&lt;i in k} ⌈Ri/Tj⌉·Cj + Σ_{h ≠ k, prio h ≤ prio k} Σ_{j in h} ⌈Ri/Tj⌉·(Cj + Xh + Xb)
 * </pre>
 *
 * with the overheads of the switch to VM k at the start of the window and, for every job of a
 * higher VM, the switch to that VM and the switch back to the VM it preempted, which may be k or
 * another VM above k: Xb = max(Xk, Xh over the VMs above k). With X = 0 this is the seed's Eq. 1.
 * Exact (integer ticks); the first job after the synchronous release is the worst since every
 * deadline is at most its period. Shared machinery, so it stays in the analysis layer rather than
 * in {@code policy.fp}: FP without budgets' analysis of a scenario
 * ({@code policy.fp.FpNoBudgetAnalysis}) uses it, and so do the paper reproductions
 * ({@code experiment.HierarchyComparison}, {@code TwoVmExample}). Stateless.
 */
public final class FpFp {

    private FpFp() {
    }

    /** Response times of every VM's tasks (list order of {@code vms}, then of tasks); −1 is a missed deadline. */
    public static long[][] responseTimes(List<FpVm> vms) {
        long[][] out = new long[vms.size()][];
        for (int k = 0; k < vms.size(); k++) {
            out[k] = responseTimes(vms, k);
        }
        return out;
    }

    /**
     * Response times of the tasks of VM k among {@code vms} (−1: missed deadline), within one
     * work budget for the VM (past it {@link org.vmsched.analysis.AnalysisLimitException}).
     */
    public static long[] responseTimes(List<FpVm> vms, int k) {
        FpVm vm = vms.get(k);
        List<FpVm> higher = higher(vms, vm);
        FixedPoint.Work work = new FixedPoint.Work();
        long[] out = new long[vm.tasks().size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = responseTime(vm, i, higher, work);
        }
        return out;
    }

    /** Whether every task of every VM meets its deadline. */
    public static boolean schedulable(List<FpVm> vms) {
        for (long[] rs : responseTimes(vms)) {
            for (long r : rs) {
                if (r < 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The VMs other than {@code vm} with priority at least as high (number ≤ its own). */
    static List<FpVm> higher(List<FpVm> vms, FpVm vm) {
        List<FpVm> out = new ArrayList<>();
        for (FpVm h : vms) {
            if (h != vm && h.priority() <= vm.priority()) {
                out.add(h);
            }
        }
        return out;
    }

    /**
     * Task i of {@code vm} with the VMs {@code higher} above it; −1 when it misses its deadline.
     * The iteration is {@link FixedPoint}'s on a dedicated processor (exact, fast, within its work
     * budget: past it {@link org.vmsched.analysis.AnalysisLimitException}, "undecided").
     */
    public static long responseTime(FpVm vm, int i, List<FpVm> higher) {
        return responseTime(vm, i, higher, new FixedPoint.Work());
    }

    /** As {@link #responseTime(FpVm, int, List)}, charging {@code work}. */
    static long responseTime(FpVm vm, int i, List<FpVm> higher, FixedPoint.Work work) {
        TickTask ti = vm.tasks().get(i);
        long own = Math.addExact(vm.overhead(), ti.wcet());
        // A job of a higher VM preempts whichever VM runs, k or another higher one, and that one pays
        // its X again when it resumes: the switch back costs the largest X among k and the VMs above
        // it, not k's own (found by HierarchySoundnessProperties with the real simulator).
        long back = vm.overhead();
        // A VM of equal priority keeps the core once it runs and may carry jobs it could not run into
        // the window: then the bound is the level busy period (all of k's tasks, its peers and the
        // VMs above), which contains the job's release and completion (found by the property).
        boolean peer = false;
        for (FpVm h : higher) {
            back = Math.max(back, h.overhead());
            peer |= h.priority() == vm.priority();
        }
        List<long[]> interferers = new ArrayList<>(); // {C', T}
        for (int j = 0; j < (peer ? vm.tasks().size() : i); j++) {
            if (j != i) {
                interferers.add(new long[] {vm.tasks().get(j).wcet(), vm.tasks().get(j).period()});
            }
        }
        for (FpVm h : higher) {
            long switches = Math.addExact(h.overhead(), back);
            for (TickTask tj : h.tasks()) {
                interferers.add(new long[] {Math.addExact(tj.wcet(), switches), tj.period()});
            }
        }
        // shortest period first: the order of the fast iteration's jump (any order gives the same R)
        interferers.sort((a, b) -> Long.compare(a[1], b[1]));
        long[] c = new long[interferers.size()];
        long[] t = new long[interferers.size()];
        for (int j = 0; j < c.length; j++) {
            c[j] = interferers.get(j)[0];
            t[j] = interferers.get(j)[1];
        }
        // R = Xk + Ci + Σ ⌈R/Tj⌉·C'j: the fixed point on a dedicated processor (B = 0, Θ = T = 1)
        return FixedPoint.responseTime(0, 1, 1, own, c, t, ti.deadline(), work);
    }

    /**
     * A VM priority order under which every task meets its deadline, found by Audsley's optimal
     * priority assignment (a VM's verdict depends only on the set of VMs above it, not on their
     * order): the VMs with priorities 0..n−1, highest first; null when no order works.
     */
    public static List<FpVm> optimalOrder(List<FpVm> vms) {
        List<FpVm> left = new ArrayList<>(vms);
        FpVm[] order = new FpVm[vms.size()];
        for (int level = vms.size() - 1; level >= 0; level--) {
            FpVm chosen = null;
            for (FpVm cand : left) {
                List<FpVm> above = new ArrayList<>(left);
                above.remove(cand);
                boolean ok = true;
                for (int i = 0; i < cand.tasks().size() && ok; i++) {
                    ok = responseTime(cand, i, above) >= 0;
                }
                if (ok) {
                    chosen = cand;
                    break;
                }
            }
            if (chosen == null) {
                return null;
            }
            left.remove(chosen);
            order[level] = chosen;
        }
        List<FpVm> out = new ArrayList<>();
        for (int p = 0; p < order.length; p++) {
            out.add(order[p].withPriority(p));
        }
        return out;
    }
}
