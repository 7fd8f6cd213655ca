package org.vmsched.sim;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.vmsched.analysis.MigrationCost;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.mpr.DeferrableVcpus;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.text.Format;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Limits;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * The discrete-event simulator of the two-level schedule (hypervisor over VMs, guest scheduler
 * over tasks), in exact long ticks; THEORY.md §2 and §4 analyse the same system.
 *
 * <ul>
 *   <li>VM k is replenished at O + m·T to budget C (what was left is lost), its deadline becomes
 *       O + (m+1)·T. Per core the hypervisor runs the eligible VM of best rank
 *       ({@link org.vmsched.sim.BudgetedServerScheduler}), preemptively, ties to the
 *       VM listed first. Periodic servers
 *       are eligible while they have budget and burn it with no ready task (idle burn);
 *       deferrable servers only while one of their tasks is ready.</li>
 *   <li>Each time a core switches to a VM from another VM or from idle, the VM first pays its
 *       overhead X from its budget; preempted during it, it pays the whole X again later. A VM
 *       whose budget runs out and is replenished at the same instant has not left the core, so
 *       it pays nothing then (synchronous mode; worst-case mode pays X at every chunk).</li>
 *   <li>Inside a VM the ready task of best rank runs ({@link GuestStrategy}); jobs of one task run
 *       in release order. A job is missed when it completes after its deadline, is dropped at it
 *       (abort), or is unfinished at the end with its deadline within the run.</li>
 *   <li>The run covers [0, horizon): releases and replenishments at the horizon itself are not
 *       simulated; completions and deadline checks there are. Tie order at one instant:
 *       completions, releases and replenishments, deadline checks, then one scheduling decision
 *       (see {@link org.vmsched.sim.Kernel}).</li>
 * </ul>
 * Stateless entry point; each {@link #run} is independent, so runs on different threads do not
 * interfere. A run allocates nothing per event once warmed up; with the trace off its memory does
 * not grow with the horizon (except for a task's backlog of pending jobs in an overloaded VM).
 */
public final class Simulator {

    /** The longest horizon accepted, in ticks (about a day of simulation at 10^7 events/s). */
    public static final long MAX_HORIZON_TICKS = 1_000_000_000_000L;

    /**
     * Most releases and replenishments one run without a cancellation may simulate (its work budget: a
     * few seconds, and with an overloaded VM's backlog at most a few hundred MB); a longer run is
     * refused up front. A run with a {@link Cancellation} can be cancelled instead.
     */
    public static final long MAX_ARRIVALS = 10_000_000;

    /** The default horizon (a hyperperiod) is cut at this many ticks. */
    public static final long DEFAULT_HORIZON_CAP_TICKS = 1_000_000_000L;

    private Simulator() {
    }

    /**
     * Simulates the scenario where no one can cancel the run (the command line): a run that would
     * exceed {@code options.maxJobs()} (default {@link #MAX_ARRIVALS}) is refused up front. Throws {@link SimulationInputException}
     * (with a message for the user) for an invalid scenario, a value that needs a resolution finer
     * than 10^6 ticks per time unit (unless {@code options.resolution()} is given), or a bad
     * horizon.
     */
    public static SimulationResult run(Scenario scenario, SimulationOptions options) {
        return run(scenario, options, null, null, null, null);
    }

    /**
     * As {@link #run(Scenario, SimulationOptions)}, telling {@code progress} the ticks simulated of
     * the horizon; a run stopped by {@code cancel} returns normally with
     * {@link SimulationResult#cancelled()} set and covers the time simulated so far. A run that
     * can be cancelled has no work budget. Either may be null (a null {@code cancel}: as above).
     */
    public static SimulationResult run(Scenario scenario, SimulationOptions options, Progress progress,
                                       Cancellation cancel) {
        return run(scenario, options, progress, cancel, null, null);
    }

    /**
     * Simulates the scenario under {@code scheduler} instead of the scenario's own hypervisor
     * policy (a policy not registered in {@link HypervisorSchedulers}, e.g. one written in a test);
     * null means the scenario's policy. A scheduler instance serves one run.
     */
    public static SimulationResult run(Scenario scenario, SimulationOptions options, HypervisorScheduler scheduler) {
        return run(scenario, options, null, null, scheduler, null);
    }

    /**
     * As {@link #run(Scenario, SimulationOptions, Progress, Cancellation)}, showing every instant
     * to {@code observer} (may be null); the run stops early when the observer returns false.
     */
    public static SimulationResult run(Scenario scenario, SimulationOptions options, Progress progress,
                                       Cancellation cancel, ScheduleObserver observer) {
        return run(scenario, options, progress, cancel, null, observer);
    }

    private static SimulationResult run(Scenario scenario, SimulationOptions options, Progress progress,
                                        Cancellation cancel, HypervisorScheduler scheduler, ScheduleObserver observer) {
        List<Problem> problems = ScenarioValidator.validate(scenario);
        if (!problems.isEmpty()) {
            throw new SimulationInputException(new InvalidScenarioException("", problems).getMessage());
        }
        SimulationOptions o = options == null ? SimulationOptions.from(scenario.simulation()) : options;
        TimeBase tb = TimeBase.choose(TimeBase.values(scenario, o), o.resolution());
        List<String> notes = new ArrayList<>();
        if (!tb.exact()) {
            notes.add("values rounded to " + perUnit(tb) + "; the largest rounding is "
                    + tb.maxRounding() + " (" + tb.roundedValue() + ")");
        }
        long h = horizonTicks(scenario, o, tb, notes);
        HypervisorScheduler sched = scheduler != null ? scheduler : HypervisorSchedulers.forPolicy(scenario.hypervisor().policy());
        if (sched.global() && o.mode() == SimulationMode.WORST_CASE) {
            if (o.serverPolicy() == ServerPolicy.DEFERRABLE) {
                refuseUnanalysedDeferrable(scenario);
                notes.add("deferrable vCPUs replay the periodic pattern their analysis reads (THEORY.md §15.14): the supply"
                        + " their VM's waiting jobs are guaranteed, burnt idle when no job waits, not a deferrable vCPU's"
                        + " own schedule");
            }
            // each virtual CPU alone on a lane of its own replays its server's worst pattern (THEORY.md §15.12);
            // deferrable ones the periodic pattern their analysis reads (§15.14), WorstCaseServer
            sched = new EarliestDeadlineFirst();
        }
        if (!(sched instanceof BudgetedServerScheduler) && o.mode() == SimulationMode.WORST_CASE) {
            throw new SimulationInputException("worst-case mode replays the analysed supply of the budgeted servers"
                    + " (hypervisor.policy EDF, RM or FP); for " + (scheduler != null ? "a custom scheduler"
                    : "hypervisor.policy " + scenario.hypervisor().policy()) + " use synchronous mode");
        }
        if (cancel == null) {
            // No one can cancel this run (the command line): refuse up front what would run away.
            // A run with a cancellation (the GUI) reports progress and is cancelled there instead.
            checkWork(scenario, tb, h, o.mode(), o.maxJobs());
        }
        Engine e = new Engine(scenario, tb, o, h, progress, cancel, sched, EngineOptions.NONE.withObserver(observer));
        long end = e.run();
        return e.result(o.mode(), end, notes);
    }

    /**
     * Worst-case mode replays for deferrable virtual CPUs the supply their analysis reads (THEORY.md
     * §15.14), which is derived without switch overhead or migration cost: a VM with either has none
     * to replay, and the run is refused naming it.
     */
    private static void refuseUnanalysedDeferrable(Scenario scenario) {
        for (VirtualMachine vm : scenario.vms()) {
            double charge = GlobalAnalysis.dispatchOverhead(scenario, vm);
            if (DeferrableVcpus.notCovered(charge) != null) {
                throw new SimulationInputException("worst-case mode replays the supply the analysis reads for deferrable"
                        + " virtual CPUs, which it derives without switch overhead or migration cost (THEORY.md §15.14);"
                        + " VM " + vm.name() + " pays " + Format.exact(charge) + " at every dispatch (its overhead X"
                        + (MigrationCost.of(scenario) > 0 ? " plus the migration cost M" : "") + "): use synchronous mode,"
                        + " or periodic servers");
            }
        }
    }

    /**
     * When worst-case mode releases the tasks of {@code vm} (time units): where its analytic
     * supply's worst window starts, at the end of the first chunk's useful part (THEORY.md §6.3;
     * the same value the engine uses, there in ticks). Jobs follow every task period after it.
     */
    public static double worstCaseRelease(Scenario s, VirtualMachine vm, ServerPolicy serverPolicy) {
        Supply supply = WorstCaseServer.supplyOf(s, vm, serverPolicy);
        // in the decimals as written: the supply's overhead per dispatch (X, or X + M under a global policy)
        BigDecimal c = BigDecimal.valueOf(vm.budget());
        BigDecimal x = BigDecimal.valueOf(supply.overhead());
        BigDecimal release = switch (supply.kind()) {
            case PERIODIC -> c.subtract(x.multiply(BigDecimal.valueOf(supply.preemptions())).min(c.subtract(x))
                    .max(BigDecimal.ZERO));
            case DEFERRABLE_UNDELAYED -> c.subtract(x.min(c));
            default -> BigDecimal.ZERO;
        };
        return release.doubleValue();
    }

    /** "10 ticks per time unit", "1 tick per time unit": the clock in a note or message. */
    static String perUnit(TimeBase tb) {
        return Format.count(tb.ticksPerUnit(), "tick", "ticks") + " per time unit";
    }

    /**
     * The horizon in ticks: the option's, rounded down to a tick with a note when the resolution
     * cannot represent it (never up: nothing after the asked horizon is counted), else the
     * default hyperperiod (capped, with a note).
     */
    static long horizonTicks(Scenario s, SimulationOptions o, TimeBase tb, List<String> notes) {
        if (o.horizon() != null) {
            double h = o.horizon();
            if (!(h > 0) || !Double.isFinite(h)) {
                throw new SimulationInputException("horizon must be a positive number of time units, got " + Format.typed(h));
            }
            double ticks = h * tb.ticksPerUnit();
            if (ticks > MAX_HORIZON_TICKS) {
                throw new SimulationInputException("horizon " + Format.typed(h) + " is " + Format.rough(ticks)
                        + " ticks at " + perUnit(tb) + "; at most " + MAX_HORIZON_TICKS
                        + " ticks are simulated");
            }
            // rounded down: a run never counts a completion or a miss after the horizon asked for
            long t = tb.ticksDown(h);
            if (t < 1) {
                throw new SimulationInputException("horizon " + Format.typed(h) + " is less than one tick at "
                        + perUnit(tb));
            }
            if (Math.abs(t - ticks) > 1e-9 * Math.max(1, ticks)) {
                notes.add("the horizon " + Format.typed(h) + " is not a whole number of ticks at " + perUnit(tb)
                        + "; simulated up to " + Format.typed(tb.units(t)) + " (rounded down)");
            }
            return t;
        }
        long lcm = 1;
        long start = 0;
        boolean capped = false;
        for (VirtualMachine vm : s.vms()) {
            lcm = TimeBase.lcm(lcm, tb.ticks(vm.period()));
            start = Math.max(start, o.mode() == SimulationMode.WORST_CASE ? tb.ticks(vm.budget()) : tb.ticks(vm.offset()));
            for (Task t : vm.tasks()) {
                lcm = TimeBase.lcm(lcm, tb.ticks(t.period()));
                if (o.mode() != SimulationMode.WORST_CASE) {
                    start = Math.max(start, tb.ticks(t.offset()));
                }
            }
            if (lcm < 0) {
                capped = true;
                break;
            }
        }
        long h = capped ? -1 : start + lcm;
        if (capped || h > DEFAULT_HORIZON_CAP_TICKS || h < 0) {
            notes.add("the default horizon (offsets + hyperperiod of every task and VM) "
                    + (capped ? "overflows" : "is " + Format.exact(tb.units(h)))
                    + "; simulated up to " + Format.exact(tb.units(DEFAULT_HORIZON_CAP_TICKS)) + " (10^9 ticks) instead");
            return DEFAULT_HORIZON_CAP_TICKS;
        }
        return h;
    }

    /** Refuses, with the numbers, a run that would release more than {@link #MAX_ARRIVALS} jobs and budgets. */
    static void checkWork(Scenario s, TimeBase tb, long horizon, SimulationMode mode) {
        checkWork(s, tb, horizon, mode, MAX_ARRIVALS);
    }

    /** Refuses, with the numbers, a run that would release more than {@code maxJobs} jobs and budgets. */
    static void checkWork(Scenario s, TimeBase tb, long horizon, SimulationMode mode, long maxJobs) {
        double arrivals = 0;
        String busiest = null;
        double most = -1;
        for (VirtualMachine vm : s.vms()) {
            // a full-bandwidth server alone on its core is replenished once (THEORY.md §9.1)
            boolean dedicated = mode == SimulationMode.SYNCHRONOUS && vm.budget() == vm.period()
                    && s.vms().stream().filter(o -> o.core() == vm.core()).count() == 1;
            arrivals += dedicated ? 1 : Math.ceil((double) horizon / Math.max(1, tb.ticks(vm.period())));
            for (Task t : vm.tasks()) {
                double n = Math.ceil((double) horizon / Math.max(1, tb.ticks(t.period())));
                arrivals += n;
                if (n > most) {
                    most = n;
                    busiest = vm.name() + "/" + t.name();
                }
            }
        }
        if (arrivals > maxJobs) {
            boolean byDefault = maxJobs == MAX_ARRIVALS;
            throw new SimulationInputException(String.format(Locale.ROOT,
                    "the run up to %s would release %s jobs and budgets (task %s alone releases %s); at most %d are"
                    + " simulated%s", Format.exact(tb.units(horizon)), Format.rough(arrivals), Limits.quote(busiest),
                    Format.rough(most), maxJobs, byDefault ? " by default; give --max-jobs N or a shorter horizon"
                            : " (--max-jobs); give a larger --max-jobs or a shorter horizon"));
        }
    }
}
