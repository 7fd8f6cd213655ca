package org.vmsched.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.policy.PolicyRegistry;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Limits;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;

/**
 * Reads and writes scenario files (the JSON format in docs/scenario-format.md). Reading is strict: malformed
 * JSON is reported with line and column, and every missing, unknown or mistyped field and every
 * rule of {@link ScenarioValidator} with its JSON path. Writing is atomic. Stateless, thread-safe.
 */
public final class ScenarioJson {

    /** The reader's parser settings: the limits, duplicate keys refused. */
    private static final JsonFactory FACTORY = StrictJsonReader.limitedFactory()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    /**
     * The writer, made on first use: reading builds its tree from the parser alone, so a command
     * that only reads a scenario never constructs a mapper (about 0.3 s of CPU in a fresh JVM,
     * some 300 classes; BENCHMARKS.md, "Design", fourth round).
     */
    private static final class Writer {
        static final ObjectMapper MAPPER = new ObjectMapper(FACTORY)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

        static {
            MAPPER.configure(JsonParser.Feature.ALLOW_COMMENTS, false);
        }
    }

    private ScenarioJson() {
    }

    /** Loads and validates a scenario file. */
    public static Scenario load(Path file) throws InvalidScenarioException {
        return load(file, PolicyRegistry.BUILT_IN);
    }

    /** As {@link #load(Path)}, the policy's id looked up in {@code registry}. */
    public static Scenario load(Path file, PolicyRegistry registry) throws InvalidScenarioException {
        try {
            return parse(file.toString(), StrictJsonReader.readFile(file, "a scenario file"), registry);
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidScenarioException(file.toString(), e.getMessage());
        }
    }

    /** Loads a scenario from a stream (a bundled example), naming it {@code source} in messages. */
    public static Scenario load(String source, InputStream in) throws InvalidScenarioException {
        try {
            return parse(source, StrictJsonReader.readStream(in, "a scenario file"));
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidScenarioException(source, e.getMessage());
        }
    }

    /** Parses and validates scenario JSON text; {@code source} names it in messages. */
    public static Scenario parse(String source, String text) throws InvalidScenarioException {
        return parse(source, text, PolicyRegistry.BUILT_IN);
    }

