package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.ToIntFunction;
import java.util.stream.IntStream;
import org.apache.commons.math3.random.RandomGenerator;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.hier.CbsFp;
import org.vmsched.analysis.hier.CbsReservation;
import org.vmsched.analysis.hier.CbsVm;
import org.vmsched.analysis.hier.FpFp;
import org.vmsched.analysis.hier.FpVm;
import org.vmsched.analysis.hier.TickTask;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.sim.TimeBase;

/**
 * The seed's comparison of CBS/FP with FP/FP (hierarchical-reservations paper, Section 4;
 * THEORY.md §11.6): random systems of several VMs, each with a random task set; a system counts
 * as CBS/FP-schedulable when the least reservation each VM needs (Eq. 2) leaves Σ Q/P ≤ 1, and
 * as FP/FP-schedulable when Eq. 1 holds for some order of the VMs (Audsley) or for the order
 * by each VM's shortest task period. The seed gives no generator; the one here is stated in
 * {@link Params}. Results are the same for a seed on any machine and thread count.
 */
public final class HierarchyComparison {

    private HierarchyComparison() {
    }

    /** The paper's figures: 88.4 % of systems schedulable under CBS/FP, 72 % under FP/FP. */
    public static final double SEED_CBS_FP = 88.4;
    public static final double SEED_FP_FP = 72.0;

    /**
     * The generator, in microsecond ticks: {@code systems} systems per total utilisation U of
     * {@code utilisations}; each with a number of VMs uniform in [minVms, maxVms], U split
     * among them by UUniFast, each VM's share split among a number of tasks uniform in
     * [minTasks, maxTasks] by UUniFast; periods whole milliseconds uniform in
     * [periodMinMs, periodMaxMs], WCET ⌈u·T⌉ µs (at least 1), deadline = period, RM inside each VM.
     * Reservation periods tried per VM: Tmin/k for k = 1..{@code periodDivisors} (whole µs, at least
     * 1 ms) and the greatest common divisor of the VM's periods if it is at least 1 ms and
     * Tmin/periodDivisors (on it the VM is aligned); the one of least bandwidth is kept. Shorter
     * reservation periods would approach a fluid share without overhead, which no real
     * hypervisor gives. {@code overheadUs}: X per switch (0 in the seed).
     */
    public record Params(long seed, int systems, List<Double> utilisations, int minVms, int maxVms, int minTasks,
                         int maxTasks, int periodMinMs, int periodMaxMs, int periodDivisors, long overheadUs) {

        public Params {
            utilisations = List.copyOf(utilisations);
            if (systems < 1 || systems > 1_000_000) {
                throw new IllegalArgumentException("systems must be in 1..1000000, got " + systems);
            }
            if (utilisations.isEmpty()) {
                throw new IllegalArgumentException("utilisations must not be empty");
            }
            for (double u : utilisations) {
                if (!(u > 0 && u <= 1)) {
                    throw new IllegalArgumentException("utilisations must be in (0, 1], got " + u);
                }
            }
            if (minVms < 1 || maxVms < minVms || maxVms > 16) {
                throw new IllegalArgumentException("VMs per system must be 1 <= min <= max <= 16, got " + minVms + ".." + maxVms);
            }
            if (minTasks < 1 || maxTasks < minTasks || maxTasks > 32) {
                throw new IllegalArgumentException("tasks per VM must be 1 <= min <= max <= 32, got " + minTasks + ".." + maxTasks);
            }
            if (periodMinMs < 1 || periodMaxMs < periodMinMs || periodMaxMs > 1_000_000) {
                throw new IllegalArgumentException("task periods must be 1 <= min <= max <= 1000000 ms, got "
                        + periodMinMs + ".." + periodMaxMs);
            }
            if (periodDivisors < 1 || periodDivisors > 100) {
                throw new IllegalArgumentException("period divisors must be in 1..100, got " + periodDivisors);
            }
            if (overheadUs < 0) {
                throw new IllegalArgumentException("overhead must be >= 0 µs, got " + overheadUs);
            }
        }

        /** The defaults of {@code vmsched reproduce cbs-fpfp}. */
        public static Params defaults() {
            List<Double> us = new ArrayList<>();
            for (int i = 1; i <= 19; i++) {
                us.add(i * 0.05);
            }
            return new Params(1, 500, us, 2, 4, 2, 5, 10, 200, 4, 0);
        }

        public Params withSystems(int n) {
            return new Params(seed, n, utilisations, minVms, maxVms, minTasks, maxTasks, periodMinMs, periodMaxMs,
                    periodDivisors, overheadUs);
        }

        public Params withSeed(long s) {
            return new Params(s, systems, utilisations, minVms, maxVms, minTasks, maxTasks, periodMinMs, periodMaxMs,
                    periodDivisors, overheadUs);
        }

        public Params withOverhead(long x) {
            return new Params(seed, systems, utilisations, minVms, maxVms, minTasks, maxTasks, periodMinMs, periodMaxMs,
                    periodDivisors, x);
        }
    }

