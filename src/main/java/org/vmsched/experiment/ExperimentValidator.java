package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.vmsched.sim.Simulator;
import org.vmsched.text.Format;
import org.vmsched.model.Problem;

/**
 * The rules an experiment must meet before it runs, each problem reported with the JSON path of
 * the offending value in the experiment-file format (e.g. {@code grid.panels[1].alpha[0]}), so
 * files and experiments built in code get the same messages. Stateless.
 */
public final class ExperimentValidator {

    /** Largest task-set size accepted. */
    public static final int MAX_TASKS = 1000;
    /** Largest number of task sets per cell accepted. */
    public static final int MAX_SETS = 10_000;
    /** Largest simulated-Tmax grid accepted. */
    public static final int MAX_GRID = 10_000;
    /** Largest simulated-Tmax horizon accepted, in longest task periods. */
    public static final double MAX_HORIZON_PERIODS = 1000;

    private ExperimentValidator() {
    }

    /** Every problem of the experiment; empty when it can run. */
    public static List<Problem> problems(Experiment e) {
        List<Problem> out = new ArrayList<>();
        if (e.schemaVersion() != Experiment.SCHEMA_VERSION) {
            out.add(new Problem("schemaVersion", "is " + e.schemaVersion() + ", an unknown version (this version of VMSched reads "
                    + Experiment.SCHEMA_VERSION + ")"));
        }
        if (e.name().isBlank()) {
            out.add(new Problem("name", "must not be empty"));
        }
        if (e.sets() < 1 || e.sets() > MAX_SETS) {
            out.add(new Problem("sets", "must be between 1 and " + MAX_SETS + ", got " + e.sets()));
        }
        generator(e.generator(), out);
        if (e.study() instanceof TmaxStudy t) {
            tmax(t, out);
            if (t.simulated() != null) {
                simulated(t.simulated(), e, out);
            }
        } else if (e.study() instanceof AcceptanceStudy a) {
            AcceptanceValidator.problems(a, e, out);
        } else if (e.study() instanceof OverheadStudy o) {
            overhead(o, out);
            if (o.source() == OverheadStudy.Source.SIMULATION) {
                resolution("measure.resolution", o.resolution(), e.generator(), out);
                // the long run lasts up to C + cap·max Ti, at up to 10^6 ticks per time unit
                double units = o.responseRatioCap() * e.generator().periodMax() + o.periods().to();
                if (units * 1e6 > Simulator.MAX_HORIZON_TICKS) {
                    out.add(new Problem("measure.responseRatioCap", "× generator.periodMax is "
                            + Format.rough(units) + " time units: too long to simulate"
                            + " (at most 10^6 with \"source\": \"simulation\")"));
                }
            }
        }
        return out;
    }

    /** Throws with every problem when there is one; {@code source} names the file in the message. */
    public static void check(String source, Experiment e) throws InvalidExperimentException {
        List<Problem> p = problems(e);
        if (!p.isEmpty()) {
            throw new InvalidExperimentException(source, p);
        }
    }

    private static void generator(TaskSetGenerator g, List<Problem> out) {
        if (!(g.periodMin() > 0) || !Double.isFinite(g.periodMin())) {
            out.add(new Problem("generator.periodMin", "must be a positive number, got " + g.periodMin()));
        }
        if (!(g.periodMax() >= g.periodMin()) || !Double.isFinite(g.periodMax())) {
            out.add(new Problem("generator.periodMax", "must be a number ≥ periodMin (" + g.periodMin() + "), got " + g.periodMax()));
        }
        if (g instanceof ThesisGenerator t && !(t.wcetMin() >= 0 && t.wcetMin() <= t.periodMin())) {
            out.add(new Problem("generator.wcetMin", "must be in [0, periodMin] = [0, " + t.periodMin() + "], got " + t.wcetMin()));
        }
    }

    private static void tmax(TmaxStudy s, List<Problem> out) {
        sizes("grid.n", s.n(), out);
        values("grid.u", s.u(), 0, 1, true, out);
        values("grid.alpha", s.alpha(), 0, 1, false, out);
        nonNegative("grid.overhead", s.overhead(), out);
    }

    private static void simulated(TmaxStudy.Simulated s, Experiment e, List<Problem> out) {
        String p = "measure.simulated";
        if (s.mode() == null) {
            out.add(new Problem(p + ".mode", "must be \"worst-case\" or \"synchronous\""));
        }
        if (s.sets() < 1 || s.sets() > MAX_SETS) {
            out.add(new Problem(p + ".sets", "must be between 1 and " + MAX_SETS + ", got " + s.sets()));
        }
        if (s.grid() < 1 || s.grid() > MAX_GRID) {
            out.add(new Problem(p + ".grid", "must be between 1 and " + MAX_GRID + ", got " + s.grid()));
        }
        if (!(s.horizonPeriods() > 0 && s.horizonPeriods() <= MAX_HORIZON_PERIODS)) {
            out.add(new Problem(p + ".horizonPeriods", "must be in (0, " + (int) MAX_HORIZON_PERIODS + "], got "
                    + s.horizonPeriods()));
        }
        resolution(p + ".resolution", s.resolution(), e.generator(), out);
        // SimulatedTmax runs at 100 ticks per step of the values (the rounding step, or finer if the
        // overhead needs it), at most 10^6 ticks per time unit
        double step = s.resolution();
        double x = e.study() instanceof TmaxStudy t ? t.overhead() : 0;
        while (step < 1e6 && Math.abs(x * step - Math.rint(x * step)) > 1e-9 * Math.max(1, x * step)) {
            step *= 10;
        }
        double ticks = s.horizonPeriods() * e.generator().periodMax() * Math.min(1e6, step * 100);
        if (ticks > Simulator.MAX_HORIZON_TICKS / 10) {
            out.add(new Problem(p + ".horizonPeriods", "gives runs of up to " + Format.rough(ticks)
                    + " ticks (horizonPeriods × generator.periodMax × ticks per time unit); at most "
                    + Simulator.MAX_HORIZON_TICKS / 10 + " are allowed"));
        }
    }