    /**
     * Parses and validates scenario JSON text whose {@code hypervisor.policy} is looked up in
     * {@code registry} (a test's own policy: the registry is passed, not changed globally).
     */
    public static Scenario parse(String source, String text, PolicyRegistry registry) throws InvalidScenarioException {
        JsonNode root;
        try {
            root = StrictJsonReader.tree(FACTORY, text);
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidScenarioException(source, e.getMessage());
        }
        if (root.isObject() && root.has("study") && !root.has("vms") && !root.has("hypervisor")) {
            // the one thing wrong, first and alone, instead of every field an experiment does not share
            throw new InvalidScenarioException(source, "this is an experiment file; this command takes a scenario"
                    + " file (run an experiment with `vmsched experiment FILE`, see docs/researcher.md, \"Rerun the thesis's studies\")");
        }
        if (OpenedFile.isExercise(root)) {
            throw new InvalidScenarioException(source, "this is an exercise file; this command takes a scenario file"
                    + " (check answers with `vmsched exercise check`, open it in the window with `vmsched gui FILE`)");
        }
        Reader r = new Reader(registry);
        Scenario s = r.scenario(root);
        if (s == null) {
            throw new InvalidScenarioException(source, r.problems);
        }
        // Report the rule violations together with the shape problems, once per path.
        List<Problem> problems = new ArrayList<>(r.problems);
        Set<String> seen = new HashSet<>();
        r.problems.forEach(p -> seen.add(p.path()));
        for (Problem p : ScenarioValidator.validate(s)) {
            if (!seen.contains(p.path())) {
                problems.add(p);
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidScenarioException(source, problems);
        }
        return s;
    }

    /** Writes the scenario atomically: to a temporary file beside the target, then moved over it. */
    public static void save(Scenario s, Path file) throws IOException {
        AtomicFiles.write(file, tmp -> Files.writeString(tmp, toJson(s), StandardCharsets.UTF_8));
    }

    /** The scenario as pretty-printed JSON in the file format. */
    public static String toJson(Scenario s) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("schemaVersion", Math.max(s.schemaVersion(), s.requiredSchemaVersion()));
        root.put("name", s.name());
        root.put("description", s.description());
        ObjectNode hv = root.putObject("hypervisor");
        hv.put("policy", s.hypervisor().policy().name());
        hv.put("cores", s.hypervisor().cores());
        // only the named policy's parameters: the reader takes no other, so the file opens again
        if (s.hypervisor().params() != null && s.hypervisor().params().policy().equals(s.hypervisor().policy())) {
            ScenarioParamsJson.write(hv, s.hypervisor().policy(), s.hypervisor().params());
        }
        ArrayNode vms = root.putArray("vms");
        for (VirtualMachine vm : s.vms()) {
            ObjectNode v = vms.addObject();
            v.put("name", vm.name());
            v.put("period", decimal(vm.period()));
            v.put("budget", decimal(vm.budget()));
            v.put("overhead", decimal(vm.overhead()));
            v.put("core", vm.core());
            v.put("offset", decimal(vm.offset()));
            v.put("scheduler", vm.scheduler().name());
            if (vm.vcpus() != 1) {
                v.put("vcpus", vm.vcpus()); // only when not 1: files of one virtual CPU stay as they were
            }
            if (vm.priority() != null) {
                v.put("priority", vm.priority());
            }
            if (vm.params() != null && vm.params().policy().equals(s.hypervisor().policy())) {
                ScenarioParamsJson.write(v, s.hypervisor().policy(), vm.params());
            }
            ArrayNode tasks = v.putArray("tasks");
            for (Task t : vm.tasks()) {
                ObjectNode tn = tasks.addObject();
                tn.put("name", t.name());
                tn.put("wcet", decimal(t.wcet()));
                tn.put("period", decimal(t.period()));
                tn.put("deadline", decimal(t.deadline()));
                tn.put("offset", decimal(t.offset()));
            }
        }
        SimulationSettings sim = s.simulation();
        ObjectNode sn = root.putObject("simulation");
        if (sim.horizon() != null) {
            sn.put("horizon", decimal(sim.horizon()));
        }
        sn.put("mode", sim.mode().jsonName());
        sn.put("serverPolicy", sim.serverPolicy().jsonName());
        sn.put("missPolicy", sim.missPolicy().jsonName());
        try {
            return Writer.MAPPER.writer(new DefaultPrettyPrinter()
                    .withObjectIndenter(new DefaultIndenter("  ", "\n")))
                    .writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Walks the tree, collecting problems instead of stopping at the first. */
    static final class Reader extends StrictJsonReader {

        /** Where {@code hypervisor.policy} is looked up by id. */
        private final PolicyRegistry registry;

        Reader() {
            this(PolicyRegistry.BUILT_IN);
        }

        Reader(PolicyRegistry registry) {
            this.registry = registry;
        }

        /** {@code hypervisor.policy}, looked up in the registry (EDF when absent or unknown, with a problem). */
        private HypervisorPolicy policy(JsonNode hv) {
            String id = string(hv, "hypervisor", "policy", null, false);
            if (id == null) {
                return HypervisorPolicy.EDF;
            }
            HypervisorPolicy p = registry.find(id);
            if (p == null) {
                List<String> ids = new ArrayList<>();
                registry.modules().forEach(m -> ids.add("\"" + m.id() + "\""));
                problems.add(new Problem("hypervisor.policy", "must be one of " + String.join(", ", ids) + ", got "
                        + Limits.quote(id)));
                return HypervisorPolicy.EDF;
            }
            return p;
        }

        Scenario scenario(JsonNode root) {
            if (!root.isObject()) {
                problems.add(new Problem("", "the top level must be a JSON object, got " + kind(root)));
                return null;
            }
            fields(root, "", Set.of("schemaVersion", "name", "description", "hypervisor", "vms", "simulation"));
            JsonNode version = root.get("schemaVersion");
            if (version == null) {
                problems.add(new Problem("schemaVersion", "is missing (this version of VMSched reads " + Scenario.SCHEMA_VERSION + ")"));
                return null;
            }
            if (!version.isIntegralNumber()) {
                problems.add(new Problem("schemaVersion", "must be an integer, got " + kind(version)));
                return null;
            }
            // Compared as the integer written, not its low 32 bits: 4294967297 is not 1.
            if (!version.canConvertToInt() || version.asInt() < Scenario.SCHEMA_VERSION
                    || version.asInt() > Scenario.LATEST_SCHEMA_VERSION) {
                problems.add(new Problem("schemaVersion", "is " + Limits.cut(version.asText(), 40)
                        + ", an unknown version (this version of VMSched reads " + Scenario.SCHEMA_VERSION + " to "
                        + Scenario.LATEST_SCHEMA_VERSION + ")"));
                return null;
            }
            int fileVersion = version.asInt();
            String name = string(root, "", "name", null, true);
            String description = string(root, "", "description", "", false);
            Platform platform = platform(root, fileVersion);
            List<VirtualMachine> vms = new ArrayList<>();
            JsonNode vmsNode = root.get("vms");
            if (vmsNode == null) {
                problems.add(new Problem("vms", "is missing"));
            } else if (!vmsNode.isArray()) {
                problems.add(new Problem("vms", "must be an array, got " + kind(vmsNode)));
            } else {
                for (int i = 0; i < vmsNode.size(); i++) {
                    VirtualMachine vm = vm(vmsNode.get(i), "vms[" + i + "]", fileVersion, platform);
                    if (vm != null) {
                        vms.add(vm);
                    }
                }
            }
            SimulationSettings sim = simulation(root);
            return new Scenario(fileVersion, name, description, platform, vms, sim);
        }

        /** The "hypervisor" object as a platform (policy, cores, parameters), the default one when it is absent. */
        private Platform platform(JsonNode root, int fileVersion) {
            Platform platform = Platform.DEFAULT;
            JsonNode hv = root.get("hypervisor");
            if (hv != null) {
                if (object(hv, "hypervisor")) {
                    fields(hv, "hypervisor", fileVersion >= 2 ? Set.of("policy", "cores", "params") : Set.of("policy", "cores"));
                    HypervisorPolicy policy = policy(hv);
                    if (policy.schemaVersion() > fileVersion) {
                        problems.add(new Problem("hypervisor.policy", policy.name() + " needs \"schemaVersion\": "
                                + policy.schemaVersion() + " (this file has " + fileVersion + ")"));
                    }
                    int cores = integer(hv, "hypervisor", "cores", 1, false);
                    platform = new Platform(policy, cores, ScenarioParamsJson.hypervisorParams(this, hv, policy, registry));
                }
            }
            return platform;
        }

        /** The "simulation" object as settings (horizon, mode, server and miss policy), the default when it is absent. */
        private SimulationSettings simulation(JsonNode root) {
            SimulationSettings sim = SimulationSettings.DEFAULT;
            JsonNode sn = root.get("simulation");
            if (sn != null && object(sn, "simulation")) {
                fields(sn, "simulation", Set.of("horizon", "mode", "serverPolicy", "missPolicy"));
                Double horizon = sn.has("horizon") && !sn.get("horizon").isNull() ? number(sn, "simulation", "horizon", 0, true) : null;
                SimulationMode mode = SimulationMode.SYNCHRONOUS;
                String m = string(sn, "simulation", "mode", "synchronous", false);
                if (m != null) {
                    mode = SimulationMode.fromJson(m);
                    if (mode == null) {
                        problems.add(new Problem("simulation.mode", "must be \"synchronous\" or \"worst-case\", got " + Limits.quote(m)));
                        mode = SimulationMode.SYNCHRONOUS;
                    }
                }
                ServerPolicy server = lowerEnum(sn, "simulation", "serverPolicy", ServerPolicy.class, ServerPolicy.PERIODIC);
                MissPolicy miss = lowerEnum(sn, "simulation", "missPolicy", MissPolicy.class, MissPolicy.CONTINUE);
                sim = new SimulationSettings(horizon, mode, server, miss);
            }
            return sim;
        }

        VirtualMachine vm(JsonNode n, String p, int fileVersion, Platform platform) {
            if (!object(n, p)) {
                return null;
            }
            Set<String> known = Set.of("name", "period", "budget", "overhead", "core", "offset", "scheduler", "priority", "tasks",
                    "vcpus");
            if (fileVersion >= 2) {
                known = new HashSet<>(known);
                known.add("params");
            }
            fields(n, p, known);
            String name = string(n, p, "name", null, true);
            // budget and period are the server's; policies without budgets give the VM the whole core
            boolean budgeted = platform.policy().usesBudget();
            double period = number(n, p, "period", budgeted ? Double.NaN : 1, budgeted);
            double budget = number(n, p, "budget", budgeted ? Double.NaN : period, budgeted);
            double overhead = number(n, p, "overhead", 0, false);
            int core = integer(n, p, "core", 0, false);
            double offset = number(n, p, "offset", 0, false);
            GuestScheduler scheduler = enumValue(n, p, "scheduler", GuestScheduler.class, GuestScheduler.RM);
            int vcpus = count(n, p, "vcpus", 1, 1, VirtualMachine.MAX_VCPUS);
            Integer priority = n.has("priority") && !n.get("priority").isNull() ? integer(n, p, "priority", 0, true) : null;
            List<Task> tasks = new ArrayList<>();
            JsonNode tn = n.get("tasks");
            if (tn == null) {
                problems.add(new Problem(p + ".tasks", "is missing"));
            } else if (!tn.isArray()) {
                problems.add(new Problem(p + ".tasks", "must be an array, got " + kind(tn)));
            } else {
                for (int i = 0; i < tn.size(); i++) {
                    Task t = task(tn.get(i), p + ".tasks[" + i + "]");
                    if (t != null) {
                        tasks.add(t);
                    }
                }
            }
            VmParams params = fileVersion >= 2 ? ScenarioParamsJson.vmParams(this, n, p, platform, registry) : null;
            return new VirtualMachine(name, period, budget, overhead, core, offset, scheduler, priority, tasks, params, vcpus);
        }

        Task task(JsonNode n, String p) {
            if (!object(n, p)) {
                return null;
            }
            fields(n, p, Set.of("name", "wcet", "period", "deadline", "offset"));
            String name = string(n, p, "name", null, true);
            double wcet = number(n, p, "wcet", Double.NaN, true);
            double period = number(n, p, "period", Double.NaN, true);
            double deadline = n.has("deadline") ? number(n, p, "deadline", period, false) : period;
            double offset = number(n, p, "offset", 0, false);
            return new Task(name, wcet, period, deadline, offset);
        }

    }

    /**
     * A number of the file as a person writes it: the shortest decimal that reads back as the same
     * double, without a trailing ".0" or an exponent (16, 0.000000001; the writer prints decimals
     * plain), so a saved file reads like the one opened (SavedNumbersTest); the commands' JSON
     * output writes its numbers so too.
     */
    public static BigDecimal decimal(double x) {
        BigDecimal d = BigDecimal.valueOf(x).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0) : d;
    }

    /** Shared mapper settings for other JSON writers (CLI output). */
    public static ObjectMapper mapper() {
        return Writer.MAPPER;
    }
}
