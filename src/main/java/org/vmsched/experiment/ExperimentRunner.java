package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.vmsched.analysis.Bounds;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.sim.SimulatedTmax;
import org.vmsched.sim.SimulationOptions;

/**
 * Runs an experiment on several threads and returns its immutable result. Every task set comes
 * from its own random stream ({@link RandomStreams}) and every result lands in a slot fixed by
 * its grid position; means are summed in set order after all work is done. So the result, to
 * the last bit, depends only on the experiment, not on the number of threads or their timing.
 *
 * <p>Work is split into units (Tmax study: one task set with all its α; overhead study: one
 * (u, α, X) curve over a block of up to 32 sets and all periods), taken in order by the workers. Progress is reported
 * per unit; cancellation is checked before each unit (and inside a unit's simulations). An
 * instance holds only its settings and may run several experiments, one after the other or at
 * once.
 *
 * <p>Simulated points are deterministic too: every simulation is a pure function of its task set
 * and settings, and the means over the simulated sets are summed in set order.
 */
public final class ExperimentRunner {

    /** Sets per work unit of the overhead study (fixed: it decides the order of the sums). */
    static final int SETS_PER_BLOCK = 32;

    private final int threads;
    private final ResponseRatioSource responseRatios;

    /**
     * A runner with {@code threads} worker threads (≥ 1); the overhead study's response ratios
     * come from the source its file names ({@link #sourceFor}).
     */
    public ExperimentRunner(int threads) {
        this(threads, null);
    }