    /** One utilisation's counts: systems, and how many each hierarchy schedules. */
    public record Point(double u, int systems, int cbsFp, int fpFpOptimal, int fpFpByPeriod, int alignedVms, int vms) {

        public double cbsPercent() {
            return 100.0 * cbsFp / systems;
        }

        public double fpOptimalPercent() {
            return 100.0 * fpFpOptimal / systems;
        }

        public double fpByPeriodPercent() {
            return 100.0 * fpFpByPeriod / systems;
        }
    }

    /** All points and the totals over them. */
    public record Result(Params params, List<Point> points) {

        private int sum(ToIntFunction<Point> f) {
            return points.stream().mapToInt(f).sum();
        }

        public double cbsPercent() {
            return 100.0 * sum(Point::cbsFp) / sum(Point::systems);
        }

        public double fpOptimalPercent() {
            return 100.0 * sum(Point::fpFpOptimal) / sum(Point::systems);
        }

        public double fpByPeriodPercent() {
            return 100.0 * sum(Point::fpFpByPeriod) / sum(Point::systems);
        }
    }

    /** Unwinds the parallel stream on cancellation. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    /** One generated system's verdicts. */
    record Verdicts(boolean cbs, boolean fpOptimal, boolean fpByPeriod, int aligned, int vms) {
    }

    /** Runs the comparison; {@code cancel} is polled between systems. */
    public static Result run(Params p, Cancellation cancel) throws CancelledException {
        List<Point> points = new ArrayList<>();
        for (double u : p.utilisations()) {
            Verdicts[] v;
            try {
                v = IntStream.range(0, p.systems()).parallel().mapToObj(i -> {
                if (cancel.isCancelled()) {
                    throw new Stop();
                }
                return judge(generate(p, u, i), p.overheadUs(), p.periodDivisors());
            }).toArray(Verdicts[]::new);
            } catch (Stop stop) {
                throw new CancelledException();
            }
            int c = 0;
            int fo = 0;
            int fr = 0;
            int al = 0;
            int vms = 0;
            for (Verdicts x : v) {
                c += x.cbs() ? 1 : 0;
                fo += x.fpOptimal() ? 1 : 0;
                fr += x.fpByPeriod() ? 1 : 0;
                al += x.aligned();
                vms += x.vms();
            }
            points.add(new Point(u, p.systems(), c, fo, fr, al, vms));
        }
        return new Result(p, List.copyOf(points));
    }

