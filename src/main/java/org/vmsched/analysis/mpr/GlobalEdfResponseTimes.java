package org.vmsched.analysis.mpr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.text.Format;

/**
 * Bertogna and Cirinei's response-time analysis of global EDF with slack iteration (RTSS 2007),
 * in continuous time and carried to an MPR supply (THEORY.md §15.16): a job of task k released at r
 * is done by r + R as soon as sbf(R) − m′·C_k − Σ_{i≠k} min(I_i, R − C_k) &gt; 0, I_i the EDF
 * workload of τ_i in [r, r + D_k] less its carry-in job's slack S_i = D_i − R_i; the bound is the
 * least such R, and the slacks are iterated from 0 while a bound improves. Sufficient only: every
 * task bounded within its deadline proves the set schedulable; else "undecided", never "not
 * schedulable" but for the load above the supply's rate. At the host (M dedicated cores, servers as
 * implicit-deadline tasks) a deferrable server keeps slack 0: it may run its budget at the end of
 * its period. Exact fractions. Stateless.
 */
public final class GlobalEdfResponseTimes {

    /** The name of {@link #host}. */
    public static final String HOST = "Bertogna-Cirinei global EDF response times with slack (RTSS 2007), servers as tasks";

    /** The name of {@link #onMpr}. */
    public static final String ON_MPR = "Bertogna-Cirinei global EDF response times with slack, on MPR";

    /**
     * The most corners of a supply given by its corners (the host's own schedule, §15.19–§15.20) that one bound
     * walks or one level test tries: a deadline of 5·10^6 on a schedule of period 10 has 10^6 of them, and the
     * walk took minutes and gigabytes (bench/fuzz-2030-case-13097.json). Past it that supply gives no bound (it
     * proves nothing there; the other supplies still answer): undecided at worst, never unsound.
     */
    static final long MAX_CORNERS = 20_000;

    /** Rounds of the slack iteration at most (each round can only lower the bounds). */
    static final int MAX_ROUNDS = 16;

    /**
     * Terms of g one run of the test evaluates at most (each evaluation of g costs a term per task):
     * past it the test stops, undecided, as the other analyses' work bounds do
     * (docs/reference/command-line.md, Limits). A host of 6,400 vCPUs of 100 periods took hours.
     */
    static final long MAX_TERMS = 50_000_000L;

    /** The terms of g counted against {@link #MAX_TERMS}; {@link #UNBOUNDED} for the callers outside a run. */
    static final class Work {
        static final Work UNBOUNDED = new Work(Long.MAX_VALUE);
        private final long max;
        private long terms;

        Work(long max) {
            this.max = max;
        }

        void add(int n) {
            if (this != UNBOUNDED) {
                terms += n;
                if (terms > max) {
                    throw new WorkBoundReached();
                }
            }
        }
    }

    /** Thrown inside a run when its {@link Work} passes its bound; caught by the run. */
    private static final class WorkBoundReached extends RuntimeException {
        WorkBoundReached() {
            super(null, null, false, false);
        }
    }

    private GlobalEdfResponseTimes() {
    }

    /**
     * A test's answer and, when it proves every task, each task's response-time bound in the order
     * given (else an empty list). Immutable.
     */
    public record Bounds(MprResult result, List<BigFraction> responseTimes) {

        public Bounds {
            responseTimes = List.copyOf(responseTimes);
        }
    }

    /** The host test: every virtual CPU as an implicit-deadline task on {@code cores} dedicated cores. */
    public static Bounds host(int cores, List<VcpuServer> vcpus) {
        return host(cores, vcpus, MAX_TERMS);
    }

