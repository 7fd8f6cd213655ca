package org.vmsched.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.DoubleConsumer;
import org.vmsched.analysis.Bounds;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.Interval;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * Simulated Tmax: for one VM and each bandwidth α, the largest VM period T, among the
 * candidates tried, for which a simulation of that VM alone with budget α·T shows no deadline
 * miss; charted next to the analytic Tmax of THEORY.md §3.
 *
 * <p>Candidates, on the tick grid: the endpoints of the analysis's good-period intervals
 * ({@link GoodPeriods#intervals}), each rounded down and up to a tick, and {@code grid} periods
 * evenly spaced up to a top (worst-case mode: the larger of the analytic Tmax and the upper bound
 * (T1 − C1 − X)/(2(1 − α)); synchronous mode, which can do better than the analysis: twice the
 * largest of those and the longest task period). They are tried from the longest down; the first
 * with no miss is the answer, and when that is the longest candidate the point is
 * {@link Point#atSearchLimit()}: the simulated Tmax is at least that (except in worst-case mode
 * under RM with a finite upper bound, above which τ1's first job always misses). The budget is
 * α·T rounded <em>down</em> to a tick, so rounding never gives the VM more than its bandwidth.
 * The resolution is the user's, else 100 times the one the task values need (at most 10^6 ticks
 * per time unit).
 *
 * <p>How long each run is, and when "no miss" is conclusive ({@link Point#conclusive()}):
 * <ul>
 *   <li>synchronous mode: until the schedule provably repeats (THEORY.md §7). With H =
 *       lcm(T, every task period) and no task offset: one hyperperiod when the core's state at a
 *       boundary k·H cannot matter (no overhead, or a periodic server with C &lt; T), two
 *       otherwise. With task offsets: from a boundary b after every offset (the end of a budget
 *       for a periodic server, a replenishment for a deferrable one), runs to b, b + H (and
 *       b + 2H) must find no job pending at any of them; a few phases b are tried. A run longer
 *       than the cap — the option's horizon, else as long as the options' work budget of releases
 *       and replenishments ({@link SimulationOptions#maxJobs}, {@link #runBudget}; callers state it,
 *       {@value #MAX_ARRIVALS} is this command's usual one) — stops at the cap, and a period with no
 *       miss up to it is reported as not conclusive, with the time simulated as
 *       {@link Point#horizon()};</li>
 *   <li>worst-case mode: the option's horizon (else the hyperperiod of the tasks) plus two VM
 *       periods, as before, and under EDF inside the VM at least up to the analysis's
 *       demand-bound horizon L after the release; conclusive once the run covers every task's
 *       first deadline (RM inside: the first job, released at the critical instant with the least
 *       supply after it, is the worst, THEORY.md §2) or, under EDF, the release plus L.</li>
 * </ul>
 * In worst-case mode and where α·T falls on a tick, the result equals the analytic Tmax when
 * that is a candidate (the property test of the simulator makes the same comparison for single
 * periods). Stateless.
 */
public final class SimulatedTmax {

    /** Default number of grid periods per bandwidth. */
    public static final int DEFAULT_GRID = 200;

    /**
     * The work budget a caller of this class usually states for one synchronous run without a
     * horizon ({@code simtmax}'s default, the window's): this many releases and replenishments, a
     * few tenths of a second. Callers pass it with {@link SimulationOptions#withMaxJobs}; the
     * options' own default is the simulator's, for one run ({@link Simulator#MAX_ARRIVALS}).
     */
    public static final long MAX_ARRIVALS = 2_000_000;

    /**
     * The releases and replenishments one synchronous run may handle: the options' work budget,
     * whatever its value. (It once read the simulator's default, 10^7, as "none given" and used
     * {@link #MAX_ARRIVALS} instead, so {@code --max-jobs 10000000} ran a fifth of what it asked.)
     */
    public static long runBudget(SimulationOptions o) {
        return o.maxJobs();
    }

    private SimulatedTmax() {
    }

    /**
     * One bandwidth. {@code simulatedTmax}: the longest period tried with no simulated miss (time
     * units; 0 when every period tried missed). {@code analyticTmax}: THEORY.md §3 (may be +∞ at
     * α = 1). {@code searchLimit}: the longest period tried; {@code atSearchLimit} is true when the
     * simulated Tmax is that period, so it is only a lower bound ("≥ searchLimit").
     * {@code conclusive}: the simulation proves that no job ever misses at {@code simulatedTmax}
     * (always true when it is 0: a miss is a miss); when false the point only means "no miss up
     * to {@code horizon}". {@code horizon}: the time simulated at {@code simulatedTmax} (NaN when
     * it is 0).
     */
    public record Point(double alpha, double simulatedTmax, double analyticTmax, double searchLimit,
                        boolean atSearchLimit, boolean conclusive, double horizon) {
    }

    /**
     * Simulated Tmax at each α (each in (0, 1]) with {@value #DEFAULT_GRID} grid periods. The mode,
     * server policy, miss policy, horizon and resolution come from {@code options}; the trace is
     * never kept. {@code progress} hears the α values done (fractions of one as the periods are
     * tried); either of {@code progress} and {@code cancel} may be null. Throws
     * {@link CancelledException} when {@code cancel} is set, {@link SimulationInputException} for a
     * bad VM, α, horizon or resolution.
     */
    public static List<Point> compute(VirtualMachine vm, double[] alphas, SimulationOptions options,
                                      Progress progress, Cancellation cancel) throws CancelledException {
        return compute(vm, alphas, options, DEFAULT_GRID, progress, cancel);
    }

    /** As {@link #compute(VirtualMachine, double[], SimulationOptions, int, Progress, Cancellation)}, not cancellable. */
    public static List<Point> compute(VirtualMachine vm, double[] alphas, SimulationOptions options, int grid) {
        try {
            return compute(vm, alphas, options, grid, null, null);
        } catch (CancelledException e) {
            throw new IllegalStateException("cancelled without a token", e); // cannot happen
        }
    }

    /** As {@link #compute(VirtualMachine, double[], SimulationOptions, int)} with {@value #DEFAULT_GRID} grid periods. */
    public static List<Point> compute(VirtualMachine vm, double[] alphas, SimulationOptions options) {
        return compute(vm, alphas, options, DEFAULT_GRID);
    }

    /**
     * As {@link #compute(VirtualMachine, double[], SimulationOptions, Progress, Cancellation)} with
     * {@code grid} grid periods.
     */
    public static List<Point> compute(VirtualMachine vm, double[] alphas, SimulationOptions options, int grid,
                                      Progress progress, Cancellation cancel) throws CancelledException {
        Progress l = progress == null ? Progress.NONE : progress;
        Cancellation c = cancel == null ? new Cancellation() : cancel;
        SimulationOptions o = (options == null ? SimulationOptions.DEFAULT : options).withTrace(false);
        checkInputs(alphas, o, grid);
        VirtualMachine base = new VirtualMachine(vm.name(), 1, 1, 0, 0, 0, vm.scheduler(), null, vm.tasks());
        double res = ticksPerUnit(vm, o);
        TimeBase tb = new TimeBase(res, true, 0, null);
        PeriodRuns runs = new PeriodRuns(base, vm, o, tb, c);
        boolean worstCase = o.mode() == SimulationMode.WORST_CASE;
        double longest = vm.tasks().stream().mapToDouble(Task::period).max().orElse(1);
        Setup setup = new Setup(vm, runs, tb, res, worstCase, longest, grid, c);

        GoodPeriods gp = GoodPeriods.of(vm.tasks(), vm.scheduler());
        List<Point> out = new ArrayList<>();
        for (int ai = 0; ai < alphas.length; ai++) {
            int done = ai;
            out.add(point(setup, gp, alphas[ai], f -> l.fraction((done + f) / alphas.length, "simulated Tmax")));
            l.progress(ai + 1, alphas.length, "simulated Tmax");
        }
        return out;
    }

    /** Refuses a grid outside 1 to 10^6, a bandwidth outside (0, 1] or a horizon that is no positive number. */
    private static void checkInputs(double[] alphas, SimulationOptions o, int grid) {
        if (grid < 1 || grid > 1_000_000) {
            throw new SimulationInputException("grid must be between 1 and 1000000, got " + grid);
        }
        for (double a : alphas) {
            if (!(a > 0 && a <= 1)) {
                throw new SimulationInputException("every bandwidth must be in (0, 1], got " + a);
            }
        }
        if (o.horizon() != null && !(o.horizon() > 0 && Double.isFinite(o.horizon()))) {
            throw new SimulationInputException("horizon must be a positive number of time units, got " + o.horizon());
        }
    }

    /** The resolution: the user's, else 100 times the one the task values and X need (at most the automatic cap). */
    private static double ticksPerUnit(VirtualMachine vm, SimulationOptions o) {
        List<TimeBase.Value> values = new ArrayList<>();
        for (int t = 0; t < vm.tasks().size(); t++) {
            Task task = vm.tasks().get(t);
            values.add(new TimeBase.Value("tasks[" + t + "].wcet", task.wcet()));
            values.add(new TimeBase.Value("tasks[" + t + "].period", task.period()));
            values.add(new TimeBase.Value("tasks[" + t + "].deadline", task.deadline()));
            values.add(new TimeBase.Value("tasks[" + t + "].offset", task.offset()));
        }
        values.add(new TimeBase.Value("overhead", vm.overhead()));
        if (o.resolution() != null) {
            return TimeBase.choose(values, o.resolution()).ticksPerUnit();
        }
        double natural = TimeBase.choose(values, null).ticksPerUnit();
        return Math.max(natural, Math.min(TimeBase.MAX_AUTOMATIC, natural * 100));
    }

    /** What the search at every bandwidth uses: the VM, its runs, the tick grid, the mode, T of its longest task. */
    private record Setup(VirtualMachine vm, PeriodRuns runs, TimeBase tb, double res, boolean worstCase, double longest,
                         int grid, Cancellation c) {
    }

    /**
     * The point at one bandwidth: the candidates tried from the longest down to the first with no
     * miss; {@code tried} hears the fraction of the candidates tried.
     */
    private static Point point(Setup s, GoodPeriods gp, double alpha, DoubleConsumer tried) throws CancelledException {
        VirtualMachine vm = s.vm();
        double res = s.res();
        List<Interval> iv = gp.intervals(alpha, vm.overhead(), gp.defaultMinPeriod());
        double analytic = GoodPeriods.tmaxOf(iv);
        double ub = Bounds.upperBound(alpha, vm.overhead(), vm.tasks());
        double top = Math.max(Double.isFinite(analytic) ? analytic : 0, Double.isFinite(ub) ? ub : 0);
        // in worst-case mode under RM no period above the upper bound (THEORY.md §3) can pass
        // (τ1's first job waits out the whole blackout), so reaching it is no search limit
        boolean bounded = s.worstCase() && vm.scheduler() == GuestScheduler.RM && Double.isFinite(ub) && top > 0;
        if (!s.worstCase() || top == 0) {
            top = 2 * Math.max(top, s.longest());
        }
        long topTicks = (long) Math.floor(top * res);
        TreeSet<Long> cand = candidates(iv, top, res, topTicks, s.grid());
        double found = 0;
        boolean conclusive = true;
        boolean atLimit = false;
        double horizon = Double.NaN;
        long limitTicks = 0;
        int done = 0;
        for (Long tTicks : cand.descendingSet()) {
            if (tTicks <= 0 || tTicks > topTicks + 1) {
                continue;
            }
            long cTicks = (long) Math.floor(alpha * tTicks + 1e-9 * Math.max(1, alpha * tTicks));
            if (cTicks <= Math.round(vm.overhead() * res) || cTicks < 1) {
                continue;
            }
            s.c().check();
            limitTicks = Math.max(limitTicks, tTicks);
            PeriodRuns.Verdict v = s.worstCase() ? s.runs().worstCase(tTicks, cTicks) : s.runs().synchronous(tTicks, cTicks);
            if (!v.missed()) {
                found = s.tb().units(tTicks);
                conclusive = v.conclusive();
                horizon = s.tb().units(v.horizon());
                atLimit = !bounded && tTicks == limitTicks;
                break;
            }
            done++;
            tried.accept(Math.min(1.0, done / (double) cand.size()));
        }
        return new Point(alpha, found, analytic, (limitTicks > 0 ? limitTicks : topTicks) / res, atLimit, conclusive,
                horizon);
    }

    /** The candidate periods in ticks: the good intervals' ends up to top, each rounded down and up, and the grid up to topTicks. */
    private static TreeSet<Long> candidates(List<Interval> iv, double top, double res, long topTicks, int grid) {
        TreeSet<Long> cand = new TreeSet<>();
        for (Interval i : iv) {
            for (double e : new double[] {i.lo(), i.hi()}) {
                if (Double.isFinite(e) && e <= top * 1.000001) {
                    cand.add((long) Math.floor(e * res + 1e-6));
                    cand.add((long) Math.ceil(e * res - 1e-6));
                }
            }
        }
        for (int k = 1; k <= grid; k++) {
            cand.add(Math.max(1, Math.round((double) topTicks * k / grid)));
        }
        return cand;
    }
}
