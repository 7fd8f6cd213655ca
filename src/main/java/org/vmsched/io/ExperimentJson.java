package org.vmsched.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.vmsched.experiment.AcceptanceStudy;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.ExperimentValidator;
import org.vmsched.experiment.InvalidExperimentException;
import org.vmsched.experiment.MultiprocessorTaskSets;
import org.vmsched.experiment.OverheadStudy;
import org.vmsched.experiment.PeriodGrid;
import org.vmsched.experiment.Study;
import org.vmsched.experiment.TaskSetGenerator;
import org.vmsched.experiment.ThesisGenerator;
import org.vmsched.experiment.TmaxStudy;
import org.vmsched.experiment.UUniFast;
import org.vmsched.model.Limits;
import org.vmsched.model.Problem;
import org.vmsched.model.SimulationMode;

/**
 * Reads and writes experiment files (JSON, {@code schemaVersion} 1; the format is in the
 * docs/researcher.md and in {@code scenarios/experiments/}). Reading is strict, like {@link ScenarioJson}:
 * malformed JSON is reported with line and column, every missing, unknown or mistyped field and
 * every rule of {@link ExperimentValidator} with its JSON path. Writing is atomic. Stateless,
 * thread-safe.
 */
public final class ExperimentJson {

    private static final ObjectMapper MAPPER = new ObjectMapper(StrictJsonReader.limitedFactory()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build())
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** Pretty printing with "\n" line ends on every system, so results folders match byte for byte. */
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"));

    /** Default cap on Ri/Ti in the overhead study when the file gives none. */
    public static final double DEFAULT_RESPONSE_RATIO_CAP = 10;

    private ExperimentJson() {
    }

    /** Loads and validates an experiment file. */
    public static Experiment load(Path file) throws InvalidExperimentException {
        try {
            return parse(file.toString(), StrictJsonReader.readFile(file, "an experiment file"));
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidExperimentException(file.toString(), e.getMessage());
        }
    }

    /** Loads an experiment from a stream (a bundled file), naming it {@code source} in messages. */
    public static Experiment load(String source, InputStream in) throws InvalidExperimentException {
        try {
            return parse(source, StrictJsonReader.readStream(in, "an experiment file"));
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidExperimentException(source, e.getMessage());
        }
    }

    /** Parses and validates experiment JSON text; {@code source} names it in messages. */
    public static Experiment parse(String source, String text) throws InvalidExperimentException {
        JsonNode root;
        try {
            root = StrictJsonReader.tree(MAPPER, text);
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidExperimentException(source, e.getMessage());
        }
        if (root.isObject() && !root.has("study") && (root.has("vms") || root.has("hypervisor"))) {
            // the one thing wrong, first and alone, instead of every field a scenario does not share
            throw new InvalidExperimentException(source, "this is a scenario file; `experiment` takes an experiment"
                    + " file (see docs/researcher.md, \"Rerun the thesis's studies\"; e.g. scenarios/experiments/thesis-tmax.json)");
        }
        Reader r = new Reader();
        Experiment e = r.experiment(root);
        if (!r.problems.isEmpty() || e == null) {
            throw new InvalidExperimentException(source, r.problems);
        }
        ExperimentValidator.check(source, e);
        return e;
    }

    /** Writes the experiment atomically. */
    public static void save(Experiment e, Path file) throws IOException {
        AtomicFiles.write(file, tmp -> Files.writeString(tmp, toJson(e), StandardCharsets.UTF_8));
    }

