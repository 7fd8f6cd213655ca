package org.vmsched.experiment;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.vmsched.model.Limits;
import org.vmsched.model.Problem;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * The rules of an acceptance study ({@link ExperimentValidator} calls them), each problem with
 * the JSON path of the offending value in the experiment file. Stateless.
 */
final class AcceptanceValidator {

    /** Most utilisation points. */
    static final int MAX_POINTS = 1000;
    /** Most tasks of one system. */
    static final int MAX_SYSTEM_TASKS = 256;
    /** Most cores of a system. */
    static final int MAX_CORES = 64;

    private AcceptanceValidator() {
    }

    static void problems(AcceptanceStudy a, Experiment e, List<Problem> out) {
        List<Double> u = a.u();
        if (u.isEmpty()) {
            out.add(new Problem("grid.u", "must not be empty"));
        } else if (u.size() > MAX_POINTS) {
            out.add(new Problem("grid.u", "has " + u.size() + " points, at most " + MAX_POINTS + " are allowed"));
        }
        Set<Double> seen = new HashSet<>();
        for (int i = 0; i < u.size(); i++) {
            double v = u.get(i);
            if (!(v > 0 && v <= 1)) {
                out.add(new Problem("grid.u[" + i + "]", "must be in (0, 1] (total utilisation over cores), got " + v));
            } else if (!seen.add(v)) {
                out.add(new Problem("grid.u[" + i + "]", "is " + v + " again; list each value once"));
            }
        }
        if (a.shape() instanceof VcpuSystems v) {
            vcpus(v, a, e, out);
        } else if (a.shape() instanceof HierarchySystems h) {
            hierarchy(h, e, out);
        }
        tests(a, out);
        if (!(a.horizonPeriods() > 0 && a.horizonPeriods() <= ExperimentValidator.MAX_HORIZON_PERIODS)) {
            out.add(new Problem("measure.horizonPeriods", "must be in (0, " + (int) ExperimentValidator.MAX_HORIZON_PERIODS
                    + "], got " + a.horizonPeriods()));
        }
    }

    private static void tests(AcceptanceStudy a, List<Problem> out) {
        List<String> known = AcceptanceTests.namesFor(a.shape().kind());
        if (a.tests().isEmpty()) {
            out.add(new Problem("measure.tests", "must not be empty; the tests of \"" + a.shape().kind() + "\" systems are "
                    + String.join(", ", known)));
        } else if (a.tests().size() > 63) {
            out.add(new Problem("measure.tests", "names " + a.tests().size() + " tests, at most 63 are allowed"));
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < a.tests().size(); i++) {
            String name = a.tests().get(i);
            String path = "measure.tests[" + i + "]";
            AcceptanceTests.AcceptanceTest t = AcceptanceTests.byName(name);
            if (t == null || !t.shape().equals(a.shape().kind())) {
                out.add(new Problem(path, (t == null ? "is no acceptance test" : "reads \"" + t.shape() + "\" systems, not \""
                        + a.shape().kind() + "\" ones") + ", got " + Limits.quote(name)
                        + "; the tests of \"" + a.shape().kind() + "\" systems are " + String.join(", ", known)));
            } else if (!seen.add(name)) {
                out.add(new Problem(path, "is " + name + " again; list each test once"));
            }
        }
    }