    private static void resolution(String path, double r, TaskSetGenerator g, List<Problem> out) {
        if (!TaskSetRounding.validResolution(r)) {
            out.add(new Problem(path, "must be a power of ten from 0.001 to 10000 (steps per time unit), got " + r));
        } else if (g.periodMin() * r < 1) {
            out.add(new Problem(path, "is " + r + " steps per time unit: generator.periodMin (" + g.periodMin()
                    + ") would round to 0; use a resolution of at least " + Format.exact(Math.pow(10, Math.ceil(-Math.log10(g.periodMin()))))));
        }
    }

    private static void overhead(OverheadStudy s, List<Problem> out) {
        if (s.n() < 1 || s.n() > MAX_TASKS) {
            out.add(new Problem("grid.n", "must be between 1 and " + MAX_TASKS + ", got " + s.n()));
        }
        if (s.panels().isEmpty()) {
            out.add(new Problem("grid.panels", "must not be empty"));
        }
        Set<Double> us = new HashSet<>();
        for (int i = 0; i < s.panels().size(); i++) {
            OverheadStudy.Panel p = s.panels().get(i);
            String path = "grid.panels[" + i + "]";
            if (!(p.u() > 0 && p.u() <= 1)) {
                out.add(new Problem(path + ".u", "must be in (0, 1], got " + p.u()));
            } else if (!us.add(p.u())) {
                out.add(new Problem(path + ".u", "is " + p.u() + " again; list each u once with all its alphas"));
            }
            values(path + ".alpha", p.alpha(), 0, 1, true, out);
        }
        if (s.overhead().isEmpty()) {
            out.add(new Problem("grid.overhead", "must not be empty"));
        }
        Set<Double> seenX = new HashSet<>();
        for (int i = 0; i < s.overhead().size(); i++) {
            double x = s.overhead().get(i);
            nonNegative("grid.overhead[" + i + "]", x, out);
            if (x >= 0 && Double.isFinite(x) && !seenX.add(x)) {
                out.add(new Problem("grid.overhead[" + i + "]", "is " + x + " again; list each value once"));
            }
        }
        PeriodGrid g = s.periods();
        if (!(g.from() > 0) || !Double.isFinite(g.from())) {
            out.add(new Problem("grid.period.from", "must be a positive number, got " + g.from()));
        } else if (!(g.step() > 0) || !Double.isFinite(g.step())) {
            out.add(new Problem("grid.period.step", "must be a positive number, got " + g.step()));
        } else if (!(g.to() >= g.from()) || !Double.isFinite(g.to())) {
            out.add(new Problem("grid.period.to", "must be a number ≥ from (" + g.from() + "), got " + g.to()));
        } else if (g.size() < 0) {
            out.add(new Problem("grid.period", "has more than " + PeriodGrid.MAX_POINTS + " periods; use a larger step"));
        }
        double cap = s.responseRatioCap();
        if (!(cap >= 1 && cap <= 1e6)) {
            out.add(new Problem("measure.responseRatioCap", "must be between 1 and 1000000, got " + cap));
        }
    }

    private static void sizes(String path, List<Integer> list, List<Problem> out) {
        if (list.isEmpty()) {
            out.add(new Problem(path, "must not be empty"));
        }
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            int v = list.get(i);
            if (v < 1 || v > MAX_TASKS) {
                out.add(new Problem(path + "[" + i + "]", "must be between 1 and " + MAX_TASKS + ", got " + v));
            } else if (!seen.add(v)) {
                out.add(new Problem(path + "[" + i + "]", "is " + v + " again; list each value once"));
            }
        }
    }

    /** Values in (lo, hi] (or (lo, hi) when {@code hiIncluded} is false), non-empty, no repeats. */
    private static void values(String path, List<Double> list, double lo, double hi, boolean hiIncluded, List<Problem> out) {
        if (list.isEmpty()) {
            out.add(new Problem(path, "must not be empty"));
        }
        Set<Double> seen = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            double v = list.get(i);
            boolean ok = v > lo && (hiIncluded ? v <= hi : v < hi) && Double.isFinite(v);
            if (!ok) {
                out.add(new Problem(path + "[" + i + "]", "must be in (" + Format.exact(lo) + ", " + Format.exact(hi) + (hiIncluded ? "]" : ")") + ", got " + v));
            } else if (!seen.add(v)) {
                out.add(new Problem(path + "[" + i + "]", "is " + v + " again; list each value once"));
            }
        }
    }

    private static void nonNegative(String path, double v, List<Problem> out) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            out.add(new Problem(path, "must be zero or a positive number, got " + v));
        }
    }

}
