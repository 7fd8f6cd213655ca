package org.vmsched.analysis.hier;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * CBS/FP (THEORY.md §11): every VM a hard CBS reservation, the reservations scheduled by EDF at
 * the hypervisor, fixed priorities inside each VM. The supply of a reservation (Q, P, D) with
 * overhead X and at most N preemptions per server period has useful chunk Θ = Q − (1 + N)·X and
 * blackout
 * <ul>
 *   <li>B = P + D − 2Θ − min(N, 1)·X in general (for D = P and N ≥ 1 the periodic server's
 *       2(P − Q) + (2N + 1)·X):
 *       lower-priority work may spend a server period's budget early, and a higher-priority job
 *       that arrives just after waits for the next period's budget, which may come last;</li>
 *   <li>B = D − Θ when the VM is <em>aligned</em>: every release of its tasks lies on the grid of
 *       its reservation period counted from its first release (P divides every task period and
 *       every offset difference). Then the CBS is fresh (full budget, deadline r + D) at every
 *       release r, because it sets its deadlines from the VM's wake-ups, not from a fixed grid.</li>
 * </ul>
 * Response times are exact (integer ticks). Shared machinery, so it stays in the analysis layer
 * rather than in {@code policy.cbs}: CBS's analysis of a scenario ({@code policy.cbs.CbsAnalysis})
 * uses it, and so do the paper reproductions ({@code experiment.HierarchyComparison},
 * {@code TwoVmExample}) and their charts ({@code chart.HierarchyCharts}). Stateless.
 */
public final class CbsFp {

    private CbsFp() {
    }

    /** Which of the two supplies applies to a VM. */
    public enum Phase {
        /** Any phase between the VM's releases and its server periods: B = P + D − 2Θ − X. */
        ANY,
        /** Every release on the reservation's grid from the first: B = D − Θ. */
        ALIGNED
    }

    /** ALIGNED when P divides every task period and the difference of every offset from the least. */
    public static Phase phase(CbsReservation r, List<TickTask> tasks) {
        long first = Long.MAX_VALUE;
        for (TickTask t : tasks) {
            first = Math.min(first, t.offset());
        }
        for (TickTask t : tasks) {
            if (t.period() % r.period() != 0 || (t.offset() - first) % r.period() != 0) {
                return Phase.ANY;
            }
        }
        return Phase.ALIGNED;
    }

    /** The guaranteed supply of the reservation with at most {@code preemptions} preemptions per server period. */
    public static ReservationSupply supply(CbsReservation r, long preemptions, Phase phase) {
        long lost = Math.multiplyExact(Math.addExact(1, preemptions), r.overhead());
        long chunk = r.budget() - lost;
        if (chunk <= 0) {
            return new ReservationSupply(r.period(), 0, 0);
        }
        // Any phase: P + D − 2Θ − X after a period's last useful unit; a wake-up that keeps a pair
        // (c, d) with c ≤ X pays X again for nothing, which reaches P + D − 2Θ − N·X: so the overhead
        // term is min(N, 1)·X (THEORY.md §11.1, found by HierarchySoundnessProperties).
        long blackout = phase == Phase.ALIGNED
                ? r.deadline() - chunk
                : Math.subtractExact(Math.addExact(r.period(), r.deadline()),
                        Math.addExact(Math.multiplyExact(2, chunk), Math.min(preemptions, 1) * r.overhead()));
        return new ReservationSupply(r.period(), chunk, blackout);
    }

    /**
     * At most how often the other reservations preempt {@code vm} within one of its server
     * periods, whose budget runs in (a, a + D) under EDF. A reservation j becomes eligible at a
     * replenishment τ with deadline τ + Dj, which outranks a + D only when τ &lt; a + D − Dj:
     * ⌈(D − Dj)/Pj⌉ times if Dj &lt; D; and at a wake-up, at most once per release of one of its
     * tasks, Σk ⌈D/Tk⌉, whatever its deadline (the CBS may keep an earlier one). 0 when the
     * overhead is 0 (there is nothing to count).
     */
    public static long preemptions(CbsVm vm, List<CbsVm> others) {
        if (vm.reservation().overhead() == 0) {
            return 0;
        }
        long p = 0;
        long d = vm.reservation().deadline();
        for (CbsVm j : others) {
            if (j == vm) {
                continue;
            }
            CbsReservation rj = j.reservation();
            if (rj.deadline() < d) {
                p = Math.addExact(p, ReservationSupply.ceilDiv(d - rj.deadline(), rj.period()));
            }
            for (TickTask k : j.tasks()) {
                p = Math.addExact(p, ReservationSupply.ceilDiv(d, k.period()));
            }
        }
        return p;
    }

