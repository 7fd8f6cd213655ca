package org.vmsched.analysis.mpr;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * Bertogna, Cirinei and Lipari's interference condition on a supply (THEORY.md §15.4), for EDF
 * (every other task interferes, by deadline) and for fixed priorities (the tasks listed before
 * k in the priority order interfere, with their carry-in). Stateless.
 */
final class Interference {

    private Interference() {
    }

    /**
     * For every task k: Σ_i min(I_i, D_k − C_k) &lt; sbf(D_k) − m′·C_k.
     *
     * @param order null for EDF; for fixed priorities the task indices, highest priority first
     */
    static MprResult test(String name, GuestSupply supply, List<GlobalTask> tasks, int[] order) {
        Ticks tk = Ticks.orNull(supply, tasks);
        if (tk == null) {
            return MprResult.limit(name, Ticks.TOO_LARGE, 0);
        }
        int n = tasks.size();
        try {
            for (int pos = 0; pos < n; pos++) {
                int k = order == null ? pos : order[pos];
                long dk = tk.deadline[k];
                long ck = tk.wcet[k];
                long slack = dk - ck;
                long sum = 0;
                for (int q = 0; q < (order == null ? n : pos); q++) {
                    int i = order == null ? q : order[q];
                    if (i == k) {
                        continue;
                    }
                    long w = order == null ? edfInterference(tk, i, dk) : fpWorkload(tk, i, dk);
                    sum = Math.addExact(sum, Math.min(w, slack));
                }
                long room = tk.room(dk, ck);
                if (sum >= room) {
                    BigFraction d = tk.time(dk);
                    return MprResult.fails(name, "the sufficient test fails for " + GlobalTask.label(tasks, k)
                            + ": interference " + Exact.text(tk.time(sum)) + " is not below " + supply.roomText() + " = " + Exact.text(tk.time(room))
                            + " at D = " + Exact.text(d) + "; this is no proof of a miss", d, pos + 1);
                }
            }
        } catch (ArithmeticException e) {
            return MprResult.limit(name, "the interference passes 64-bit ticks", 0);
        }
        return MprResult.pass(name, "every task's interference is below sbf(D) − m′·C", n);
    }

    /** BCL's EDF bound: ⌊L/T_i⌋C_i + min(C_i, L − ⌊L/T_i⌋T_i) (deadlines aligned at the window's end). */
    static long edfInterference(Ticks tk, int i, long len) {
        long jobs = len / tk.period[i];
        return Math.addExact(Math.multiplyExact(jobs, tk.wcet[i]),
                Math.min(tk.wcet[i], len - jobs * tk.period[i]));
    }

    /** BCL's fixed-priority workload: N·C_i + min(C_i, L + D_i − C_i − N·T_i), N = ⌊(L + D_i − C_i)/T_i⌋. */
    static long fpWorkload(Ticks tk, int i, long len) {
        long span = len + tk.deadline[i] - tk.wcet[i];
        long jobs = span / tk.period[i];
        return Math.addExact(Math.multiplyExact(jobs, tk.wcet[i]),
                Math.min(tk.wcet[i], span - jobs * tk.period[i]));
    }
}