    /**
     * A runner with another source of max Ri/Ti for the overhead study, used whatever the file
     * says; null means the file's source.
     */
    public ExperimentRunner(int threads, ResponseRatioSource responseRatios) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.responseRatios = responseRatios;
    }

    /** A runner with one thread per available processor. */
    public static ExperimentRunner allCores() {
        return new ExperimentRunner(Runtime.getRuntime().availableProcessors());
    }

    /** Number of worker threads. */
    public int threads() {
        return threads;
    }

    /**
     * Validates and runs the experiment, blocking the calling thread until it is done.
     *
     * @throws InvalidExperimentException   when {@link ExperimentValidator} finds a problem
     * @param progress hears the units of work done ("computing"), one call at a time
     * @throws CancelledException         when {@code cancel} was set before the end
     */
    public ExperimentResult run(Experiment e, Progress progress, Cancellation cancel)
            throws InvalidExperimentException, CancelledException {
        ExperimentValidator.check("", e);
        if (e.study() instanceof TmaxStudy) {
            return runTmax(e, progress, cancel);
        }
        if (e.study() instanceof AcceptanceStudy) {
            return AcceptanceRunner.run(this, e, Shard.WHOLE, progress, cancel);
        }
        return runOverhead(e, progress, cancel);
    }

    /** The response-ratio source an overhead study asks for. */
    public static ResponseRatioSource sourceFor(OverheadStudy st) {
        return switch (st.source()) {
            case ANALYSIS -> ResponseRatioSource.ANALYSIS;
            case SIMULATION -> new SimulatedResponseRatios(st.resolution());
        };
    }

    /** The task sets of one (n, u) cell, set 0 first. */
    public static List<List<Task>> taskSets(Experiment e, int n, double u) {
        List<List<Task>> out = new ArrayList<>(e.sets());
        for (int s = 0; s < e.sets(); s++) {
            out.add(e.generator().generate(n, u, RandomStreams.forTaskSet(e.seed(), n, u, s)));
        }
        return out;
    }

    private TmaxResult runTmax(Experiment e, Progress progress, Cancellation cancel)
            throws CancelledException {
        TmaxStudy st = (TmaxStudy) e.study();
        int sets = e.sets();
        int cellsNu = st.n().size() * st.u().size();
        int na = st.alpha().size();
        double[][] tmax = new double[cellsNu * sets][];
        double[] t1 = new double[cellsNu * sets];
        TmaxStudy.Simulated sim = st.simulated();
        int simSets = sim == null ? 0 : Math.min(sim.sets(), sets);
        double[] alphas = st.alpha().stream().mapToDouble(Double::doubleValue).toArray();
        // per simulated unit: rounded T1, then per α the rounded set's analytic Tmax, simulated Tmax, search limit
        double[][] simulated = new double[cellsNu * sets][];
        parallel(cellsNu * sets, progress, cancel, unit -> {
            int cell = unit / sets;
            int set = unit % sets;
            int n = st.n().get(cell / st.u().size());
            double u = st.u().get(cell % st.u().size());
            List<Task> tasks = e.generator().generate(n, u, RandomStreams.forTaskSet(e.seed(), n, u, set));
            tmax[unit] = tmaxRow(GoodPeriods.of(tasks, GuestScheduler.RM), st);
            t1[unit] = Bounds.firstTask(tasks).period();
            if (set < simSets) {
                simulated[unit] = simulate(tasks, alphas, st.overhead(), sim, cancel);
            }
        });
        List<TmaxPoint> points = new ArrayList<>();
        List<TmaxSample> samples = new ArrayList<>();
        for (int cell = 0; cell < cellsNu; cell++) {
            int n = st.n().get(cell / st.u().size());
            double u = st.u().get(cell % st.u().size());
            for (int a = 0; a < na; a++) {
                double alpha = st.alpha().get(a);
                double[] v = new double[sets];
                for (int s = 0; s < sets; s++) {
                    int unit = cell * sets + s;
                    v[s] = tmax[unit][a] / t1[unit];
                    double[] sv = simulated[unit];
                    samples.add(sv == null ? new TmaxSample(n, u, s, alpha, t1[unit], tmax[unit][a])
                            : new TmaxSample(n, u, s, alpha, t1[unit], tmax[unit][a], sv[0], sv[1 + 3 * a], sv[2 + 3 * a],
                                    sv[3 + 3 * a]));
                }
                double mean = mean(v);
                double spread = mean > 0 && sets > 1 ? new StandardDeviation(true).evaluate(v) / mean : 0;
                if (simSets == 0) {
                    points.add(new TmaxPoint(n, u, alpha, sets, mean, spread, Bounds.normalizedUpperBound(alpha)));
                    continue;
                }
                double[] sums = simulatedSums(simulated, cell * sets, simSets, a);
                points.add(new TmaxPoint(n, u, alpha, sets, mean, spread, Bounds.normalizedUpperBound(alpha), simSets,
                        sums[0] / simSets, sums[1] / simSets));
            }
        }
        return new TmaxResult(e, points, samples);
    }

    /** One set's Tmax at each α of the study, its overhead and default least period. */
    private static double[] tmaxRow(GoodPeriods gp, TmaxStudy st) {
        int na = st.alpha().size();
        double min = gp.defaultMinPeriod();
        double[] row = new double[na];
        for (int a = 0; a < na; a++) {
            row[a] = gp.tmax(st.alpha().get(a), st.overhead(), min);
        }
        return row;
    }

    /**
     * The sums over the first {@code simSets} sets of a cell (from unit {@code first}) at α number
     * {@code a} of: the rounded set's analytic Tmax over its T1, and its simulated Tmax over T1.
     */
    private static double[] simulatedSums(double[][] simulated, int first, int simSets, int a) {
        double rounded = 0;
        double simulatedSum = 0;
        for (int s = 0; s < simSets; s++) {
            double[] sv = simulated[first + s];
            rounded += sv[1 + 3 * a] / sv[0];
            simulatedSum += sv[2 + 3 * a] / sv[0];
        }
        return new double[] {rounded, simulatedSum};
    }

    /** A curve's mean max Ri/Ti at each period: its blocks' partial sums added in block order, over the sets. */
    private static List<OverheadPoint> meanPoints(double[] periods, double[][] partial, int c, int blocks, int sets) {
        List<OverheadPoint> pts = new ArrayList<>(periods.length);
        for (int i = 0; i < periods.length; i++) {
            double sum = 0;
            for (int b = 0; b < blocks; b++) {
                sum += partial[c * blocks + b][i];
            }
            pts.add(new OverheadPoint(periods[i], sum / sets));
        }
        return pts;
    }

    /**
     * One set's simulated points: {rounded T1, then per α: analytic Tmax of the rounded set,
     * simulated Tmax, search limit}. A rounded set with a wcet above its period has neither.
     */
    private static double[] simulate(List<Task> tasks, double[] alphas, double overhead, TmaxStudy.Simulated sim,
                                     Cancellation cancel) throws CancelledException {
        List<Task> rounded = TaskSetRounding.round(tasks, sim.resolution());
        double[] out = new double[1 + 3 * alphas.length];
        out[0] = Bounds.firstTask(rounded).period();
        if (TaskSetRounding.infeasible(rounded)) {
            return out;
        }
        double longest = rounded.stream().mapToDouble(Task::period).max().orElse(1);
        SimulationOptions o = SimulationOptions.DEFAULT.withMode(sim.mode()).withTrace(false)
                .withHorizon(sim.horizonPeriods() * longest).withMaxJobs(SimulatedTmax.MAX_ARRIVALS);
        VirtualMachine vm = VirtualMachine.of("VM", 1, 1, overhead, rounded);
        List<SimulatedTmax.Point> pts = SimulatedTmax.compute(vm, alphas, o, sim.grid(), null, cancel);
        for (int a = 0; a < alphas.length; a++) {
            SimulatedTmax.Point p = pts.get(a);
            out[1 + 3 * a] = p.analyticTmax();
            out[2 + 3 * a] = p.simulatedTmax();
            out[3 + 3 * a] = p.searchLimit();
        }
        return out;
    }

    private OverheadResult runOverhead(Experiment e, Progress progress, Cancellation cancel)
            throws CancelledException {
        OverheadStudy st = (OverheadStudy) e.study();
        int sets = e.sets();
        double[] periods = st.periods().values();
        double cap = st.responseRatioCap();
        ResponseRatioSource source = responseRatios != null ? responseRatios : sourceFor(st);
        // One curve per (panel, α, X), over the same sets for every α and X of a panel.
        record Key(int panel, double u, double alpha, double overhead) {
        }
        List<Key> keys = new ArrayList<>();
        List<List<List<Task>>> setsByPanel = new ArrayList<>();
        for (int p = 0; p < st.panels().size(); p++) {
            OverheadStudy.Panel panel = st.panels().get(p);
            setsByPanel.add(taskSets(e, st.n(), panel.u()));
            for (double alpha : panel.alpha()) {
                for (double x : st.overhead()) {
                    keys.add(new Key(p, panel.u(), alpha, x));
                }
            }
        }
        // A unit is one curve over a fixed block of sets; its partial sums are added block by
        // block in order afterwards. Block boundaries depend only on the set count, so the sums
        // are the same whatever the threads; memory stays curves × blocks × periods.
        int blocks = (sets + SETS_PER_BLOCK - 1) / SETS_PER_BLOCK;
        double[][] partial = new double[keys.size() * blocks][];
        parallel(keys.size() * blocks, progress, cancel, unit -> {
            Key k = keys.get(unit / blocks);
            int block = unit % blocks;
            List<List<Task>> all = setsByPanel.get(k.panel());
            double[] row = new double[periods.length];
            for (int s = block * SETS_PER_BLOCK; s < Math.min(sets, (block + 1) * SETS_PER_BLOCK); s++) {
                List<Task> tasks = all.get(s);
                for (int i = 0; i < periods.length; i++) {
                    row[i] += source.maxResponseRatio(tasks, k.alpha(), k.overhead(), periods[i], cap);
                }
            }
            partial[unit] = row;
        });
        List<OverheadCurve> curves = new ArrayList<>();
        for (int c = 0; c < keys.size(); c++) {
            Key k = keys.get(c);
            List<OverheadPoint> pts = meanPoints(periods, partial, c, blocks, sets);
            double slope = 0;
            double offset = 0;
            for (List<Task> tasks : setsByPanel.get(k.panel())) {
                Task first = Bounds.firstTask(tasks);
                slope += 2 * (1 - k.alpha()) / first.period();
                offset += (first.wcet() + k.overhead()) / first.period();
            }
            curves.add(new OverheadCurve(k.u(), k.alpha(), k.overhead(), pts, Bounds.leftBound(k.alpha(), k.overhead(), k.u()),
                    slope / sets, offset / sets));
        }
        return new OverheadResult(e, curves);
    }

    private static double mean(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x;
        }
        return sum / v.length;
    }

    /** One unit of work, by index; writes its own result slot. */
    interface Unit {
        void run(int index) throws CancelledException;
    }

    /** Runs units 0..count−1 on the worker threads, in index order as far as threads allow. */
    void parallel(int count, Progress progress, Cancellation cancel, Unit unit)
            throws CancelledException {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Object progressLock = new Object();
        long[] reported = {0};
        Runnable worker = () -> {
            int i;
            while (failure.get() == null && !cancel.isCancelled() && (i = next.getAndIncrement()) < count) {
                try {
                    unit.run(i);
                } catch (CancelledException c) {
                    return; // a simulation saw the cancellation: reported below as a cancelled run
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                    return;
                }
                int d = done.incrementAndGet();
                synchronized (progressLock) {
                    if (d > reported[0]) {
                        reported[0] = d;
                        progress.progress(d, count, "computing");
                    }
                }
            }
        };
        runOnThreads(worker, Math.min(threads, count), cancel);
        rethrow(failure.get());
        if (done.get() < count) {
            throw new CancelledException();
        }
    }

    /**
     * Runs {@code worker} on n threads, this one among them, and waits for all; an interrupt while
     * waiting cancels the work and is passed on once every thread has ended.
     */
    private static void runOnThreads(Runnable worker, int n, Cancellation cancel) {
        List<Thread> started = new ArrayList<>();
        for (int t = 1; t < n; t++) {
            Thread th = new Thread(worker, "experiment-worker-" + t);
            th.setDaemon(true);
            th.start();
            started.add(th);
        }
        worker.run();
        boolean interrupted = false;
        for (Thread th : started) {
            while (true) {
                try {
                    th.join();
                    break;
                } catch (InterruptedException ex) {
                    // The caller wants out: stop the workers, finish joining, then report it.
                    cancel.cancel();
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Throws a worker's failure (null: none) as it was, or wrapped when it is a checked exception. */
    private static void rethrow(Throwable f) {
        if (f instanceof RuntimeException re) {
            throw re;
        }
        if (f instanceof Error err) {
            throw err;
        }
        if (f != null) {
            throw new IllegalStateException(f);
        }
    }
}