    /** The supply of {@code vm} among {@code others} (its phase from its own tasks). */
    public static ReservationSupply supply(CbsVm vm, List<CbsVm> others) {
        return supply(vm.reservation(), preemptions(vm, others), phase(vm.reservation(), vm.tasks()));
    }

    /** Response times of the VM's tasks (−1: deadline missed). */
    public static long[] responseTimes(CbsVm vm, List<CbsVm> others) {
        return supply(vm, others).responseTimes(vm.tasks());
    }

    /**
     * The hypervisor test for hard reservations under EDF: Σ Q/P ≤ 1 when every deadline equals its
     * period (exact), else the density test Σ Q/D ≤ 1 (sufficient). Exact fractions.
     */
    public static boolean edfAdmits(List<CbsReservation> reservations) {
        BigInteger num = BigInteger.ZERO;
        BigInteger den = BigInteger.ONE;
        for (CbsReservation r : reservations) {
            BigInteger q = BigInteger.valueOf(r.budget());
            BigInteger p = BigInteger.valueOf(Math.min(r.deadline(), r.period()));
            num = num.multiply(p).add(q.multiply(den));
            den = den.multiply(p);
            BigInteger g = num.gcd(den);
            num = num.divide(g);
            den = den.divide(g);
        }
        return num.compareTo(den) <= 0;
    }

    /** The outcome of {@link #coreTest}. */
    public enum CoreTest {
        /** Every backlogged server gets its budget by its deadline. */
        ADMITS,
        /** Σ Q/P &gt; 1: some server must miss in the long run. */
        FAILS,
        /** A deadline below its period and the demand test fails (or needs too many points): not proven. */
        UNDECIDED
    }

    /** Most deadlines the demand test of {@link #coreTest} checks; beyond: {@link CoreTest#UNDECIDED}. */
    static final long MAX_DEMAND_POINTS = 200_000;

    /**
     * The hypervisor test for hard reservations under EDF (THEORY.md §11.10). Σ Q/P &gt; 1 fails.
     * With every deadline equal to its period, Σ Q/P ≤ 1 admits (exact). Otherwise each server's
     * demand by a window of length L is bounded: an aligned VM (its {@code phases} entry) wakes only
     * on its grid, so its server is a sporadic task (Q, D, P): max(0, ⌊(L − D)/P⌋ + 1)·Q; any other
     * may carry into the window a kept budget c ≤ Q·x/D due x after the window opens:
     * Q·(⌊L/P⌋ + min(L mod P, D)/D) (Q·L/P when D = P, the CBS's bandwidth isolation). The servers
     * are admitted when Σ Q/P &lt; 1 and the total is at most L at every breakpoint (kP + D, and kP
     * for the second kind) up to Σ (P − D)·Q/P / (1 − Σ Q/P); otherwise undecided. Exact.
     */
    public static CoreTest coreTest(List<CbsReservation> reservations, List<Phase> phases) {
        if (!edfAdmitsByPeriod(reservations)) {
            return CoreTest.FAILS;
        }
        if (reservations.stream().noneMatch(r -> r.deadline() < r.period())) {
            return CoreTest.ADMITS;
        }
        BigFraction u = bandwidth(reservations);
        if (u.compareTo(BigFraction.ONE) >= 0) {
            return CoreTest.UNDECIDED;
        }
        // beyond L* = Σ U(P − D) / (1 − U) every bound above stays below L (each is ≤ U·(L + P − D))
        BigInteger top = ceil(slack(reservations).divide(BigFraction.ONE.subtract(u)));
        if (demandPoints(reservations, phases, top) > MAX_DEMAND_POINTS || top.bitLength() > 62) {
            return CoreTest.UNDECIDED;
        }
        BigInteger lcmD = lcmOfDeadlines(reservations, phases);
        for (long l : breakpoints(reservations, phases, top.longValueExact())) {
            // demand·lcmD ≤ L·lcmD, every term an integer
            if (demand(reservations, phases, l, lcmD).compareTo(BigInteger.valueOf(l).multiply(lcmD)) > 0) {
                return CoreTest.UNDECIDED;
            }
        }
        return CoreTest.ADMITS;
    }

