package org.vmsched.analysis.mpr;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.ExactDecimal;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.VirtualMachine;

/**
 * Each VM's budget deadline Δ (THEORY.md §15.17): how long after a replenishment each of its vCPUs has held a core
 * for its whole budget, from the host's tests and schedule — C with a core each, the host's response-time bound
 * (§15.16), the host's own schedule (§15.18), for deferrable vCPUs C plus the most a vCPU is blocked (§15.14), or T —
 * with the words and the kind of each source. {@link GlobalAnalysis} reads it for the analysis and for
 * {@link GlobalAnalysis#budgetDeadlines}. Stateless.
 */
final class VcpuDeadlines {

    private VcpuDeadlines() {
    }

    /** Δ per VM (§15.17), the words saying where each comes from, and the kind of its source. */
    record Deltas(BigFraction[] delta, String[] source, BudgetDeadline.Source[] kind) {
    }

    /**
     * Δ per VM (§15.17) for the servers {@code servers}, VM v's from index {@code first[v]}: periodic ones C with
     * a core each, else the least of T, the host's response-time bound (§15.16) and the host's own schedule's
     * time ({@code times}, §15.18); deferrable ones as {@link #deferrableDeadlines}.
     */
    static Deltas of(Scenario s, List<VcpuServer> servers, int[] first, HostSchedule.Times times) {
        int m = s.hypervisor().cores();
        if (s.simulation().serverPolicy() == ServerPolicy.DEFERRABLE) {
            return deferrableDeadlines(s, servers, first);
        }
        BigFraction[] out = new BigFraction[s.vms().size()];
        String[] source = new String[out.length];
        BudgetDeadline.Source[] kind = new BudgetDeadline.Source[out.length];
        List<BigFraction> bounds = null;
        if (servers.size() > m) {
            GlobalEdfResponseTimes.Bounds b = GlobalEdfResponseTimes.host(m, servers);
            bounds = b.result().schedulable() ? b.responseTimes() : null;
        }
        BigFraction q = serverGrid(s);
        for (int v = 0; v < out.length; v++) {
            VirtualMachine vm = s.vms().get(v);
            BigFraction c = ExactDecimal.fraction(vm.budget());
            source[v] = "";
            if (servers.size() <= m) {
                out[v] = c; // a core each: a periodic server runs its budget from its replenishment on
                kind[v] = BudgetDeadline.Source.CORE_EACH;
                continue;
            }
            out[v] = ExactDecimal.fraction(vm.period());
            kind[v] = BudgetDeadline.Source.PERIOD;
            if (bounds != null) {
                BigFraction r = c;
                for (int k = 0; k < vm.vcpus(); k++) {
                    BigFraction rk = bounds.get(first[v] + k);
                    r = rk.compareTo(r) > 0 ? rk : r;
                }
                // rounded up to the grid, so that a simulation's ticks can replay it (worst-case mode)
                BigFraction up = roundUp(r, q);
                if (up.compareTo(out[v]) < 0) {
                    out[v] = up;
                    kind[v] = BudgetDeadline.Source.HOST_BOUND;
                }
                source[v] = "the host's response-time bound, §15.16";
            }
            if (times.perVm() != null) {
                // the host's own schedule (§15.18): exact, so never above the bound; on the grid, rounded up all the same
                BigFraction up = roundUp(times.perVm().get(v), q);
                up = up.compareTo(c) < 0 ? c : up;
                if (up.compareTo(out[v]) < 0) {
                    out[v] = up;
                    kind[v] = BudgetDeadline.Source.HOST_SCHEDULE;
                    source[v] = "the host's exact schedule at the VMs' offsets, §15.18";
                }
            } else if (times.reason() != null && !times.reason().isEmpty()) {
                // the fall-back says so (§15.18's bound on work: a long schedule is not computed)
                source[v] = (source[v].isEmpty() ? "" : source[v] + "; ") + "the host's exact schedule not used: " + times.reason();
            }
        }
        return new Deltas(out, source, kind);
    }

    /**
     * §15.14: Δ for deferrable vCPUs, C plus the most one of the VM's vCPUs can be blocked in one of its periods
     * (the addendum "blocked for at most Ī": C with a core each, where nothing blocks), on the servers' grid, at most T.
     */
    private static Deltas deferrableDeadlines(Scenario s, List<VcpuServer> servers, int[] first) {
        int m = s.hypervisor().cores();
        boolean aCoreEach = servers.size() <= m;
        BigFraction q = serverGrid(s);
        BigFraction[] out = new BigFraction[s.vms().size()];
        String[] source = new String[out.length];
        BudgetDeadline.Source[] kind = new BudgetDeadline.Source[out.length];
        for (int v = 0; v < out.length; v++) {
            VirtualMachine vm = s.vms().get(v);
            BigFraction c = ExactDecimal.fraction(vm.budget());
            BigFraction t = ExactDecimal.fraction(vm.period());
            out[v] = aCoreEach ? c : t;
            kind[v] = aCoreEach ? BudgetDeadline.Source.CORE_EACH : BudgetDeadline.Source.PERIOD;
            source[v] = aCoreEach ? "deferrable vCPUs with a core each: a waiting job's vCPU runs its budget"
                    + " from its replenishment, §15.14" : "";
            if (aCoreEach) {
                continue;
            }
            BigFraction blocked = BigFraction.ZERO;
            for (int k = 0; k < vm.vcpus(); k++) {
                BigFraction b = DeferrableVcpus.blocked(m, servers, first[v] + k);
                blocked = b.compareTo(blocked) > 0 ? b : blocked;
            }
            BigFraction up = roundUp(c.add(blocked), q);
            if (up.compareTo(t) < 0) {
                out[v] = up;
                kind[v] = BudgetDeadline.Source.HOST_BLOCKING;
                source[v] = "deferrable vCPUs blocked at most " + GlobalAnalysis.exact(blocked) + " in a period by the host's other"
                        + " vCPUs, §15.14";
            }
        }
        return new Deltas(out, source, kind);
    }

    /** The grid of the server values (every VM's C, T, dispatch overhead and offset) as 1/q: the common denominator q. */
    private static BigFraction serverGrid(Scenario s) {
        List<BigFraction> grid = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            grid.add(ExactDecimal.fraction(vm.budget()));
            grid.add(ExactDecimal.fraction(vm.period()));
            grid.add(ExactDecimal.fraction(GlobalAnalysis.dispatchOverhead(s, vm)));
            grid.add(ExactDecimal.fraction(vm.offset()));
        }
        return new BigFraction(Exact.commonDenominator(grid));
    }

    /** {@code r} rounded up to a multiple of 1/q. */
    private static BigFraction roundUp(BigFraction r, BigFraction q) {
        return new BigFraction(Exact.ceil(r.multiply(q))).divide(q);
    }
}
