package org.vmsched.analysis.mpr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * The interference test level by level (THEORY.md §15.20): where the least supply of each level is
 * known (Z_ℓ(t), the least time in a window of length t during which at least ℓ of the VM's vCPUs
 * serve at once), a job of task k that misses its deadline leaves, for some ℓ, the others busy on
 * ℓ·y + Σ_{j&gt;ℓ} z_j of a set of measure y ≥ z_ℓ, z_j = max(0, Z_j(D_k) − C_k); each other task
 * covers at most min(I_i, y) of it. So task k is safe when, for some ℓ, Σ_i min(I_i, y) − ℓ·y stays
 * below Σ_{j&gt;ℓ} z_j for every y in [z_ℓ, D_k] (a concave function of y: its corners I_i and the ends
 * are enough). Sufficient only; exact fractions. Stateless.
 */
public final class LevelTests {

    /** The name of the test under global EDF. */
    public static final String EDF = "interference level by level (THEORY.md §15.20), global EDF";

    /** The name of the test under global RM. */
    public static final String RM = "interference level by level (THEORY.md §15.20), global RM";

    private LevelTests() {
    }

    /**
     * The test on {@code levels} (Z_1 … Z_m′ in order, each of one processor; fewer than m′ when the
     * higher ones give nothing), for EDF ({@code order} null, Bertogna–Cirinei–Lipari's I_i) or fixed
     * priorities ({@code order} the task indices from the highest priority, their BCL workload with
     * R_i = D_i).
     */
    public static MprResult test(List<? extends GuestSupply> levels, List<GlobalTask> tasks, int[] order) {
        String name = order == null ? EDF : RM;
        int n = tasks.size();
        for (int pos = 0; pos < n; pos++) {
            int k = order == null ? pos : order[pos];
            GlobalTask tk = tasks.get(k);
            BigFraction d = tk.deadline();
            BigFraction[] work = new BigFraction[n];
            for (int q = 0; q < (order == null ? n : pos); q++) {
                int i = order == null ? q : order[q];
                work[i] = i == k ? null : order == null ? GlobalEdfResponseTimes.workload(tasks.get(i), d, BigFraction.ZERO) : fp(tasks.get(i), d);
            }
            if (!safe(levels, tk.wcet(), d, work)) {
                return MprResult.fails(name, "the test fails for " + GlobalTask.label(tasks, k) + " at every level; this is no proof of a miss",
                        d, pos + 1);
            }
        }
        return MprResult.pass(name, "at some level, the others cannot keep every task's job from its work", n);
    }

    /** The name of {@link #responseTimes} under global EDF. */
    public static final String EDF_RTA = "response times level by level (THEORY.md §15.20), global EDF with slack";

    /** The name of {@link #responseTimes} under global RM. */
    public static final String RM_RTA = "response times level by level (THEORY.md §15.20), global RM";

    /**
     * The same condition on the window [r, r + R) for R ≤ D_k (§15.20, "response times"): a job not
     * done by r + R satisfies Claim 2 on that window, with the others' work bounded as in §15.16 (EDF,
     * each carry-in job finishing its slack D_i − R_i early, iterated while a bound improves) or
     * §15.21 (RM, each task's jobs within its bound R_i). R_k is the least candidate R that passes
     * (C_k, D_k, C_k + I_i and the levels' corners between): a bound, maybe above the least one.
     */
    public static GlobalEdfResponseTimes.Bounds responseTimes(List<? extends GuestSupply> levels, List<GlobalTask> tasks, int[] order) {
        String name = order == null ? EDF_RTA : RM_RTA;
        int n = tasks.size();
        BigFraction[] r = new BigFraction[n];
        BigFraction[] slack = new BigFraction[n];
        Arrays.fill(slack, BigFraction.ZERO);
        for (int round = 0; round < (order == null ? GlobalEdfResponseTimes.MAX_ROUNDS : 1); round++) {
            boolean changed = false;
            for (int pos = 0; pos < n; pos++) {
                int k = order == null ? pos : order[pos];
                GlobalTask tk = tasks.get(k);
                BigFraction[] work = order == null ? GlobalEdfResponseTimes.edfWork(tasks, k, slack) : new BigFraction[n];
                for (int q = 0; order != null && q < pos; q++) {
                    work[order[q]] = GlobalRmOnMpr.workload(tasks.get(order[q]), r[order[q]], tk.deadline());
                }
                r[k] = least(levels, tk.wcet(), tk.deadline(), work);
                if (r[k] == null && order != null) {
                    break;
                }
                if (r[k] != null && tk.deadline().subtract(r[k]).compareTo(slack[k]) > 0) {
                    slack[k] = tk.deadline().subtract(r[k]);
                    changed = true;
                }
            }
            if (!changed) {
                break;
            }
        }
        for (int k = 0; k < n; k++) {
            if (r[k] == null) {
                return new GlobalEdfResponseTimes.Bounds(MprResult.fails(name, "no response-time bound of " + GlobalTask.label(tasks, k)
                        + " within its deadline at any level; this is no proof of a miss", tasks.get(k).deadline(), n), List.of());
            }
        }
        StringBuilder why = new StringBuilder("every task's response time is bounded within its deadline: ");
        for (int k = 0; k < n; k++) {
            why.append(k == 0 ? "" : ", ").append("R(").append(GlobalTask.label(tasks, k)).append(") ≤ ").append(Exact.text(r[k]));
        }
        return new GlobalEdfResponseTimes.Bounds(MprResult.pass(name, why.toString(), n), new ArrayList<>(List.of(r)));
    }