    /** As {@link #host(int, List)}, with at most {@code maxTerms} terms of g (the tests set a small bound). */
    static Bounds host(int cores, List<VcpuServer> vcpus, long maxTerms) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be at least 1, got " + cores);
        }
        if (vcpus.isEmpty()) {
            return new Bounds(MprResult.pass(HOST, "no virtual CPUs", 0), List.of());
        }
        BigFraction u = BigFraction.ZERO;
        for (VcpuServer v : vcpus) {
            u = u.add(v.budget().divide(v.period()));
        }
        if (u.compareTo(new BigFraction(cores)) > 0) {
            return new Bounds(MprResult.infeasible(HOST, "the servers' bandwidth " + Exact.text(u) + " exceeds the "
                    + cores + (cores == 1 ? " core" : " cores")), List.of());
        }
        MprSupply dedicated = new MprSupply(BigFraction.ONE, new BigFraction(cores), cores, BigFraction.ZERO);
        boolean[] slack = new boolean[vcpus.size()];
        for (int i = 0; i < slack.length; i++) {
            slack[i] = !vcpus.get(i).deferrable();
        }
        return run(HOST, dedicated, vcpus.stream().map(VcpuServer::asTask).toList(), slack, maxTerms);
    }

    /** The guest test: constrained-deadline sporadic tasks under global EDF on {@code supply}. */
    public static Bounds onMpr(GuestSupply supply, List<GlobalTask> tasks) {
        MprResult pre = GlobalEdfOnMpr.necessary(ON_MPR, supply, tasks);
        if (pre != null) {
            return new Bounds(pre, List.of());
        }
        boolean[] slack = new boolean[tasks.size()];
        Arrays.fill(slack, true);
        return run(ON_MPR, supply, tasks, slack, MAX_TERMS);
    }

    private static Bounds run(String name, GuestSupply supply, List<GlobalTask> tasks, boolean[] slackAllowed, long maxTerms) {
        int n = tasks.size();
        BigFraction[] slack = new BigFraction[n];
        Arrays.fill(slack, BigFraction.ZERO);
        BigFraction[] r = new BigFraction[n];
        long points = 0;
        Work budget = new Work(maxTerms);
        for (int round = 0; round < MAX_ROUNDS; round++) {
            boolean changed = false;
            for (int k = 0; k < n; k++) {
                try {
                    r[k] = response(supply, tasks.get(k).wcet(), tasks.get(k).deadline(), edfWork(tasks, k, slack), budget);
                } catch (WorkBoundReached stop) {
                    return new Bounds(MprResult.limit(name, "stopped after " + Format.count(maxTerms, "term", "terms") + " of its"
                            + " iteration (the test's work bound), at " + GlobalTask.label(tasks, k) + "; this is no proof of a"
                            + " miss", points), List.of());
                }
                points++;
                if (r[k] != null && slackAllowed[k]) {
                    BigFraction s = tasks.get(k).deadline().subtract(r[k]);
                    if (s.compareTo(slack[k]) > 0) {
                        slack[k] = s;
                        changed = true;
                    }
                }
            }
            if (!changed) {
                break;
            }
        }
        for (int k = 0; k < n; k++) {
            if (r[k] == null) {
                return new Bounds(MprResult.fails(name, "no response-time bound of " + GlobalTask.label(tasks, k)
                        + " within its deadline " + Exact.text(tasks.get(k).deadline()) + "; this is no proof of a miss",
                        tasks.get(k).deadline(), points), List.of());
            }
        }
        List<BigFraction> out = new ArrayList<>(List.of(r));
        StringBuilder why = new StringBuilder("every task's response time is bounded within its deadline: ");
        for (int k = 0; k < n; k++) {
            why.append(k == 0 ? "" : ", ").append("R(").append(GlobalTask.label(tasks, k)).append(") ≤ ").append(Exact.text(r[k]));
        }
        return new Bounds(MprResult.pass(name, why.toString(), points), out);
    }

    /** BC's EDF workload of τ_i in a window of length L ending at a deadline, its carry-in job finishing S_i early. */
    static BigFraction workload(GlobalTask ti, BigFraction len, BigFraction slack) {
        BigFraction jobs = new BigFraction(Exact.floor(len.divide(ti.period())));
        BigFraction rest = len.subtract(jobs.multiply(ti.period())).subtract(slack);
        BigFraction carry = rest.compareTo(BigFraction.ZERO) <= 0 ? BigFraction.ZERO : rest.compareTo(ti.wcet()) < 0 ? rest : ti.wcet();
        return jobs.multiply(ti.wcet()).add(carry);
    }

    /**
     * The least R in [C_k, D_k] past which g(R) = sbf(R) − m′C_k − Σ_{i≠k} min(I_i, R − C_k) is
     * positive (the infimum of {R : g(R) &gt; 0}), or null if it is above D_k. g is continuous and
     * linear between its corners, so it is walked corner to corner (§15.16); between two corners
     * of the workload (C_k + I_i, D_k) the supply's corners of one kind are a period apart and g
     * at them an arithmetic progression, so the first positive one is computed, not walked to:
     * O(n) evaluations of g a task, whatever D_k/Π (issue 30: 4·10^7 corners at D_k = 2·10^8, Π = 10).
     */
    static BigFraction response(MprSupply supply, List<GlobalTask> tasks, int k, BigFraction[] slack) {
        return response(supply, tasks, k, slack, new long[1]);
    }

    /** As {@link #response(MprSupply, List, int, BigFraction[])}, adding to {@code evaluations[0]} how often g was evaluated. */
    static BigFraction response(MprSupply supply, List<GlobalTask> tasks, int k, BigFraction[] slack, long[] evaluations) {
        return response(supply, tasks.get(k).wcet(), tasks.get(k).deadline(), edfWork(tasks, k, slack), evaluations);
    }

    /** Each other task's EDF workload in the window of task k's deadline, its carry-in job finishing its slack early; null for k. */
    static BigFraction[] edfWork(List<GlobalTask> tasks, int k, BigFraction[] slack) {
        BigFraction[] work = new BigFraction[tasks.size()];
        for (int i = 0; i < work.length; i++) {
            work[i] = i == k ? null : workload(tasks.get(i), tasks.get(k).deadline(), slack[i]);
        }
        return work;
    }

    /**
     * The least R in [c, d] past which sbf(R) − m′c − Σ_i min(work_i, R − c) is positive, or null: the
     * walk of {@link #response(MprSupply, List, int, BigFraction[])} for any workloads fixed over the
     * window (null entries: tasks that do not interfere).
     */
    static BigFraction response(MprSupply supply, BigFraction c, BigFraction d, BigFraction[] work, long[] evaluations) {
        return response(supply, c, d, work, evaluations, Work.UNBOUNDED);
    }

    private static BigFraction response(MprSupply supply, BigFraction c, BigFraction d, BigFraction[] work, long[] evaluations,
                                        Work budget) {
        TreeSet<BigFraction> fixed = new TreeSet<>();
        for (BigFraction w : work) {
            if (w != null) {
                fixed.add(c.add(w));
            }
        }
        boolean full = supply.blackout().getNumerator().signum() == 0
                && supply.budget().equals(supply.period().multiply(supply.concurrency()));
        BigFraction end = full ? d.add(BigFraction.ONE) : d.add(supply.period());
        fixed.add(d);
        fixed.add(end);
        Walk w = new Walk(supply, c, work, full, evaluations, budget);
        BigFraction lo = c;
        BigFraction gLo = w.g(c);
        if (gLo.compareTo(BigFraction.ZERO) > 0) {
            return c;
        }
        for (BigFraction hi : fixed.tailSet(c, false)) {
            if (lo.compareTo(d) >= 0) {
                // at or past D_k (g(D_k) = 0 here): only the very next corner can close a piece at D_k
                return gLo.getNumerator().signum() == 0 && w.g(w.next(lo, hi)).getNumerator().signum() > 0 ? lo : null;
            }
            // hi ≤ D_k: the first positive corner in (lo, hi], then its piece's zero
            BigFraction p = w.firstPositive(lo, hi);
            if (p == null) {
                BigFraction gHi = w.g(hi);
                if (gHi.getNumerator().signum() > 0) {
                    p = hi;
                } else {
                    lo = hi;
                    gLo = gHi;
                    if (lo.compareTo(d) >= 0 && gLo.getNumerator().signum() < 0) {
                        return null;
                    }
                    continue;
                }
            }
            BigFraction q = w.before(lo, p);
            BigFraction gq = q.equals(lo) ? gLo : w.g(q);
            BigFraction gp = w.g(p);
            BigFraction root = gq.getNumerator().signum() == 0 ? q : q.add(gq.negate().multiply(p.subtract(q)).divide(gp.subtract(gq)));
            return root.compareTo(d) <= 0 ? root : null;
        }
        return null;
    }

    /**
     * The bound on a supply given by its corners (a {@link ScheduleSupply}, §15.19): g is evaluated
     * at the workload's corners and the supply's, in order, g being concave between consecutive ones
     * (the min terms are linear there, sbf concave); at the first positive one p, with q the one
     * before, every R past the root of the chord from (q, g(q)) to (p, g(p)) has g(R) &gt; 0, so
     * that root bounds the response time (it may lie above the infimum of §15.16, never below it).
     * Null when no point up to D_k has g &gt; 0.
     */
    static BigFraction response(GuestSupply supply, List<GlobalTask> tasks, int k, BigFraction[] slack) {
        return response(supply, tasks.get(k).wcet(), tasks.get(k).deadline(), edfWork(tasks, k, slack));
    }

    /** As {@link #response(GuestSupply, List, int, BigFraction[])} for any workloads fixed over the window (null: none). */
    static BigFraction response(GuestSupply supply, BigFraction c, BigFraction d, BigFraction[] work) {
        return response(supply, c, d, work, Work.UNBOUNDED);
    }

    /** As {@link #response(GuestSupply, BigFraction, BigFraction, BigFraction[])}, each evaluation of g counted in {@code budget}. */
    private static BigFraction response(GuestSupply supply, BigFraction c, BigFraction d, BigFraction[] work, Work budget) {
        if (supply instanceof MprSupply mpr) {
            return response(mpr, c, d, work, new long[1], budget);
        }
        if (supply.cornerCount(c, d) > MAX_CORNERS) {
            return null; // a walk past MAX_CORNERS corners: no bound from this supply (the MPR walk above has none)
        }
        TreeSet<BigFraction> points = new TreeSet<>(supply.roomCorners(c, d, c));
        for (BigFraction w : work) {
            if (w != null && c.add(w).compareTo(d) <= 0) {
                points.add(c.add(w));
            }
        }
        points.add(c);
        points.add(d);
        BigFraction q = null;
        BigFraction gq = null;
        for (BigFraction p : points) {
            budget.add(work.length);
            BigFraction gp = g(supply, p, c, work);
            if (gp.getNumerator().signum() > 0) {
                if (q == null) {
                    return p;
                }
                return gq.getNumerator().signum() == 0 ? q : q.add(gq.negate().multiply(p.subtract(q)).divide(gp.subtract(gq)));
            }
            q = p;
            gq = gp;
        }
        return null;
    }

    /** g and the supply's corners B + jΠ and B + jΠ + Θ/m′ (none when the supply is full) for one task. */
    private record Walk(MprSupply supply, BigFraction c, BigFraction[] work, boolean full, long[] evaluations, Work budget) {

        BigFraction g(BigFraction r) {
            evaluations[0]++;
            budget.add(work.length);
            return GlobalEdfResponseTimes.g(supply, r, c, work);
        }

        BigFraction offset(int kind) {
            return kind == 0 ? supply.blackout() : supply.blackout().add(supply.chunkLength());
        }

        /** The least j ≥ 0 with offset + jΠ &gt; lo. */
        BigInteger firstAbove(int kind, BigFraction lo) {
            BigInteger j = Exact.floor(lo.subtract(offset(kind)).divide(supply.period())).add(BigInteger.ONE);
            return j.signum() < 0 ? BigInteger.ZERO : j;
        }

        /** The greatest j with offset + jΠ &lt; hi (maybe negative: none). */
        BigInteger lastBelow(int kind, BigFraction hi) {
            return Exact.ceil(hi.subtract(offset(kind)).divide(supply.period())).subtract(BigInteger.ONE);
        }

        BigFraction corner(int kind, BigInteger j) {
            return offset(kind).add(supply.period().multiply(new BigFraction(j)));
        }

        /** The first corner of the supply in (lo, hi) where g &gt; 0, or null; no corner of the workload lies in between. */
        BigFraction firstPositive(BigFraction lo, BigFraction hi) {
            if (full) {
                return null;
            }
            BigFraction best = null;
            for (int kind = 0; kind < 2; kind++) {
                BigInteger j0 = firstAbove(kind, lo);
                BigInteger j1 = lastBelow(kind, hi);
                if (j0.compareTo(j1) > 0) {
                    continue;
                }
                BigFraction g0 = g(corner(kind, j0));
                BigInteger first = null;
                if (g0.getNumerator().signum() > 0) {
                    first = j0;
                } else if (j0.compareTo(j1) < 0) {
                    // sbf gains Θ a period and the workload term loses s·Π (s tasks still growing): g(j) = g0 + (j − j0)·Δ
                    BigFraction delta = g(corner(kind, j0.add(BigInteger.ONE))).subtract(g0);
                    if (delta.getNumerator().signum() > 0) {
                        BigInteger j = j0.add(Exact.floor(g0.negate().divide(delta))).add(BigInteger.ONE);
                        if (j.compareTo(j1) <= 0) {
                            first = j;
                        }
                    }
                }
                if (first != null) {
                    BigFraction p = corner(kind, first);
                    if (best == null || p.compareTo(best) < 0) {
                        best = p;
                    }
                }
            }
            return best;
        }

        /** The last corner before p: lo or a corner of the supply in (lo, p). */
        BigFraction before(BigFraction lo, BigFraction p) {
            BigFraction q = lo;
            if (!full) {
                for (int kind = 0; kind < 2; kind++) {
                    BigInteger j = lastBelow(kind, p);
                    if (j.signum() >= 0) {
                        BigFraction x = corner(kind, j);
                        if (x.compareTo(q) > 0) {
                            q = x;
                        }
                    }
                }
            }
            return q;
        }

        /** The first corner after lo: hi or a corner of the supply in (lo, hi). */
        BigFraction next(BigFraction lo, BigFraction hi) {
            BigFraction p = hi;
            if (!full) {
                for (int kind = 0; kind < 2; kind++) {
                    BigFraction x = corner(kind, firstAbove(kind, lo));
                    if (x.compareTo(p) < 0) {
                        p = x;
                    }
                }
            }
            return p;
        }
    }

    private static BigFraction g(GuestSupply supply, BigFraction r, BigFraction c, BigFraction[] work) {
        BigFraction x = r.subtract(c);
        BigFraction v = supply.room(r, c);
        for (BigFraction w : work) {
            if (w != null) {
                v = v.subtract(w.compareTo(x) < 0 ? w : x);
            }
        }
        return v;
    }
}
