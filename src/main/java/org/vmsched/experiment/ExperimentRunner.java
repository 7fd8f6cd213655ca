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

/**
 * Runs an experiment on several threads and returns its immutable result. Every task set comes
 * from its own random stream ({@link RandomStreams}) and every result lands in a slot fixed by
 * its grid position; means are summed in set order after all work is done. So the result, to
 * the last bit, depends only on the experiment, not on the number of threads or their timing.
 *
 * <p>Work is split into units (Tmax study: one task set with all its α; overhead study: one
 * (u, α, X) curve over a block of up to 32 sets and all periods), taken in order by the workers. Progress is reported
 * per unit; cancellation is checked before each unit. An instance holds only its settings and
 * may run several experiments, one after the other or at once.
 */
public final class ExperimentRunner {

    /** Sets per work unit of the overhead study (fixed: it decides the order of the sums). */
    static final int SETS_PER_BLOCK = 32;

    private final int threads;
    private final ResponseRatioSource responseRatios;

    /** A runner with {@code threads} worker threads (≥ 1) and the analysis as response-ratio source. */
    public ExperimentRunner(int threads) {
        this(threads, ResponseRatioSource.ANALYSIS);
    }

    /** A runner with another source of max Ri/Ti for the overhead study (e.g. a simulator). */
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
     * @throws ExperimentCancelledException when {@code cancel} was set before the end
     */
    public ExperimentResult run(Experiment e, ExperimentListener listener, Cancellation cancel)
            throws InvalidExperimentException, ExperimentCancelledException {
        ExperimentValidator.check("", e);
        if (e.study() instanceof TmaxStudy) {
            return runTmax(e, listener, cancel);
        }
        return runOverhead(e, listener, cancel);
    }

    /** The task sets of one (n, u) cell, set 0 first. */
    public static List<List<Task>> taskSets(Experiment e, int n, double u) {
        List<List<Task>> out = new ArrayList<>(e.sets());
        for (int s = 0; s < e.sets(); s++) {
            out.add(e.generator().generate(n, u, RandomStreams.forTaskSet(e.seed(), n, u, s)));
        }
        return out;
    }

    private TmaxResult runTmax(Experiment e, ExperimentListener listener, Cancellation cancel)
            throws ExperimentCancelledException {
        TmaxStudy st = (TmaxStudy) e.study();
        int sets = e.sets();
        int cellsNu = st.n().size() * st.u().size();
        int na = st.alpha().size();
        double[][] tmax = new double[cellsNu * sets][];
        double[] t1 = new double[cellsNu * sets];
        parallel(cellsNu * sets, listener, cancel, unit -> {
            int cell = unit / sets;
            int set = unit % sets;
            int n = st.n().get(cell / st.u().size());
            double u = st.u().get(cell % st.u().size());
            List<Task> tasks = e.generator().generate(n, u, RandomStreams.forTaskSet(e.seed(), n, u, set));
            GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.RM);
            double min = gp.defaultMinPeriod();
            double[] row = new double[na];
            for (int a = 0; a < na; a++) {
                row[a] = gp.tmax(st.alpha().get(a), st.overhead(), min);
            }
            tmax[unit] = row;
            t1[unit] = Bounds.firstTask(tasks).period();
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
                    samples.add(new TmaxSample(n, u, s, alpha, t1[unit], tmax[unit][a]));
                }
                double mean = mean(v);
                double spread = mean > 0 && sets > 1 ? new StandardDeviation(true).evaluate(v) / mean : 0;
                points.add(new TmaxPoint(n, u, alpha, sets, mean, spread, Bounds.normalizedUpperBound(alpha)));
            }
        }
        return new TmaxResult(e, points, samples);
    }

    private OverheadResult runOverhead(Experiment e, ExperimentListener listener, Cancellation cancel)
            throws ExperimentCancelledException {
        OverheadStudy st = (OverheadStudy) e.study();
        int sets = e.sets();
        double[] periods = st.periods().values();
        double cap = st.responseRatioCap();
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
        parallel(keys.size() * blocks, listener, cancel, unit -> {
            Key k = keys.get(unit / blocks);
            int block = unit % blocks;
            List<List<Task>> all = setsByPanel.get(k.panel());
            double[] row = new double[periods.length];
            for (int s = block * SETS_PER_BLOCK; s < Math.min(sets, (block + 1) * SETS_PER_BLOCK); s++) {
                List<Task> tasks = all.get(s);
                for (int i = 0; i < periods.length; i++) {
                    row[i] += responseRatios.maxResponseRatio(tasks, k.alpha(), k.overhead(), periods[i], cap);
                }
            }
            partial[unit] = row;
        });
        List<OverheadCurve> curves = new ArrayList<>();
        for (int c = 0; c < keys.size(); c++) {
            Key k = keys.get(c);
            List<OverheadPoint> pts = new ArrayList<>(periods.length);
            for (int i = 0; i < periods.length; i++) {
                double sum = 0;
                for (int b = 0; b < blocks; b++) {
                    sum += partial[c * blocks + b][i];
                }
                pts.add(new OverheadPoint(periods[i], sum / sets));
            }
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
    private interface Unit {
        void run(int index);
    }

    /** Runs units 0..count−1 on the worker threads, in index order as far as threads allow. */
    private void parallel(int count, ExperimentListener listener, Cancellation cancel, Unit unit)
            throws ExperimentCancelledException {
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
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                    return;
                }
                int d = done.incrementAndGet();
                synchronized (progressLock) {
                    if (d > reported[0]) {
                        reported[0] = d;
                        listener.progress(d, count);
                    }
                }
            }
        };
        int n = Math.min(threads, count);
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
        Throwable f = failure.get();
        if (f instanceof RuntimeException re) {
            throw re;
        }
        if (f instanceof Error err) {
            throw err;
        }
        if (f != null) {
            throw new IllegalStateException(f);
        }
        if (done.get() < count) {
            throw new ExperimentCancelledException();
        }
    }
}
