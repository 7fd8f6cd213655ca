package org.vmsched.analysis.mpr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;

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

    /** Rounds of the slack iteration at most (each round can only lower the bounds). */
    static final int MAX_ROUNDS = 16;

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
        return run(HOST, dedicated, vcpus.stream().map(VcpuServer::asTask).toList(), slack);
    }

    /** The guest test: constrained-deadline sporadic tasks under global EDF on {@code supply}. */
    public static Bounds onMpr(MprSupply supply, List<GlobalTask> tasks) {
        MprResult pre = GlobalEdfOnMpr.necessary(ON_MPR, supply, tasks);
        if (pre != null) {
            return new Bounds(pre, List.of());
        }
        boolean[] slack = new boolean[tasks.size()];
        Arrays.fill(slack, true);
        return run(ON_MPR, supply, tasks, slack);
    }

    private static Bounds run(String name, MprSupply supply, List<GlobalTask> tasks, boolean[] slackAllowed) {
        int n = tasks.size();
        BigFraction[] slack = new BigFraction[n];
        Arrays.fill(slack, BigFraction.ZERO);
        BigFraction[] r = new BigFraction[n];
        long points = 0;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            boolean changed = false;
            for (int k = 0; k < n; k++) {
                r[k] = response(supply, tasks, k, slack);
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
     * linear between its corners, so it is walked corner to corner (§15.16).
     */
    static BigFraction response(MprSupply supply, List<GlobalTask> tasks, int k, BigFraction[] slack) {
        GlobalTask tk = tasks.get(k);
        BigFraction c = tk.wcet();
        BigFraction d = tk.deadline();
        int n = tasks.size();
        BigFraction[] work = new BigFraction[n];
        TreeSet<BigFraction> corners = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            if (i != k) {
                work[i] = workload(tasks.get(i), d, slack[i]);
                corners.add(c.add(work[i]));
            }
        }
        BigFraction end = d.add(supply.period());
        boolean full = supply.blackout().getNumerator().signum() == 0
                && supply.budget().equals(supply.period().multiply(supply.concurrency()));
        if (full) {
            end = d.add(BigFraction.ONE);
        } else {
            for (BigFraction p = supply.blackout(); p.compareTo(end) <= 0; p = p.add(supply.period())) {
                corners.add(p);
                corners.add(p.add(supply.chunkLength()));
            }
        }
        corners.add(d);
        corners.add(end);
        BigFraction prev = c;
        BigFraction gPrev = g(supply, c, c, work);
        if (gPrev.compareTo(BigFraction.ZERO) > 0) {
            return c;
        }
        List<BigFraction> ordered = new ArrayList<>(corners.tailSet(c, false));
        Collections.sort(ordered);
        for (BigFraction p : ordered) {
            if (prev.compareTo(d) >= 0 && gPrev.compareTo(BigFraction.ZERO) < 0) {
                return null;
            }
            BigFraction gp = g(supply, p, c, work);
            if (gp.compareTo(BigFraction.ZERO) > 0) {
                BigFraction root = gPrev.compareTo(BigFraction.ZERO) == 0 ? prev
                        : prev.add(gPrev.negate().multiply(p.subtract(prev)).divide(gp.subtract(gPrev)));
                return root.compareTo(d) <= 0 ? root : null;
            }
            if (p.compareTo(d) > 0) {
                return null;
            }
            prev = p;
            gPrev = gp;
        }
        return null;
    }

    private static BigFraction g(MprSupply supply, BigFraction r, BigFraction c, BigFraction[] work) {
        BigFraction x = r.subtract(c);
        BigFraction v = supply.sbf(r).subtract(c.multiply(supply.concurrency()));
        for (BigFraction w : work) {
            if (w != null) {
                v = v.subtract(w.compareTo(x) < 0 ? w : x);
            }
        }
        return v;
    }
}