    private static void vcpus(VcpuSystems v, AcceptanceStudy a, Experiment e, List<Problem> out) {
        if (!(e.generator() instanceof MultiprocessorTaskSets g)) {
            out.add(new Problem("generator.method", "must be \"uunifast-discard\" or \"randfixedsum\" for \"vcpus\" systems"));
            return;
        }
        generator(g, out);
        // a field out of its range is named once and bounds no other field
        boolean cores = range(out, "grid.cores", v.cores(), 1, MAX_CORES);
        boolean vms = range(out, "grid.vms", v.vms(), 1, VirtualMachine.MAX_VCPUS);
        range(out, "grid.vcpus", v.vcpus(), 1, cores ? Math.min(VirtualMachine.MAX_VCPUS, v.cores()) : VirtualMachine.MAX_VCPUS);
        boolean tasks = range(out, "grid.tasks", v.tasks(), vms ? v.vms() : 1, MAX_SYSTEM_TASKS);
        if (!(v.serverPeriodFraction() > 0 && v.serverPeriodFraction() <= 1)) {
            out.add(new Problem("grid.serverPeriodFraction", "must be in (0, 1], got " + v.serverPeriodFraction()));
        }
        if (!(v.bandwidthFactor() > 0 && v.bandwidthFactor() <= 100)) {
            out.add(new Problem("grid.bandwidthFactor", "must be in (0, 100], got " + v.bandwidthFactor()));
        }
        double step = Math.pow(10, -g.decimals());
        if (!(v.overhead() >= 0) || !Double.isFinite(v.overhead())) {
            out.add(new Problem("grid.overhead", "must be zero or a positive number, got " + v.overhead()));
        } else if (v.overhead() + 2 * step > v.serverPeriodFraction() * g.periodMin() * (1 + 1e-12)) {
            out.add(new Problem("grid.overhead", "is " + v.overhead() + ": a VM period can be as short as serverPeriodFraction ×"
                    + " generator.periodMin = " + Format.rough(v.serverPeriodFraction() * g.periodMin())
                    + ", which must exceed the overhead by two steps of generator.decimals"));
        }
        boolean perTask = g.utilisationMax() > 0 && g.utilisationMax() <= 1;
        for (int i = 0; i < a.u().size() && cores && tasks && perTask; i++) {
            double need = a.u().get(i) * v.cores();
            if (a.u().get(i) > 0 && a.u().get(i) <= 1 && need > v.tasks() * g.utilisationMax() * (1 + 1e-12)) {
                out.add(new Problem("grid.u[" + i + "]", "is " + a.u().get(i) + ": " + Format.rough(need) + " over " + v.cores()
                        + " cores needs more than grid.tasks × generator.utilisationMax = " + Format.rough(v.tasks() * g.utilisationMax())));
            }
        }
    }

    private static void generator(MultiprocessorTaskSets g, List<Problem> out) {
        if (!(g.utilisationMax() > 0 && g.utilisationMax() <= 1)) {
            out.add(new Problem("generator.utilisationMax", "must be in (0, 1], got " + g.utilisationMax()));
        }
        if (g.decimals() < 0 || g.decimals() > MultiprocessorTaskSets.MAX_DECIMALS) {
            out.add(new Problem("generator.decimals", "must be between 0 and " + MultiprocessorTaskSets.MAX_DECIMALS + ", got " + g.decimals()));
        }
        double tg = g.periodGranularity();
        if (!(tg > 0) || !Double.isFinite(tg) || BigDecimal.valueOf(tg).stripTrailingZeros().scale() > MultiprocessorTaskSets.MAX_DECIMALS) {
            out.add(new Problem("generator.periodGranularity", "must be a positive number of at most "
                    + MultiprocessorTaskSets.MAX_DECIMALS + " decimals, got " + tg));
            return;
        }
        for (String f : List.of("periodMin", "periodMax")) {
            double t = f.equals("periodMin") ? g.periodMin() : g.periodMax();
            double k = t / tg;
            if (Double.isFinite(k) && Math.abs(k - Math.rint(k)) > 1e-9 * Math.max(1, k)) {
                out.add(new Problem("generator." + f, "must be a multiple of periodGranularity (" + Format.rough(tg) + "), got " + t));
            }
        }
        if (g.periodMax() * Math.pow(10, Math.max(0, g.decimals())) > 1e12) {
            out.add(new Problem("generator.periodMax", "× 10^decimals must be at most 10^12 (the simulator's ticks), got " + g.periodMax()));
        }
    }

    private static void hierarchy(HierarchySystems h, Experiment e, List<Problem> out) {
        if (!(e.generator() instanceof UUniFast f) || f.periods() != UUniFast.PeriodDistribution.UNIFORM) {
            out.add(new Problem("generator.method", "must be \"uunifast\" with uniform periods for \"hierarchy\" systems (the seed's)"));
        } else {
            for (String field : List.of("periodMin", "periodMax")) {
                double t = field.equals("periodMin") ? f.periodMin() : f.periodMax();
                if (t != Math.rint(t) || t < 1 || t > 1_000_000) {
                    out.add(new Problem("generator." + field, "must be a whole number of milliseconds from 1 to 1000000 for"
                            + " \"hierarchy\" systems, got " + t));
                }
            }
        }
        boolean vms = range(out, "grid.vms.min", h.minVms(), 1, 16);
        range(out, "grid.vms.max", h.maxVms(), vms ? h.minVms() : 1, 16);
        boolean tasks = range(out, "grid.tasks.min", h.minTasks(), 1, 32);
        range(out, "grid.tasks.max", h.maxTasks(), tasks ? h.minTasks() : 1, 32);
    }

    /** True when {@code v} is in [lo, hi]; else a problem naming the path and false. */
    private static boolean range(List<Problem> out, String path, int v, int lo, int hi) {
        if (v < lo || v > hi) {
            out.add(new Problem(path, "must be between " + lo + " and " + hi + ", got " + v));
            return false;
        }
        return true;
    }
}