    /** The experiment as pretty-printed JSON in the file format (every setting spelled out). */
    public static String toJson(Experiment e) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schemaVersion", e.schemaVersion());
        root.put("name", e.name());
        root.put("description", e.description());
        root.put("study", e.study().kind());
        root.put("seed", e.seed());
        root.put("sets", e.sets());
        ObjectNode g = root.putObject("generator");
        if (e.generator() instanceof ThesisGenerator t) {
            g.put("method", "thesis");
            number(g, "periodMin", t.periodMin());
            number(g, "periodMax", t.periodMax());
            number(g, "wcetMin", t.wcetMin());
        } else if (e.generator() instanceof UUniFast f) {
            g.put("method", "uunifast");
            number(g, "periodMin", f.periodMin());
            number(g, "periodMax", f.periodMax());
            g.put("periods", f.periods().jsonName());
        } else if (e.generator() instanceof MultiprocessorTaskSets m) {
            AcceptanceJson.generator(g, m);
        }
        ObjectNode grid = root.putObject("grid");
        if (e.study() instanceof AcceptanceStudy a) {
            AcceptanceJson.study(root, grid, a);
        } else if (e.study() instanceof TmaxStudy t) {
            writeTmaxStudy(root, grid, t);
        } else if (e.study() instanceof OverheadStudy o) {
            writeOverheadStudy(root, grid, o);
        }
        try {
            return MAPPER.writer(PRETTY).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** A Tmax study's grid (n, u, alpha, overhead) and, when it simulates too, its "measure.simulated". */
    private static void writeTmaxStudy(ObjectNode root, ObjectNode grid, TmaxStudy t) {
        ArrayNode n = grid.putArray("n");
        t.n().forEach(n::add);
        numbers(grid.putArray("u"), t.u());
        numbers(grid.putArray("alpha"), t.alpha());
        number(grid, "overhead", t.overhead());
        if (t.simulated() != null) {
            TmaxStudy.Simulated sim = t.simulated();
            ObjectNode m = root.putObject("measure").putObject("simulated");
            m.put("mode", sim.mode().jsonName());
            m.put("sets", sim.sets());
            m.put("grid", sim.grid());
            number(m, "horizonPeriods", sim.horizonPeriods());
            number(m, "resolution", sim.resolution());
        }
    }

    /** An overhead study's grid (n, panels, overhead, period) and its "measure". */
    private static void writeOverheadStudy(ObjectNode root, ObjectNode grid, OverheadStudy o) {
        grid.put("n", o.n());
        ArrayNode panels = grid.putArray("panels");
        for (OverheadStudy.Panel p : o.panels()) {
            ObjectNode pn = panels.addObject();
            number(pn, "u", p.u());
            numbers(pn.putArray("alpha"), p.alpha());
        }
        numbers(grid.putArray("overhead"), o.overhead());
        ObjectNode period = grid.putObject("period");
        number(period, "from", o.periods().from());
        number(period, "to", o.periods().to());
        number(period, "step", o.periods().step());
        ObjectNode m = root.putObject("measure");
        m.put("source", o.source().jsonName());
        number(m, "responseRatioCap", o.responseRatioCap());
        if (o.source() == OverheadStudy.Source.SIMULATION) {
            number(m, "resolution", o.resolution());
        }
    }

    /** Whole numbers without ".0", so written files read like the hand-written ones. */
    private static void number(ObjectNode n, String field, double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            n.put(field, (long) v);
        } else {
            n.put(field, v);
        }
    }

