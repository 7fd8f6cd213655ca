package org.vmsched.analysis.mpr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * Sufficient tests of global rate-monotonic scheduling (shorter period, higher priority; ties by
 * list order) of constrained-deadline sporadic tasks on a supply: Bertogna, Cirinei and Lipari's
 * fixed-priority interference test carried to the supply (THEORY.md §15.4), Bertogna and Cirinei's
 * fixed-priority response times on it, and, on one processor, the request bound against the supply
 * (§15.21). Stateless.
 */
public final class GlobalRmOnMpr {

    /** The name of {@link #bertognaCirineiLipari}. */
    public static final String BCL = "Bertogna-Cirinei-Lipari global fixed priority (RM order), on MPR";

    /** The name of {@link #responseTimes}. */
    public static final String RTA = "Bertogna-Cirinei global fixed-priority response times (RTSS 2007, RM order), on the supply";

    /** The name of {@link #oneProcessor}. */
    public static final String RBF = "fixed-priority request bound against the supply (RM order), one vCPU";

    private GlobalRmOnMpr() {
    }

    /** Task indices by priority: shorter period first, ties by list order. */
    static int[] rmOrder(List<GlobalTask> tasks) {
        return IntStream.range(0, tasks.size()).boxed()
                .sorted(Comparator.comparing((Integer i) -> tasks.get(i).period()).thenComparing(i -> i))
                .mapToInt(Integer::intValue).toArray();
    }

    /**
     * §15.21: task by task in priority order, the least R ≤ D_k past which
     * room(R, C_k) − Σ_{i of higher priority} min(W_i(D_k), R − C_k) &gt; 0, W_i Bertogna and Cirinei's
     * workload of a task whose jobs finish within their own bound R_i:
     * W_i(L) = N·C_i + min(C_i, L + R_i − C_i − N·T_i), N = ⌊(L + R_i − C_i)/T_i⌋. Every task bounded
     * within its deadline proves the set; the bounds in the tasks' order.
     */
    public static GlobalEdfResponseTimes.Bounds responseTimes(GuestSupply supply, List<GlobalTask> tasks) {
        MprResult pre = GlobalEdfOnMpr.necessary(RTA, supply, tasks);
        if (pre != null) {
            return new GlobalEdfResponseTimes.Bounds(pre, List.of());
        }
        int[] order = rmOrder(tasks);
        BigFraction[] r = new BigFraction[tasks.size()];
        for (int pos = 0; pos < order.length; pos++) {
            int k = order[pos];
            GlobalTask tk = tasks.get(k);
            BigFraction[] work = new BigFraction[tasks.size()];
            for (int q = 0; q < pos; q++) {
                work[order[q]] = workload(tasks.get(order[q]), r[order[q]], tk.deadline());
            }
            r[k] = GlobalEdfResponseTimes.response(supply, tk.wcet(), tk.deadline(), work);
            if (r[k] == null) {
                return new GlobalEdfResponseTimes.Bounds(MprResult.fails(RTA, "no response-time bound of " + GlobalTask.label(tasks, k)
                        + " within its deadline " + Exact.text(tk.deadline()) + "; this is no proof of a miss", tk.deadline(), pos + 1), List.of());
            }
        }
        StringBuilder why = new StringBuilder("every task's response time is bounded within its deadline: ");
        for (int k = 0; k < r.length; k++) {
            why.append(k == 0 ? "" : ", ").append("R(").append(GlobalTask.label(tasks, k)).append(") ≤ ").append(Exact.text(r[k]));
        }
        return new GlobalEdfResponseTimes.Bounds(MprResult.pass(RTA, why.toString(), order.length), new ArrayList<>(List.of(r)));
    }

