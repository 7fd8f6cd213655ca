package org.vmsched.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.vmsched.experiment.AcceptanceStudy;
import org.vmsched.experiment.HierarchySystems;
import org.vmsched.experiment.MultiprocessorTaskSets;
import org.vmsched.experiment.SystemShape;
import org.vmsched.experiment.VcpuSystems;
import org.vmsched.model.Limits;
import org.vmsched.model.Problem;

/**
 * The acceptance study's part of the experiment-file format ({@link ExperimentJson} reads and
 * writes the rest; docs/acceptance-studies.md shows the fields): the multiprocessor generators,
 * the system shapes and the tests. Stateless.
 */
final class AcceptanceJson {

    private AcceptanceJson() {
    }

    /** A "uunifast-discard" or "randfixedsum" generator object; null (with problems) when unreadable. */
    static MultiprocessorTaskSets generator(ExperimentJson.Reader r, JsonNode g, MultiprocessorTaskSets.Utilisations method) {
        String p = "generator";
        r.fields(g, p, Set.of("method", "utilisationMax", "periodMin", "periodMax", "periodGranularity", "deadlines", "decimals"));
        double max = r.number(g, p, "utilisationMax", 1, false);
        double lo = r.number(g, p, "periodMin", Double.NaN, true);
        double hi = r.number(g, p, "periodMax", Double.NaN, true);
        double tg = r.number(g, p, "periodGranularity", 1, false);
        String d = r.string(g, p, "deadlines", "implicit", false);
        MultiprocessorTaskSets.Deadlines deadlines = MultiprocessorTaskSets.Deadlines.fromJson(d);
        if (deadlines == null) {
            r.problems.add(new Problem("generator.deadlines", "must be \"implicit\" or \"constrained\", got " + Limits.quote(d)));
            return null;
        }
        int decimals = r.integer(g, p, "decimals", 3, false);
        return new MultiprocessorTaskSets(method, max, lo, hi, tg, deadlines, decimals);
    }

    /** The study of an acceptance file's "grid" and "measure"; null (with problems) when unreadable. */
    static AcceptanceStudy study(ExperimentJson.Reader r, JsonNode grid, JsonNode measure) {
        String systems = r.string(grid, "grid", "systems", "vcpus", false);
        SystemShape shape;
        if ("vcpus".equals(systems)) {
            r.fields(grid, "grid", Set.of("systems", "u", "cores", "tasks", "vms", "vcpus", "guest", "serverPeriodFraction",
                    "bandwidthFactor", "overhead"));
            String guest = r.string(grid, "grid", "guest", "edf", false);
            if (!"edf".equals(guest) && !"rm".equals(guest)) {
                r.problems.add(new Problem("grid.guest", "must be \"edf\" or \"rm\", got " + Limits.quote(guest)));
            }
            shape = new VcpuSystems(r.integer(grid, "grid", "cores", 0, true), r.integer(grid, "grid", "tasks", 0, true),
                    r.integer(grid, "grid", "vms", 1, false), r.integer(grid, "grid", "vcpus", 1, false), !"rm".equals(guest),
                    r.number(grid, "grid", "serverPeriodFraction", 0.5, false), r.number(grid, "grid", "bandwidthFactor", 1.25, false),
                    r.number(grid, "grid", "overhead", 0, false));
        } else if ("hierarchy".equals(systems)) {
            r.fields(grid, "grid", Set.of("systems", "u", "vms", "tasks"));
            int[] vms = minMax(r, grid, "vms");
            int[] tasks = minMax(r, grid, "tasks");
            if (vms == null || tasks == null) {
                return null;
            }
            shape = new HierarchySystems(vms[0], vms[1], tasks[0], tasks[1]);
        } else {
            r.problems.add(new Problem("grid.systems", "must be \"vcpus\" or \"hierarchy\", got " + Limits.quote(systems)));
            return null;
        }
        List<Double> u = r.numbers(grid, "grid", "u");
        List<String> tests = new ArrayList<>();
        double horizon = AcceptanceStudy.DEFAULT_HORIZON_PERIODS;
        if (measure == null) {
            r.problems.add(new Problem("measure", "is missing (it names the tests, e.g. {\"tests\": [\"global-edf\", \"simulation\"]})"));
            return null;
        }
        if (!r.object(measure, "measure")) {
            return null;
        }
        r.fields(measure, "measure", Set.of("tests", "horizonPeriods"));
        List<String> named = r.list(measure, "measure", "tests", "string", JsonNode::isTextual, JsonNode::asText);
        if (named != null) {
            tests.addAll(named);
        }
        horizon = r.number(measure, "measure", "horizonPeriods", horizon, false);
        if (u == null || named == null) {
            return null;
        }
        return new AcceptanceStudy(u, shape, tests, horizon);
    }

    private static int[] minMax(ExperimentJson.Reader r, JsonNode grid, String f) {
        JsonNode n = grid.get(f);
        String p = "grid." + f;
        if (n == null) {
            r.problems.add(new Problem(p, "is missing (e.g. {\"min\": 2, \"max\": 4})"));
            return null;
        }
        if (!r.object(n, p)) {
            return null;
        }
        r.fields(n, p, Set.of("min", "max"));
        return new int[] {r.integer(n, p, "min", 0, true), r.integer(n, p, "max", 0, true)};
    }

    /** Writes the generator's fields (every setting spelled out). */
    static void generator(ObjectNode g, MultiprocessorTaskSets m) {
        g.put("method", m.utilisations().jsonName());
        number(g, "utilisationMax", m.utilisationMax());
        number(g, "periodMin", m.periodMin());
        number(g, "periodMax", m.periodMax());
        number(g, "periodGranularity", m.periodGranularity());
        g.put("deadlines", m.deadlines().jsonName());
        g.put("decimals", m.decimals());
    }

    /** Writes the study's "grid" and "measure". */
    static void study(ObjectNode root, ObjectNode grid, AcceptanceStudy a) {
        grid.put("systems", a.shape().kind());
        if (a.shape() instanceof VcpuSystems v) {
            grid.put("cores", v.cores());
            grid.put("tasks", v.tasks());
            grid.put("vms", v.vms());
            grid.put("vcpus", v.vcpus());
            grid.put("guest", v.edfInside() ? "edf" : "rm");
            number(grid, "serverPeriodFraction", v.serverPeriodFraction());
            number(grid, "bandwidthFactor", v.bandwidthFactor());
            number(grid, "overhead", v.overhead());
        } else if (a.shape() instanceof HierarchySystems h) {
            ObjectNode vms = grid.putObject("vms");
            vms.put("min", h.minVms());
            vms.put("max", h.maxVms());
            ObjectNode tasks = grid.putObject("tasks");
            tasks.put("min", h.minTasks());
            tasks.put("max", h.maxTasks());
        }
        ArrayNode u = grid.putArray("u");
        for (double v : a.u()) {
            if (v == Math.rint(v)) {
                u.add((long) v);
            } else {
                u.add(v);
            }
        }
        ObjectNode m = root.putObject("measure");
        ArrayNode tests = m.putArray("tests");
        a.tests().forEach(tests::add);
        number(m, "horizonPeriods", a.horizonPeriods());
    }

    private static void number(ObjectNode n, String field, double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            n.put(field, (long) v);
        } else {
            n.put(field, v);
        }
    }
}
