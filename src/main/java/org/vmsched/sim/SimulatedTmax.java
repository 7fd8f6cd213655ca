package org.vmsched.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import org.vmsched.analysis.Bounds;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.Interval;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Simulated Tmax: for one VM and each bandwidth α, the largest VM period T, among the
 * candidates tried, for which a simulation of that VM alone with budget α·T shows no deadline
 * miss over the horizon; charted next to the analytic Tmax of THEORY.md §3.
 *
 * <p>Candidates, on the tick grid: the endpoints of the analysis's good-period intervals
 * ({@link GoodPeriods#intervals}), each rounded down and up to a tick, and {@code grid} periods
 * evenly spaced up to a top (worst-case mode: the larger of the analytic Tmax and the upper bound
 * (T1 − C1 − X)/(2(1 − α)); synchronous mode, which can do better than the analysis: twice the
 * largest of those and the longest task period). The budget is α·T rounded <em>down</em> to a
 * tick, so rounding never gives the VM more than its bandwidth. The resolution is the user's, else
 * 100 times the one the task values need (at most 10^6 ticks per time unit). The horizon of each
 * run is the option's (else the hyperperiod of the tasks) plus two VM periods. In worst-case mode
 * and where α·T falls on a tick, the result equals the analytic Tmax when that is a candidate
 * (the property test of the simulator makes the same comparison for single periods).
 * Stateless.
 */
public final class SimulatedTmax {

    /** Default number of grid periods per bandwidth. */
    public static final int DEFAULT_GRID = 200;

    private SimulatedTmax() {
    }

    /**
     * One bandwidth: the simulated and the analytic Tmax (time units; 0 = no period works; the
     * analytic one may be +∞ at α = 1) and the longest period tried, {@code searchLimit}: a
     * simulated Tmax equal to it means "at least this much" (typical in synchronous mode).
     */
    public record Point(double alpha, double simulatedTmax, double analyticTmax, double searchLimit) {
    }

    /**
     * Simulated Tmax at each α (each in (0, 1]) with {@value #DEFAULT_GRID} grid periods. The mode,
     * server policy, miss policy, horizon and resolution come from {@code options}; the trace is
     * never kept. Throws {@link CancellationException} when {@code listener} cancels,
     * {@link SimulationInputException} for a bad VM, α or resolution.
     */
    public static List<Point> compute(VirtualMachine vm, double[] alphas, SimulationOptions options,
                                      SimulationListener listener) {
        return compute(vm, alphas, options, DEFAULT_GRID, listener);
    }

    /** As {@link #compute(VirtualMachine, double[], SimulationOptions, SimulationListener)} with {@code grid} grid periods. */
    public static List<Point> compute(VirtualMachine vm, double[] alphas, SimulationOptions options, int grid,
                                      SimulationListener listener) {
        SimulationListener l = listener == null ? SimulationListener.NONE : listener;
        SimulationOptions o = (options == null ? SimulationOptions.DEFAULT : options).withTrace(false);
        if (grid < 1 || grid > 1_000_000) {
            throw new SimulationInputException("grid must be between 1 and 1000000, got " + grid);
        }
        for (double a : alphas) {
            if (!(a > 0 && a <= 1)) {
                throw new SimulationInputException("every bandwidth must be in (0, 1], got " + a);
            }
        }
        VirtualMachine base = new VirtualMachine(vm.name(), 1, 1, 0, 0, 0, vm.scheduler(), null, vm.tasks());
        List<TimeBase.Value> values = new ArrayList<>();
        for (int t = 0; t < vm.tasks().size(); t++) {
            Task task = vm.tasks().get(t);
            values.add(new TimeBase.Value("tasks[" + t + "].wcet", task.wcet()));
            values.add(new TimeBase.Value("tasks[" + t + "].period", task.period()));
            values.add(new TimeBase.Value("tasks[" + t + "].deadline", task.deadline()));
            values.add(new TimeBase.Value("tasks[" + t + "].offset", task.offset()));
        }
        values.add(new TimeBase.Value("overhead", vm.overhead()));
        double res;
        if (o.resolution() != null) {
            res = TimeBase.choose(values, o.resolution()).ticksPerUnit();
        } else {
            double natural = TimeBase.choose(values, null).ticksPerUnit();
            res = Math.max(natural, Math.min(TimeBase.MAX_AUTOMATIC, natural * 100));
        }
        double hyper = taskHyperperiod(vm.tasks(), res);
        double horizonBase = o.horizon() != null ? o.horizon() : hyper;
        long overheadTicks = Math.round(vm.overhead() * res);
        boolean worstCase = o.mode() == SimulationMode.WORST_CASE;
        double longest = vm.tasks().stream().mapToDouble(Task::period).max().orElse(1);

        GoodPeriods gp = GoodPeriods.of(vm.tasks(), vm.scheduler());
        List<Point> out = new ArrayList<>();
        for (int ai = 0; ai < alphas.length; ai++) {
            double alpha = alphas[ai];
            List<Interval> iv = gp.intervals(alpha, vm.overhead(), gp.defaultMinPeriod());
            double analytic = GoodPeriods.tmaxOf(iv);
            double ub = Bounds.upperBound(alpha, vm.overhead(), vm.tasks());
            double top = Math.max(Double.isFinite(analytic) ? analytic : 0, Double.isFinite(ub) ? ub : 0);
            if (!worstCase || top == 0) {
                top = 2 * Math.max(top, longest);
            }
            TreeSet<Long> cand = new TreeSet<>();
            for (Interval i : iv) {
                for (double e : new double[] {i.lo(), i.hi()}) {
                    if (Double.isFinite(e) && e <= top * 1.000001) {
                        cand.add((long) Math.floor(e * res + 1e-6));
                        cand.add((long) Math.ceil(e * res - 1e-6));
                    }
                }
            }
            long topTicks = (long) Math.floor(top * res);
            for (int k = 1; k <= grid; k++) {
                cand.add(Math.max(1, Math.round((double) topTicks * k / grid)));
            }
            double found = 0;
            int tried = 0;
            for (Long tTicks : cand.descendingSet()) {
                if (tTicks <= 0 || tTicks > topTicks + 1) {
                    continue;
                }
                long cTicks = (long) Math.floor(alpha * tTicks + 1e-9 * Math.max(1, alpha * tTicks));
                if (cTicks <= overheadTicks || cTicks < 1) {
                    continue;
                }
                if (l.cancelled()) {
                    throw new CancellationException("simulated Tmax cancelled");
                }
                double period = tTicks / res;
                VirtualMachine v = base.withServer(period, cTicks / res, vm.overhead());
                Scenario s = Scenario.of("simtmax", List.of(v)).withHypervisor(Platform.DEFAULT);
                SimulationOptions run = o.withResolution(res).withHorizon(horizonBase + 2 * period);
                if (!missesAny(s, run)) {
                    found = period;
                    break;
                }
                tried++;
                l.progress((ai + Math.min(1.0, tried / (double) cand.size())) / alphas.length);
            }
            out.add(new Point(alpha, found, analytic, topTicks / res));
            l.progress((ai + 1.0) / alphas.length);
        }
        return out;
    }

    private static boolean missesAny(Scenario s, SimulationOptions o) {
        TimeBase tb = TimeBase.choose(TimeBase.values(s), o.resolution());
        long h = Simulator.horizonTicks(s, o, tb, new ArrayList<>());
        Engine e = new Engine(s, tb, o, h, SimulationListener.NONE);
        e.stopAtFirstMiss = true;
        long end = e.run();
        return e.result(o.mode(), end, List.of()).deadlineMisses() > 0;
    }

    /** Hyperperiod of the task periods in time units, at most 10^7 of the longest period. */
    private static double taskHyperperiod(List<Task> tasks, double res) {
        long lcm = 1;
        long longest = 1;
        for (Task t : tasks) {
            long p = Math.max(1, Math.round(t.period() * res));
            longest = Math.max(longest, p);
            lcm = Simulator.lcm(lcm, p);
            if (lcm < 0) {
                break;
            }
        }
        long cap = Math.min(Simulator.DEFAULT_HORIZON_CAP_TICKS / 10, longest * 10_000_000L);
        if (lcm < 0 || lcm > cap) {
            lcm = Math.max(cap, longest * 10);
        }
        return lcm / res;
    }
}
