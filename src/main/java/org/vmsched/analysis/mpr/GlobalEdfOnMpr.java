package org.vmsched.analysis.mpr;

import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * Sufficient tests of global EDF for constrained-deadline sporadic tasks on an MPR supply
 * (THEORY.md §15.3, §15.4). Each proves schedulability or answers "undecided" with the reason;
 * "not schedulable" only when the load exceeds the supply's long-run rate Θ/Π. Stateless.
 */
public final class GlobalEdfOnMpr {

    /** The name of {@link #shinEaswaranLee}. */
    public static final String SEL = "Shin-Easwaran-Lee global EDF on MPR (ECRTS 2008, Theorems 1 and 2)";

    /** The name of {@link #bertognaCirineiLipari}. */
    public static final String BCL = "Bertogna-Cirinei-Lipari global EDF, on MPR";

    /** Interval lengths checked (over all tasks) before the answer is "undecided". */
    public static final long MAX_POINTS = 2_000_000;

    private GlobalEdfOnMpr() {
    }

    /**
     * Shin, Easwaran and Lee's test: for every task k and every A_k ≥ 0, DEM(A_k + D_k, m′) ≤
     * sbf(A_k + D_k), strictly where sbf(t) = m′t (§15.3), checked at every interval length where a side changes slope or jumps,
     * up to the bound of §15.3 on A_k.
     */
    public static MprResult shinEaswaranLee(GuestSupply supply, List<GlobalTask> tasks) {
        return shinEaswaranLee(supply, tasks, MAX_POINTS);
    }

    /**
     * As {@link #shinEaswaranLee(GuestSupply, List)}, answering "undecided" (a limit) before checking
     * anything when the interval lengths to check would pass {@code maxPoints} (at most
     * {@link #MAX_POINTS}). A pass is still a pass at every interval length up to the bound of
     * Theorem 2, so a smaller cap only turns some passes into "undecided", never the reverse: a
     * search that asks many questions (the design, §15.9) may use one to skip the costliest.
     */
    public static MprResult shinEaswaranLee(GuestSupply supply, List<GlobalTask> tasks, long maxPoints) {
        if (maxPoints < 1 || maxPoints > MAX_POINTS) {
            throw new IllegalArgumentException("maxPoints must be in [1, " + MAX_POINTS + "], got " + maxPoints);
        }
        MprResult pre = necessary(SEL, supply, tasks);
        if (pre != null) {
            return pre;
        }
        Ticks tk = Ticks.orNull(supply, tasks);
        if (tk == null) {
            return MprResult.limit(SEL, Ticks.TOO_LARGE, 0);
        }
        Horizons h = horizons(tk, supply, tasks, maxPoints);
        return h.limit() != null ? h.limit() : check(tk, tasks, h.horizon());
    }

    /** Each task's last interval length to check (ticks), or why the check is not made. */
    private record Horizons(long[] horizon, MprResult limit) {
    }

    /** §15.3's bound on A_k for each task, in ticks; a limit when it is infinite or the points pass {@code maxPoints}. */
    private static Horizons horizons(Ticks tk, GuestSupply supply, List<GlobalTask> tasks, long maxPoints) {
        int n = tasks.size();
        int m = supply.concurrency();
        BigFraction rho = supply.rate();
        BigFraction u = BigFraction.ZERO;
        BigFraction slack = BigFraction.ZERO;
        for (GlobalTask t : tasks) {
            u = u.add(t.utilization());
            slack = slack.add(t.period().subtract(t.deadline()).multiply(t.utilization()));
        }
        if (u.compareTo(rho) == 0) {
            return new Horizons(null, MprResult.limit(SEL, "the load U equals the supply rate Θ/Π, so the bound on A_k"
                    + " (Theorem 2) is infinite", 0));
        }
        BigFraction[] sorted = tasks.stream().map(GlobalTask::wcet).sorted((a, b) -> b.compareTo(a)).toArray(BigFraction[]::new);
        BigFraction cSum = BigFraction.ZERO;
        for (int i = 0; i < Math.min(m - 1, n); i++) {
            cSum = cSum.add(sorted[i]);
        }
        long[] horizon = new long[n];
        long points = 0;
        for (int k = 0; k < n; k++) {
            GlobalTask tk0 = tasks.get(k);
            // §15.3: DEM(t) ≤ (m′ − 1)C_k + C_Σ + U·t + Σ(T_i − D_i)U_i and sbf(t) ≥ ρ(t − B).
            BigFraction top = tk0.wcet().multiply(m - 1).add(cSum).add(slack).add(rho.multiply(supply.linearBlackout()));
            BigFraction tMax = top.divide(rho.subtract(u));
            horizon[k] = Math.max(tk.deadline[k], tk.floorTicks(tMax));
            if (horizon[k] >= Exact.LIMIT) {
                return new Horizons(null, MprResult.limit(SEL, "the interval lengths to check for " + GlobalTask.label(tasks, k)
                        + " pass 2^60 ticks", 0));
            }
            points += estimate(tk, k, horizon[k]);
            if (points > maxPoints) {
                return new Horizons(null, MprResult.limit(SEL, "the check needs more than " + maxPoints
                        + " interval lengths (the bound on A_k is " + Exact.text(tMax) + ")", 0));
            }
        }
        return new Horizons(horizon, null);
    }