    /** W_i(L) of {@link #responseTimes} for task i whose jobs finish within {@code ri} of their release. */
    static BigFraction workload(GlobalTask ti, BigFraction ri, BigFraction len) {
        BigFraction span = len.add(ri).subtract(ti.wcet());
        BigFraction jobs = new BigFraction(Exact.floor(span.divide(ti.period())));
        BigFraction rest = span.subtract(jobs.multiply(ti.period()));
        BigFraction carry = rest.compareTo(BigFraction.ZERO) <= 0 ? BigFraction.ZERO : rest.compareTo(ti.wcet()) < 0 ? rest : ti.wcet();
        return jobs.multiply(ti.wcet()).add(carry);
    }

    /**
     * §15.21, one vCPU: task k meets its deadline when C_k + Σ_{i of higher priority} ⌈t/T_i⌉·C_i ≤ sbf(t)
     * for some t ≤ D_k; the left side is constant on (jT_i, next), sbf grows, so only the multiples of
     * the T_i up to D_k and D_k itself are tried. "Undecided" when a task has none or the points pass
     * {@link GlobalEdfOnMpr#MAX_POINTS}; {@code null} when the supply has more than one processor.
     */
    public static MprResult oneProcessor(GuestSupply supply, List<GlobalTask> tasks) {
        if (supply.concurrency() != 1) {
            return null;
        }
        MprResult pre = GlobalEdfOnMpr.necessary(RBF, supply, tasks);
        if (pre != null) {
            return pre;
        }
        int[] order = rmOrder(tasks);
        long points = 0;
        for (int pos = 0; pos < order.length; pos++) {
            GlobalTask tk = tasks.get(order[pos]);
            long[] count = {points};
            Boolean met = requestBoundMet(supply, tasks, order, pos, count);
            points = count[0];
            if (met == null) {
                return MprResult.limit(RBF, "the check needs more than " + GlobalEdfOnMpr.MAX_POINTS + " points", points);
            }
            if (!met) {
                return MprResult.fails(RBF, "the request bound of " + GlobalTask.label(tasks, order[pos]) + " stays above sbf up to its deadline "
                        + Exact.text(tk.deadline()) + "; this is no proof of a miss", tk.deadline(), points);
            }
        }
        return MprResult.pass(RBF, "every task's request bound meets sbf by its deadline", points);
    }

    /**
     * Whether the task at {@code pos} of {@code order} meets the request bound (§15.21) for some t ≤ D_k:
     * C_k + Σ_{i before it} ⌈t/T_i⌉·C_i ≤ sbf(t) at a multiple of a T_i or at D_k; null when the points
     * counted in {@code points[0]} pass {@link GlobalEdfOnMpr#MAX_POINTS}.
     */
    static Boolean requestBoundMet(GuestSupply supply, List<GlobalTask> tasks, int[] order, int pos, long[] points) {
        GlobalTask tk = tasks.get(order[pos]);
        TreeSet<BigFraction> ts = new TreeSet<>(List.of(tk.deadline()));
        for (int q = 0; q < pos; q++) {
            BigFraction ti = tasks.get(order[q]).period();
            BigInteger last = Exact.floor(tk.deadline().divide(ti));
            points[0] += last.longValue();
            if (points[0] > GlobalEdfOnMpr.MAX_POINTS) {
                return null;
            }
            for (long j = 1; j <= last.longValue(); j++) {
                ts.add(ti.multiply(j));
            }
        }
        for (BigFraction t : ts) {
            BigFraction rbf = tk.wcet();
            for (int q = 0; q < pos; q++) {
                GlobalTask ti = tasks.get(order[q]);
                rbf = rbf.add(ti.wcet().multiply(Exact.ceil(t.divide(ti.period()))));
            }
            if (rbf.compareTo(supply.sbf(t)) <= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * For every task k: Σ_{i of higher priority} min(W_i(D_k), D_k − C_k) &lt; sbf(D_k) − m′·C_k.
     */
    public static MprResult bertognaCirineiLipari(GuestSupply supply, List<GlobalTask> tasks) {
        MprResult pre = GlobalEdfOnMpr.necessary(BCL, supply, tasks);
        if (pre != null) {
            return pre;
        }
        return Interference.test(BCL, supply, tasks, rmOrder(tasks));
    }
}