    private static void numbers(ArrayNode a, List<Double> values) {
        for (double v : values) {
            if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                a.add((long) v);
            } else {
                a.add(v);
            }
        }
    }

    /** Walks the tree, collecting problems instead of stopping at the first. */
    static final class Reader extends StrictJsonReader {

        Experiment experiment(JsonNode root) {
            if (!root.isObject()) {
                problems.add(new Problem("", "the top level must be a JSON object, got " + kind(root)));
                return null;
            }
            JsonNode version = root.get("schemaVersion");
            if (version == null) {
                problems.add(new Problem("schemaVersion", "is missing (this version of VMSched reads " + Experiment.SCHEMA_VERSION + ")"));
                return null;
            }
            if (!version.isIntegralNumber()) {
                problems.add(new Problem("schemaVersion", "must be an integer, got " + kind(version)));
                return null;
            }
            if (!version.canConvertToInt() || version.asInt() != Experiment.SCHEMA_VERSION) {
                problems.add(new Problem("schemaVersion", "is " + Limits.cut(version.asText(), 40) + ", an unknown version (this version of VMSched reads "
                        + Experiment.SCHEMA_VERSION + ")"));
                return null;
            }
            String study = string(root, "", "study", null, true);
            boolean overhead = "overhead".equals(study);
            boolean acceptance = "acceptance".equals(study);
            if (study != null && !overhead && !acceptance && !"tmax".equals(study)) {
                problems.add(new Problem("study", "must be \"tmax\", \"overhead\" or \"acceptance\", got " + Limits.quote(study)));
                study = null;
            }
            fields(root, "", Set.of("schemaVersion", "name", "description", "study", "seed", "sets", "generator", "grid",
                    "measure"));
            String name = string(root, "", "name", null, true);
            String description = string(root, "", "description", "", false);
            long seed = longValue(root, "", "seed");
            int sets = integer(root, "", "sets", 0, true);
            TaskSetGenerator generator = generator(root.get("generator"));
            JsonNode grid = root.get("grid");
            if (grid == null) {
                problems.add(new Problem("grid", "is missing"));
                return null;
            }
            if (study == null || !object(grid, "grid")) {
                return null;
            }
            Study s = acceptance ? AcceptanceJson.study(this, grid, root.get("measure"))
                    : overhead ? overheadStudy(grid, root.get("measure")) : tmaxStudy(grid, root.get("measure"));
            if (generator == null || s == null || name == null) {
                return null;
            }
            return new Experiment(Experiment.SCHEMA_VERSION, name, description, seed, sets, generator, s);
        }

        TaskSetGenerator generator(JsonNode g) {
            if (g == null) {
                problems.add(new Problem("generator", "is missing"));
                return null;
            }
            if (!object(g, "generator")) {
                return null;
            }
            String method = string(g, "generator", "method", null, true);
            if (method == null) {
                return null;
            }
            switch (method) {
                case "thesis" -> {
                    fields(g, "generator", Set.of("method", "periodMin", "periodMax", "wcetMin"));
                    double lo = number(g, "generator", "periodMin", Double.NaN, true);
                    double hi = number(g, "generator", "periodMax", Double.NaN, true);
                    double wcetMin = number(g, "generator", "wcetMin", Double.NaN, true);
                    return new ThesisGenerator(lo, hi, wcetMin);
                }
                case "uunifast" -> {
                    fields(g, "generator", Set.of("method", "periodMin", "periodMax", "periods"));
                    double lo = number(g, "generator", "periodMin", Double.NaN, true);
                    double hi = number(g, "generator", "periodMax", Double.NaN, true);
                    String d = string(g, "generator", "periods", "uniform", false);
                    UUniFast.PeriodDistribution dist = UUniFast.PeriodDistribution.fromJson(d);
                    if (dist == null) {
                        problems.add(new Problem("generator.periods", "must be \"uniform\" or \"log-uniform\", got " + Limits.quote(d)));
                        return null;
                    }
                    return new UUniFast(lo, hi, dist);
                }
                case "uunifast-discard", "randfixedsum" -> {
                    return AcceptanceJson.generator(this, g, MultiprocessorTaskSets.Utilisations.fromJson(method));
                }
                default -> {
                    problems.add(new Problem("generator.method", "must be \"thesis\", \"uunifast\", \"uunifast-discard\" or \"randfixedsum\", got " + Limits.quote(method)));
                    return null;
                }
            }
        }

        TmaxStudy tmaxStudy(JsonNode grid, JsonNode measure) {
            fields(grid, "grid", Set.of("n", "u", "alpha", "overhead"));
            List<Integer> n = integers(grid, "grid", "n");
            List<Double> u = numbers(grid, "grid", "u");
            List<Double> alpha = numbers(grid, "grid", "alpha");
            double x = number(grid, "grid", "overhead", 0, false);
            TmaxStudy.Simulated simulated = null;
            boolean ok = true;
            if (measure != null && object(measure, "measure")) {
                fields(measure, "measure", Set.of("simulated"));
                JsonNode sim = measure.get("simulated");
                if (sim != null && !sim.isNull()) {
                    simulated = simulated(sim);
                    ok = simulated != null;
                }
            } else if (measure != null) {
                ok = false;
            }
            if (n == null || u == null || alpha == null || !ok) {
                return null;
            }
            return new TmaxStudy(n, u, alpha, x, simulated);
        }

        TmaxStudy.Simulated simulated(JsonNode sim) {
            String p = "measure.simulated";
            if (!object(sim, p)) {
                return null;
            }
            fields(sim, p, Set.of("mode", "sets", "grid", "horizonPeriods", "resolution"));
            String m = string(sim, p, "mode", SimulationMode.WORST_CASE.jsonName(), false);
            SimulationMode mode = SimulationMode.fromJson(m);
            if (m != null && mode == null) {
                problems.add(new Problem(p + ".mode", "must be \"worst-case\" or \"synchronous\", got " + Limits.quote(m)));
                return null;
            }
            int sets = integer(sim, p, "sets", 0, true);
            int grid = integer(sim, p, "grid", TmaxStudy.Simulated.DEFAULT_GRID, false);
            double h = number(sim, p, "horizonPeriods", TmaxStudy.Simulated.DEFAULT_HORIZON_PERIODS, false);
            double r = number(sim, p, "resolution", TmaxStudy.Simulated.DEFAULT_RESOLUTION, false);
            return mode == null ? null : new TmaxStudy.Simulated(mode, sets, grid, h, r);
        }

        OverheadStudy overheadStudy(JsonNode grid, JsonNode measure) {
            fields(grid, "grid", Set.of("n", "panels", "overhead", "period"));
            int n = integer(grid, "grid", "n", 0, true);
            List<OverheadStudy.Panel> panels = new ArrayList<>();
            JsonNode pn = grid.get("panels");
            if (pn == null) {
                problems.add(new Problem("grid.panels", "is missing"));
                return null;
            }
            if (!pn.isArray()) {
                problems.add(new Problem("grid.panels", "must be an array, got " + kind(pn)));
                return null;
            }
            boolean ok = true;
            for (int i = 0; i < pn.size(); i++) {
                String p = "grid.panels[" + i + "]";
                JsonNode one = pn.get(i);
                if (!object(one, p)) {
                    ok = false;
                    continue;
                }
                fields(one, p, Set.of("u", "alpha"));
                double u = number(one, p, "u", Double.NaN, true);
                List<Double> alpha = numbers(one, p, "alpha");
                if (alpha == null) {
                    ok = false;
                } else {
                    panels.add(new OverheadStudy.Panel(u, alpha));
                }
            }
            List<Double> overhead = numbers(grid, "grid", "overhead");
            PeriodGrid periods = periodGrid(grid);
            double cap = DEFAULT_RESPONSE_RATIO_CAP;
            double resolution = OverheadStudy.DEFAULT_RESOLUTION;
            OverheadStudy.Source source = OverheadStudy.Source.ANALYSIS;
            if (measure != null && object(measure, "measure")) {
                fields(measure, "measure", Set.of("source", "responseRatioCap", "resolution"));
                cap = number(measure, "measure", "responseRatioCap", DEFAULT_RESPONSE_RATIO_CAP, false);
                String src = string(measure, "measure", "source", "analysis", false);
                if ("simulation".equals(src)) {
                    source = OverheadStudy.Source.SIMULATION;
                } else if (src != null && !"analysis".equals(src)) {
                    problems.add(new Problem("measure.source", "must be \"analysis\" or \"simulation\", got " + Limits.quote(src)));
                }
                resolution = number(measure, "measure", "resolution", OverheadStudy.DEFAULT_RESOLUTION, false);
                if (measure.has("resolution") && source != OverheadStudy.Source.SIMULATION) {
                    problems.add(new Problem("measure.resolution", "is only used with \"source\": \"simulation\""));
                }
            }
            if (!ok || overhead == null || periods == null) {
                return null;
            }
            return new OverheadStudy(n, panels, overhead, periods, cap, source, resolution);
        }

        /** The overhead grid's "period" object (from, to, step), or null with its problem noted. */
        private PeriodGrid periodGrid(JsonNode grid) {
            PeriodGrid periods = null;
            JsonNode per = grid.get("period");
            if (per == null) {
                problems.add(new Problem("grid.period", "is missing"));
            } else if (object(per, "grid.period")) {
                fields(per, "grid.period", Set.of("from", "to", "step"));
                periods = new PeriodGrid(number(per, "grid.period", "from", Double.NaN, true),
                        number(per, "grid.period", "to", Double.NaN, true),
                        number(per, "grid.period", "step", 1, false));
            }
            return periods;
        }

        List<Double> numbers(JsonNode n, String p, String f) {
            return list(n, p, f, "number", JsonNode::isNumber, JsonNode::asDouble);
        }

        List<Integer> integers(JsonNode n, String p, String f) {
            return list(n, p, f, "integer", e -> e.isIntegralNumber() && e.canConvertToInt(), JsonNode::asInt);
        }

        /** An array field whose every element passes {@code ok}; null (with problems) otherwise. */
        <T> List<T> list(JsonNode n, String p, String f, String what, Predicate<JsonNode> ok,
                         Function<JsonNode, T> value) {
            JsonNode v = n.get(f);
            String path = join(p, f);
            if (v == null) {
                problems.add(new Problem(path, "is missing"));
                return null;
            }
            if (!v.isArray()) {
                problems.add(new Problem(path, "must be an array of " + what + "s, got " + kind(v)));
                return null;
            }
            List<T> out = new ArrayList<>();
            for (int i = 0; i < v.size(); i++) {
                JsonNode e = v.get(i);
                if (!ok.test(e)) {
                    String article = what.startsWith("i") ? "an " : "a ";
                    problems.add(new Problem(path + "[" + i + "]", "must be " + article + what + ", got " + kind(e)));
                } else {
                    out.add(value.apply(e));
                }
            }
            return out.size() == v.size() ? out : null;
        }
    }
}