    /** The least candidate window in [c, d] at which {@link #safe} holds, or null. */
    static BigFraction least(List<? extends GuestSupply> levels, BigFraction c, BigFraction d, BigFraction[] work) {
        TreeSet<BigFraction> candidates = new TreeSet<>(List.of(c, d));
        for (BigFraction w : work) {
            if (w != null && c.add(w).compareTo(d) < 0) {
                candidates.add(c.add(w));
            }
        }
        for (GuestSupply z : levels.subList(0, Math.min(1, levels.size()))) {
            // the first level's corners: where the supply picks up again; past the bound of work only the windows
            // above (any window tried is a bound where safe holds, so fewer tried is never unsound)
            if (z.cornerCount(c, d) <= GlobalEdfResponseTimes.MAX_CORNERS) {
                candidates.addAll(z.corners(c, d));
            }
        }
        for (BigFraction t : candidates) {
            if (safe(levels, c, t, work)) {
                return t;
            }
        }
        return null;
    }

    /**
     * Whether some level ℓ has Σ min(I_i, y) − ℓ·y &lt; Σ_{j&gt;ℓ} z_j for every y in [z_ℓ, d], read with
     * the strictness Claim 2 allows: where Z_j(d) ≥ c for some j &gt; ℓ, y_j &gt; z_j, so "≤" suffices;
     * where Z_ℓ(d) ≥ c, y_ℓ &gt; z_ℓ, so at y = z_ℓ equality suffices when the function falls after it.
     */
    static boolean safe(List<? extends GuestSupply> levels, BigFraction c, BigFraction d, BigFraction[] work) {
        int m = levels.size();
        BigFraction[] z = new BigFraction[m];
        boolean[] reached = new boolean[m];
        for (int l = 0; l < m; l++) {
            BigFraction left = levels.get(l).sbf(d).subtract(c);
            reached[l] = left.getNumerator().signum() >= 0;
            z[l] = left.getNumerator().signum() > 0 ? left : BigFraction.ZERO;
        }
        BigFraction above = BigFraction.ZERO; // Σ_{j>ℓ} z_j
        boolean strictAbove = false;          // some j > ℓ with y_j > z_j
        for (int l = m - 1; l >= 0; l--) {
            if (levelSafe(work, l + 1, z[l], d, above, strictAbove, reached[l])) {
                return true;
            }
            above = above.add(z[l]);
            strictAbove |= reached[l];
        }
        return false;
    }

    /** One level of {@link #safe}: h(y) = Σ min(I_i, y) − ℓ·y against {@code above} over y in [z, d] ((z, d] when {@code open}). */
    private static boolean levelSafe(BigFraction[] work, int level, BigFraction z, BigFraction d, BigFraction above, boolean strictAbove,
                                     boolean open) {
        for (BigFraction w : work) {
            if (w != null && w.compareTo(z) > 0 && w.compareTo(d) < 0 && !below(excess(work, level, w), above, strictAbove)) {
                return false;
            }
        }
        if (!below(excess(work, level, d), above, strictAbove)) {
            return false;
        }
        int cmp = excess(work, level, z).compareTo(above);
        if (cmp < 0 || cmp == 0 && strictAbove) {
            return true;
        }
        int falling = -level; // h's slope just past z: the tasks whose I_i exceeds z, less ℓ
        for (BigFraction w : work) {
            falling += w != null && w.compareTo(z) > 0 ? 1 : 0;
        }
        return cmp == 0 && open && falling < 0;
    }

    private static boolean below(BigFraction v, BigFraction above, boolean orEqual) {
        int cmp = v.compareTo(above);
        return cmp < 0 || cmp == 0 && orEqual;
    }

    private static BigFraction max(BigFraction a, BigFraction b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static BigFraction excess(BigFraction[] work, int level, BigFraction y) {
        BigFraction v = y.multiply(-level);
        for (BigFraction w : work) {
            if (w != null) {
                v = v.add(w.compareTo(y) < 0 ? w : y);
            }
        }
        return v;
    }

    /** BCL's fixed-priority workload with R_i = D_i. */
    private static BigFraction fp(GlobalTask t, BigFraction len) {
        return GlobalRmOnMpr.workload(t, t.deadline(), len);
    }
}