    /** Σ Q/P, exact. */
    private static BigFraction bandwidth(List<CbsReservation> reservations) {
        BigFraction u = BigFraction.ZERO;
        for (CbsReservation r : reservations) {
            u = u.add(new BigFraction(BigInteger.valueOf(r.budget()), BigInteger.valueOf(r.period())));
        }
        return u;
    }

    /** Σ (P − D)·Q/P, exact: how far the demand bounds of {@link #coreTest} run ahead of the bandwidth. */
    private static BigFraction slack(List<CbsReservation> reservations) {
        BigFraction slack = BigFraction.ZERO;
        for (CbsReservation r : reservations) {
            BigFraction ur = new BigFraction(BigInteger.valueOf(r.budget()), BigInteger.valueOf(r.period()));
            slack = slack.add(ur.multiply(BigInteger.valueOf(r.period() - r.deadline())));
        }
        return slack;
    }

    /** About how many breakpoints {@link #breakpoints} gives up to {@code top} (two a period for a VM not aligned). */
    private static double demandPoints(List<CbsReservation> reservations, List<Phase> phases, BigInteger top) {
        double count = 0;
        for (int k = 0; k < reservations.size(); k++) {
            count += (top.doubleValue() / reservations.get(k).period() + 1) * (phases.get(k) == Phase.ALIGNED ? 1 : 2);
        }
        return count;
    }

    /** The least common multiple of the deadlines of the VMs not aligned (1 when all are): it makes every demand whole. */
    private static BigInteger lcmOfDeadlines(List<CbsReservation> reservations, List<Phase> phases) {
        BigInteger lcmD = BigInteger.ONE;
        for (int k = 0; k < reservations.size(); k++) {
            if (phases.get(k) != Phase.ALIGNED) {
                BigInteger d = BigInteger.valueOf(reservations.get(k).deadline());
                lcmD = lcmD.divide(lcmD.gcd(d)).multiply(d);
            }
        }
        return lcmD;
    }

    /** The window lengths up to {@code lim} where a demand bound steps: kP + D, and kP (k ≥ 1) for a VM not aligned. */
    private static TreeSet<Long> breakpoints(List<CbsReservation> reservations, List<Phase> phases, long lim) {
        TreeSet<Long> points = new TreeSet<>();
        for (int k = 0; k < reservations.size(); k++) {
            CbsReservation r = reservations.get(k);
            for (long base = 0; base <= lim; base = Math.addExact(base, r.period())) {
                if (base + r.deadline() <= lim) {
                    points.add(base + r.deadline());
                }
                if (phases.get(k) != Phase.ALIGNED && base > 0) {
                    points.add(base);
                }
            }
        }
        return points;
    }

    /** The servers' demand bound in a window of length {@code l}, times {@code lcmD} (so a whole number). */
    private static BigInteger demand(List<CbsReservation> reservations, List<Phase> phases, long l, BigInteger lcmD) {
        BigInteger demand = BigInteger.ZERO;
        for (int k = 0; k < reservations.size(); k++) {
            CbsReservation r = reservations.get(k);
            BigInteger q = BigInteger.valueOf(r.budget());
            if (phases.get(k) == Phase.ALIGNED) {
                if (l >= r.deadline()) {
                    demand = demand.add(BigInteger.valueOf((l - r.deadline()) / r.period() + 1).multiply(q).multiply(lcmD));
                }
            } else {
                long whole = l / r.period();
                long part = Math.min(l % r.period(), r.deadline());
                demand = demand.add(BigInteger.valueOf(whole).multiply(q).multiply(lcmD))
                        .add(q.multiply(BigInteger.valueOf(part)).multiply(lcmD.divide(BigInteger.valueOf(r.deadline()))));
            }
        }
        return demand;
    }

    private static BigInteger ceil(BigFraction f) {
        BigInteger[] qr = f.getNumerator().divideAndRemainder(f.getDenominator());
        return qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
    }

    /** Σ Q/P ≤ 1 in exact fractions. */
    private static boolean edfAdmitsByPeriod(List<CbsReservation> reservations) {
        BigInteger num = BigInteger.ZERO;
        BigInteger den = BigInteger.ONE;
        for (CbsReservation r : reservations) {
            BigInteger q = BigInteger.valueOf(r.budget());
            BigInteger p = BigInteger.valueOf(r.period());
            num = num.multiply(p).add(q.multiply(den));
            den = den.multiply(p);
            BigInteger g = num.gcd(den);
            num = num.divide(g);
            den = den.divide(g);
        }
        return num.compareTo(den) <= 0;
    }