    /** System {@code index} at utilisation u: a list of VMs, each its tasks in RM order. */
    public static List<List<TickTask>> generate(Params p, double u, int index) {
        RandomGenerator rng = RandomStreams.forTaskSet(p.seed(), 0x10CB5, u, index);
        int m = p.minVms() + rng.nextInt(p.maxVms() - p.minVms() + 1);
        double[] vmUtilizations = UUniFast.utilizations(m, u, rng);
        List<List<TickTask>> out = new ArrayList<>();
        for (int k = 0; k < m; k++) {
            int n = p.minTasks() + rng.nextInt(p.maxTasks() - p.minTasks() + 1);
            double[] us = UUniFast.utilizations(n, Math.max(0, vmUtilizations[k]), rng);
            List<TickTask> ts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long t = 1000L * (p.periodMinMs() + rng.nextInt(p.periodMaxMs() - p.periodMinMs() + 1));
                long c = Math.max(1, Math.min(t, (long) Math.ceil(Math.max(0, us[i]) * t)));
                ts.add(TickTask.of(c, t));
            }
            ts.sort(Comparator.comparingLong(TickTask::period));
            out.add(List.copyOf(ts));
        }
        return out;
    }

    /** The verdicts of all three hierarchies on one system. */
    static Verdicts judge(List<List<TickTask>> system, long overhead, int divisors) {
        int m = system.size();
        // With overhead a reservation's preemptions depend on the others' tasks (wake-ups) and
        // reservations (replenishments): first choose with wake-ups only (the others' periods
        // unknown, taken as never outranking), then once more with the reservations chosen.
        CbsVm[] current = new CbsVm[m];
        for (int k = 0; k < m; k++) {
            current[k] = new CbsVm("V" + k, CbsReservation.of(1, Long.MAX_VALUE / 4, overhead), system.get(k));
        }
        boolean cbsPossible = true;
        for (int pass = 0; pass < (overhead > 0 ? 2 : 1) && cbsPossible; pass++) {
            CbsVm[] next = new CbsVm[m];
            for (int k = 0; k < m && cbsPossible; k++) {
                List<CbsVm> others = new ArrayList<>(List.of(current));
                others.remove(k);
                Chosen c = bestReservation(system.get(k), overhead, others, divisors);
                cbsPossible = c != null;
                if (c != null) {
                    next[k] = new CbsVm("V" + k, c.reservation(), system.get(k));
                }
            }
            if (cbsPossible) {
                current = next;
            }
        }
        boolean cbs = false;
        int aligned = 0;
        if (cbsPossible) {
            List<CbsVm> vms = List.of(current);
            cbs = schedulableWithinBudget(() -> CbsFp.analyse(vms).schedulable());
            for (CbsVm vm : vms) {
                aligned += CbsFp.phase(vm.reservation(), vm.tasks()) == CbsFp.Phase.ALIGNED ? 1 : 0;
            }
        }
        List<FpVm> fps = new ArrayList<>();
        List<Integer> byPeriod = new ArrayList<>();
        for (int k = 0; k < system.size(); k++) {
            byPeriod.add(k);
        }
        byPeriod.sort(Comparator.comparingLong(k -> system.get(k).get(0).period()));
        for (int rank = 0; rank < byPeriod.size(); rank++) {
            int k = byPeriod.get(rank);
            fps.add(new FpVm("V" + k, rank, system.get(k), overhead));
        }
        boolean fpRm = schedulableWithinBudget(() -> FpFp.schedulable(fps));
        boolean fpOpt = fpRm || schedulableWithinBudget(() -> FpFp.optimalOrder(fps) != null);
        return new Verdicts(cbs, fpOpt, fpRm, aligned, system.size());
    }

    /** A reservation and its bandwidth. */
    record Chosen(CbsReservation reservation) {
    }

    /**
     * The reservation of least bandwidth Q/P over the candidate periods (see {@link Params}), with
     * the least Q at each, counting the preemptions {@code others} can cause; null when none
     * serves the tasks.
     */
    static Chosen bestReservation(List<TickTask> tasks, long overhead, List<CbsVm> others, int divisors) {
        long tmin = Long.MAX_VALUE;
        long g = 0;
        for (TickTask t : tasks) {
            tmin = Math.min(tmin, t.period());
            g = TimeBase.gcd(g, t.period());
        }
        List<Long> periods = new ArrayList<>();
        for (int k = 1; k <= divisors; k++) {
            long p = tmin / k;
            if (p >= 1000 && !periods.contains(p)) {
                periods.add(p);
            }
        }
        if (g >= 1000 && g >= tmin / divisors && !periods.contains(g)) {
            periods.add(g);
        }
        if (periods.isEmpty()) {
            periods.add(tmin);
        }
        CbsReservation best = null;
        for (long p : periods) {
            CbsFp.Phase ph = CbsFp.phase(CbsReservation.of(p, p, overhead), tasks);
            long preemptions = CbsFp.preemptions(new CbsVm("candidate", CbsReservation.of(p, p, overhead), tasks), others);
            long q = CbsFp.minBudget(tasks, p, p, overhead, preemptions, ph);
            if (q < 0) {
                continue;
            }
            // q/p < best.q/best.p, exactly
            if (best == null || Math.multiplyExact(q, best.period()) < Math.multiplyExact(best.budget(), p)) {
                best = CbsReservation.of(q, p, overhead);
            }
        }
        return best == null ? null : new Chosen(best);
    }

    /**
     * A system whose analysis runs past the work budget (THEORY §10) is counted as not shown
     * schedulable, as a paper's test that gives up would count it, rather than failing the run.
     */
    private static boolean schedulableWithinBudget(BooleanSupplier test) {
        try {
            return test.getAsBoolean();
        } catch (AnalysisLimitException e) {
            return false;
        }
    }
}