    /**
     * Which tasks §15.3's condition proves, each on its own (THEORY.md §15.22): task k's entry is true
     * when DEM ≤ sbf holds at every interval length up to its bound; all false when the check is not
     * made (no tasks, a load at or above the rate, a limit).
     */
    static boolean[] provesEach(GuestSupply supply, List<GlobalTask> tasks) {
        boolean[] out = new boolean[tasks.size()];
        Ticks tk = necessary(SEL, supply, tasks) != null ? null : Ticks.orNull(supply, tasks);
        Horizons h = tk == null ? null : horizons(tk, supply, tasks, MAX_POINTS);
        if (h == null || h.limit() != null) {
            return out;
        }
        try {
            for (int k = 0; k < out.length; k++) {
                out[k] = firstFailure(tk, k, h.horizon()[k], new long[1]) < 0;
            }
        } catch (ArithmeticException e) {
            return new boolean[tasks.size()];
        }
        return out;
    }

    /**
     * The first interval length (ticks) up to {@code horizon} at which §15.3's condition fails for task k, or −1;
     * adds to {@code count[0]} the lengths checked.
     */
    private static long firstFailure(Ticks tk, int k, long horizon, long[] count) {
        long[] fail = {-1};
        forEachPoint(tk, k, horizon, t -> {
            count[0]++;
            if (fail[0] < 0 && !holds(tk, k, demand(tk, k, t), t)) {
                fail[0] = t;
            }
        });
        return fail[0];
    }

    /** §15.3's condition at every point up to each task's horizon (ticks), the first failure as witness. */
    private static MprResult check(Ticks tk, List<GlobalTask> tasks, long[] horizon) {
        int n = tasks.size();
        long checked = 0;
        try {
            for (int k = 0; k < n; k++) {
                long[] count = {0};
                long fail = firstFailure(tk, k, horizon[k], count);
                checked += count[0];
                if (fail >= 0) {
                    BigFraction w = tk.time(fail);
                    return MprResult.fails(SEL, "the sufficient test fails for " + GlobalTask.label(tasks, k)
                            + " at interval length A_k + D_k = " + Exact.text(w) + " (DEM " + Exact.text(tk.time(demand(tk, k, fail)))
                            + " against sbf " + Exact.text(tk.time(tk.sbf(fail))) + "); this is no proof of a miss", w, checked);
                }
            }
        } catch (ArithmeticException e) {
            return MprResult.limit(SEL, "the demand passes 64-bit ticks", checked);
        }
        return MprResult.pass(SEL, "DEM ≤ sbf at every interval length up to the bound of Theorem 2",
                checked);
    }

    /**
     * Bertogna, Cirinei and Lipari's interference test carried to an MPR supply (§15.4): for every
     * task k, Σ_{i≠k} min(I_i(D_k), D_k − C_k) &lt; sbf(D_k) − m′·C_k, with
     * I_i(L) = ⌊L/T_i⌋C_i + min(C_i, L − ⌊L/T_i⌋T_i).
     */
    public static MprResult bertognaCirineiLipari(GuestSupply supply, List<GlobalTask> tasks) {
        MprResult pre = necessary(BCL, supply, tasks);
        if (pre != null) {
            return pre;
        }
        return Interference.test(BCL, supply, tasks, null);
    }

    /** Load above the supply's rate (or no supply at all): a proven miss on the interface's worst case. */
    static MprResult necessary(String name, GuestSupply supply, List<GlobalTask> tasks) {
        if (tasks.isEmpty()) {
            return MprResult.pass(name, "no tasks", 0);
        }
        if (supply.rate().getNumerator().signum() == 0) {
            return MprResult.infeasible(name, "the supply gives no useful execution (Θ = 0)");
        }
        BigFraction u = BigFraction.ZERO;
        for (GlobalTask t : tasks) {
            u = u.add(t.utilization());
        }
        if (u.compareTo(supply.rate()) > 0) {
            return MprResult.infeasible(name, "the load U = " + Exact.text(u)
                    + " exceeds the supply rate Θ/Π = " + Exact.text(supply.rate()));
        }
        return null;
    }