    /** The verdict on a whole CBS/FP system: the hypervisor test and every VM's response times. */
    public static Result analyse(List<CbsVm> vms) {
        List<CbsReservation> rs = new ArrayList<>();
        List<VmResult> out = new ArrayList<>();
        boolean all = true;
        for (CbsVm vm : vms) {
            rs.add(vm.reservation());
            ReservationSupply s = supply(vm, vms);
            long[] r = s.responseTimes(vm.tasks());
            boolean ok = true;
            for (long x : r) {
                ok &= x >= 0;
            }
            all &= ok;
            out.add(new VmResult(vm.name(), phase(vm.reservation(), vm.tasks()), preemptions(vm, vms), s, r, ok));
        }
        boolean admitted = edfAdmits(rs);
        return new Result(admitted, admitted && all, List.copyOf(out));
    }

    /** One VM's part of {@link #analyse}: its phase, P, supply and response times (−1 = miss). */
    public record VmResult(String name, Phase phase, long preemptions, ReservationSupply supply, long[] responseTimes,
                           boolean schedulable) {
    }

    /** The system's verdict: {@code schedulable} needs the hypervisor test and every VM. */
    public record Result(boolean hypervisorAdmits, boolean schedulable, List<VmResult> vms) {
    }

    /**
     * The least budget Q in [1, D] with which the tasks meet their deadlines in a reservation of
     * this period, deadline and overhead, with at most {@code preemptions} preemptions per server
     * period and the given phase; −1 when even Q = D fails. Supply grows with Q at every window
     * (Θ grows, B shrinks), so bisection finds the least Q.
     */
    public static long minBudget(List<TickTask> tasks, long period, long deadline, long overhead, long preemptions,
                                 Phase phase) {
        if (!supply(new CbsReservation(deadline, period, deadline, overhead), preemptions, phase).schedulable(tasks)) {
            return -1;
        }
        long lo = 0; // fails (or is no budget)
        long hi = deadline; // passes
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            if (supply(new CbsReservation(mid, period, deadline, overhead), preemptions, phase).schedulable(tasks)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /** {@link #minBudget} with the phase the tasks have in a reservation of this period. */
    public static long minBudget(List<TickTask> tasks, long period, long overhead) {
        Phase ph = phase(new CbsReservation(period, period, period, overhead), tasks);
        return minBudget(tasks, period, period, overhead, 0, ph);
    }

    /**
     * The seed's Eq. 2: task i passes when Ci + Σ_{j&lt;i} ⌈t/Tj⌉·Cj ≤ Z(t) at some t of a set of
     * scheduling points. The points are Bini and Buttazzo's reduced set P_{i−1}(Di)
     * (P_0(t) = {t}, P_j(t) = P_{j−1}(⌊t/Tj⌋·Tj) ∪ P_{j−1}(t)), as the original test used them,
     * and with {@code enriched} also the points in (0, Di] where Z changes slope, as the seed
     * proposes. Without them the test is only sufficient (THEORY.md §11.3).
     */
    public static boolean pointTest(ReservationSupply z, List<TickTask> tasks, boolean enriched) {
        for (int i = 0; i < tasks.size(); i++) {
            if (!pointTest(z, tasks, i, enriched)) {
                return false;
            }
        }
        return true;
    }

    static boolean pointTest(ReservationSupply z, List<TickTask> tasks, int i, boolean enriched) {
        TreeSet<Long> points = new TreeSet<>();
        reducedPoints(tasks, i - 1, tasks.get(i).deadline(), points);
        if (enriched) {
            for (long s : z.slopeChanges(tasks.get(i).deadline())) {
                points.add(s);
            }
        }
        for (long t : points) {
            if (t <= 0) {
                continue;
            }
            long w = tasks.get(i).wcet();
            for (int j = 0; j < i; j++) {
                w = Math.addExact(w, Math.multiplyExact(ReservationSupply.ceilDiv(t, tasks.get(j).period()),
                        tasks.get(j).wcet()));
            }
            if (w <= z.sbf(t)) {
                return true;
            }
        }
        return false;
    }

    private static void reducedPoints(List<TickTask> tasks, int j, long t, Set<Long> out) {
        if (t <= 0) {
            return;
        }
        if (j < 0) {
            out.add(t);
            return;
        }
        long tj = tasks.get(j).period();
        reducedPoints(tasks, j - 1, Math.floorDiv(t, tj) * tj, out);
        reducedPoints(tasks, j - 1, t, out);
    }
}