    /**
     * Whether DEM(t) = {@code demand} of task k is small enough at t (§15.3): a miss forces DEM ≥ sbf(t), and
     * DEM &gt; sbf(t) where the supply is not full (sbf(t) &lt; m′t); so DEM &lt; sbf(t) always
     * suffices and DEM = sbf(t) only below a full supply. A miss also forces DEM − m′·C_k ≥ the supply's
     * room (§15.20), so DEM − m′·C_k below it suffices as well.
     */
    static boolean holds(Ticks tk, int k, long demand, long t) {
        long sbf = tk.sbf(t);
        long own = Math.multiplyExact((long) tk.m, tk.wcet[k]);
        // a miss forces DEM − m′·C_k ≥ the room of §15.20 too; by default room = sbf − m′·C_k
        return demand - own < tk.room(t, tk.wcet[k]) || demand == sbf && sbf < Math.multiplyExact((long) tk.m, t);
    }

    /** DEM(t, m′) of Theorem 1 for task k at the window t = A_k + D_k (ticks). */
    static long demand(Ticks tk, int k, long t) {
        int n = tk.wcet.length;
        long ck = tk.wcet[k];
        long a = t - tk.deadline[k];
        long sumHat = 0;
        long[] diff = new long[n];
        for (int i = 0; i < n; i++) {
            long c = tk.wcet[i];
            long p = tk.period[i];
            long jobs = Math.floorDiv(t + p - tk.deadline[i], p);
            long dbf = Math.multiplyExact(jobs, c);
            long carry = Math.min(c, Math.max(0, t - Math.multiplyExact(jobs, p)));
            long w = dbf + carry;
            long hat;
            long bar;
            if (i == k) {
                hat = Math.min(dbf - ck, a);
                bar = Math.min(w - ck, a);
            } else {
                hat = Math.min(dbf, t - ck);
                bar = Math.min(w, t - ck);
            }
            sumHat = Math.addExact(sumHat, hat);
            diff[i] = bar - hat;
        }
        Arrays.sort(diff);
        long top = 0;
        for (int i = 0; i < Math.min(tk.m - 1, n); i++) {
            top = Math.addExact(top, diff[n - 1 - i]);
        }
        return Math.addExact(Math.addExact(sumHat, top), Math.multiplyExact((long) tk.m, ck));
    }

    /** The arithmetic progressions (start, step) of window lengths where DEM may change slope or jump (sbf's corners apart). */
    private static long[][] progressions(Ticks tk, int k) {
        int n = tk.wcet.length;
        long[][] out = new long[4 * n + 1][];
        int x = 0;
        for (int i = 0; i < n; i++) {
            out[x++] = new long[] {tk.deadline[i], tk.period[i]};         // dbf_i jumps
            out[x++] = new long[] {0, tk.period[i]};                      // carry-in starts
            out[x++] = new long[] {tk.wcet[i], tk.period[i]};             // carry-in ends
            out[x++] = new long[] {tk.wcet[k], tk.wcet[i]};               // a workload meets t − C_k
        }
        out[x++] = new long[] {tk.deadline[k], tk.wcet[k]};               // task k's own terms meet A_k
        return out;
    }

    private static long estimate(Ticks tk, int k, long hi) {
        long lo = tk.deadline[k];
        long total = 2 + tk.supply.roomCorners(lo, hi, tk.wcet[k], null);
        for (long[] pr : progressions(tk, k)) {
            long first = first(pr[0], pr[1], lo);
            if (first <= hi) {
                total += (hi - first) / pr[1] + 1;
            }
            if (total > MAX_POINTS) {
                return total;
            }
        }
        return total;
    }

    private static long first(long start, long step, long lo) {
        return start >= lo ? start : start + Math.floorDiv(lo - start + step - 1, step) * step;
    }

    private static void forEachPoint(Ticks tk, int k, long hi, LongConsumer f) {
        long lo = tk.deadline[k];
        f.accept(lo);
        f.accept(hi);
        tk.supply.roomCorners(lo, hi, tk.wcet[k], f);
        for (long[] pr : progressions(tk, k)) {
            for (long t = first(pr[0], pr[1], lo); t <= hi; t += pr[1]) {
                f.accept(t);
            }
        }
    }
}
