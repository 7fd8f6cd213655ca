package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Limits;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;

/**
 * Seeded fuzzing of the loader and the analysis (issue 12): the bundled scenarios are mutated
 * (byte flips, truncation, type swaps, extreme numbers, deep nesting, long strings, control
 * characters, copies), each document is loaded, and what is accepted is analysed, under a
 * per-case time limit. The only outcomes allowed are "accepted and answered in time" and
 * "rejected with a field-named, bounded, printable message". {@code -Dfuzz.cases=N} sets the
 * number of documents (default 600; the long-fuzz profile 30,000; the long run in BENCHMARKS.md uses 100,000) and
 * {@code -Dfuzz.seed=S} the seed.
 */
class ScenarioFuzzTest {

    static final int CASES = Integer.getInteger("fuzz.cases", 600);
    static final long SEED = Long.getLong("fuzz.seed", 12);
    /**
     * Per document, in CPU time of the thread that answers it (so the limit holds on a loaded
     * machine too): a runaway case took minutes or ran out of memory.
     */
    static final long LIMIT_CPU_SECONDS = 5;
    /** Wall-clock guard against a case that never returns, whatever the load. */
    static final long HANG_SECONDS = 300;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    /** Rejections whose message has no JSON path: they are about the file as a whole and say where. */
    static boolean fileLevel(String message) {
        return message.contains("line ") || message.startsWith("is empty") || message.startsWith("is not UTF-8")
                || message.startsWith("is larger than") || message.startsWith("the top level") || message.startsWith("arrays and")
                || message.startsWith("a string is") || message.startsWith("a number has") || message.startsWith("the document")
                // a JSON document mutated into one that begins like XML (the long fuzz, seed 2030, case 4618)
                || message.startsWith("is an XML file");
    }

    @Test
    void mutatedScenariosAreAnsweredInTimeOrRefusedWithAFieldNamedPrintableMessage() throws Exception {
        List<String> failures = new ArrayList<>();
        Map<String, Integer> outcomes = fuzz(CASES, SEED, failures);
        System.out.println("fuzz: " + CASES + " documents, seed " + SEED + ": " + outcomes);
        assertEquals(List.of(), failures);
        assertTrue(outcomes.getOrDefault("answered", 0) > CASES / 20, "too few accepted documents: " + outcomes);
    }

    /** As the JSON fuzz, for CARTS and SimSo XML: {@code -Dfuzz.xml.cases=N} documents per kind (default 300). */
    @Test
    void mutatedXmlImportsAreAnsweredInTimeOrRefusedInOurWords() throws Exception {
        int cases = Integer.getInteger("fuzz.xml.cases", 300);
        List<String> failures = new ArrayList<>();
        for (String kind : List.of("carts", "simso")) {
            Map<String, Integer> outcomes = fuzz(kind, cases, SEED, failures);
            System.out.println("fuzz " + kind + ": " + cases + " documents, seed " + SEED + ": " + outcomes);
            assertTrue(outcomes.getOrDefault("answered", 0) > cases / 20, kind + ": too few accepted: " + outcomes);
        }
        assertEquals(List.of(), failures);
    }

    /**
     * Loads and analyses {@code cases} mutated documents from {@code seed}; returns the count of
     * each outcome and adds each failure (at most 5) to {@code failures}. The long run calls it.
     */
    static Map<String, Integer> fuzz(int cases, long seed, List<String> failures) throws Exception {
        return fuzz("json", cases, seed, failures);
    }

    /** The file kinds fuzzed: scenario JSON, CARTS XML, SimSo XML (issue 20). */
    static final List<String> KINDS = List.of("json", "carts", "simso");

    /** As {@link #fuzz(int, long, List)} for one file {@code kind} of {@link #KINDS}. */
    static Map<String, Integer> fuzz(String kind, int cases, long seed, List<String> failures) throws Exception {
        boolean json = kind.equals("json");
        List<String> seeds = json ? jsonSeeds() : xmlSeeds(kind);
        Random random = new Random(seed);
        Map<String, Integer> outcomes = new LinkedHashMap<>();
        ExecutorService pool = newPool();
        try {
            for (int i = 0; i < cases && failures.size() < 5; i++) {
                String doc = json ? mutate(seeds.get(random.nextInt(seeds.size())), random)
                        : mutateXml(seeds.get(random.nextInt(seeds.size())), random);
                Future<String> f = pool.submit(() -> {
                    long start = CPU.getCurrentThreadCpuTime();
                    String answer = json ? outcome(doc) : xmlOutcome(doc);
                    double cpu = (CPU.getCurrentThreadCpuTime() - start) / 1e9;
                    return cpu > LIMIT_CPU_SECONDS ? "FAIL over the time limit: " + cpu + " s of CPU" : answer;
                });
                String o;
                try {
                    o = f.get(HANG_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    f.cancel(true);
                    pool.shutdownNow();
                    pool = newPool(); // the runaway keeps its thread; the next cases get a fresh one
                    o = "FAIL over the time limit";
                } catch (java.util.concurrent.ExecutionException e) {
                    o = "FAIL " + e.getCause();
                }
                outcomes.merge(o.startsWith("FAIL") ? "failed" : o, 1, Integer::sum);
                if (o.startsWith("FAIL")) {
                    failures.add("case " + i + ": " + o + "\n  document: " + Limits.oneLine(doc, 400));
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return outcomes;
    }

    static List<String> jsonSeeds() throws IOException {
        List<String> seeds = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("scenarios"))) {
            for (Path p : s.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                seeds.add(Files.readString(p));
            }
        }
        return seeds;
    }

    /**
     * XML documents of one kind to mutate: the tool's own example file and every bundled
     * scenario written in that format (CARTS by the exporter, SimSo as its task list).
     */
    static List<String> xmlSeeds(String kind) throws Exception {
        List<String> seeds = new ArrayList<>();
        seeds.add(Files.readString(ForeignFormatsTest.DIR.resolve(kind.equals("carts") ? "carts-input.xml" : "simso-config.xml")));
        for (String text : jsonSeeds()) {
            Scenario s = ScenarioJson.parse("seed", text);
            if (kind.equals("carts")) {
                seeds.add(CartsExport.write(s, 1, 200));
                continue;
            }
            StringBuilder x = new StringBuilder("<?xml version=\"1.0\" ?>\n<simulation duration=\"1000\">\n"
                    + "  <sched class=\"simso.schedulers." + (s.vms().get(0).scheduler().name()) + "\"/>\n"
                    + "  <processors><processor id=\"1\" name=\"CPU 1\"/></processors>\n  <tasks>\n");
            int id = 0;
            for (var vm : s.vms()) {
                for (var t : vm.tasks()) {
                    x.append("    <task id=\"").append(++id).append("\" name=\"").append(t.name().replace("\"", ""))
                            .append("\" task_type=\"Periodic\" period=\"").append(t.period()).append("\" deadline=\"")
                            .append(t.deadline()).append("\" WCET=\"").append(t.wcet()).append("\" activationDate=\"")
                            .append(t.offset()).append("\"/>\n");
                }
            }
            seeds.add(x.append("  </tasks>\n</simulation>\n").toString());
        }
        return seeds;
    }

    /** An imported XML document's "answered", "refused" or "FAIL why", by the rules of {@link #outcome}. */
    static String xmlOutcome(String doc) {
        Scenario s;
        try {
            s = ForeignFormats.importXml("fuzz.xml", "fuzz", doc);
        } catch (InvalidScenarioException e) {
            String m = e.getMessage();
            if (m.length() > Limits.MAX_MESSAGE || !Limits.printable(m)) {
                return "FAIL message unbounded or unprintable: " + Limits.oneLine(m, 300);
            }
            if (m.contains("vms[") || m.contains("tasks[") || m.contains("hypervisor.")) {
                return "FAIL the generated scenario's path, not the file's element: " + Limits.oneLine(m, 300);
            }
            String parser = parserWording(m);
            return parser == null ? "refused" : "FAIL parser wording (" + parser + "): " + Limits.oneLine(m, 300);
        } catch (RuntimeException | Error e) {
            return "FAIL importer threw " + Limits.oneLine(e.toString(), 300);
        }
        return analysed(s);
    }

    /** Characters a name may carry to trick a terminal: bidi overrides, zero-width, controls. */
    static final String[] TRICKS = {"\u202e", "\u200b", "\u2066", "\ufeff", "\u001b[31m", "\u0007", "\u2028"};

    static String mutateXml(String text, Random r) {
        int kind = r.nextInt(10);
        switch (kind) {
            case 0 -> { // character flips, now and then a format character
                char[] c = text.toCharArray();
                for (int k = 1 + r.nextInt(4); k > 0; k--) {
                    c[r.nextInt(c.length)] = r.nextInt(5) == 0 ? TRICKS[r.nextInt(3)].charAt(0) : (char) r.nextInt(128);
                }
                return new String(c);
            }
            case 1 -> {
                return text.substring(0, r.nextInt(text.length()));
            }
            case 2 -> { // deep nesting inside the root
                int depth = r.nextInt(3) == 0 ? 5000 : 1 + r.nextInt(100);
                int at = text.indexOf('>', text.indexOf("<s")) + 1;
                return text.substring(0, at) + "<a>".repeat(depth) + "</a>".repeat(depth) + text.substring(at);
            }
            case 3 -> { // DTDs, entities, character references
                return switch (r.nextInt(4)) {
                    case 0 -> "<!DOCTYPE system [<!ENTITY e \"" + "x".repeat(r.nextInt(100)) + "\">]>" + text.replaceFirst("<\\?xml[^>]*>", "");
                    case 1 -> text.replaceFirst("name=\"", "name=\"&e;");
                    case 2 -> text.replaceFirst("name=\"", "name=\"&#0;");
                    default -> text.replaceFirst("name=\"", "name=\"&#x202e;");
                };
            }
            case 4 -> { // attribute values: extremes, garbage, long and tricky strings
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("=\"[^\"]*\"").matcher(text);
                List<int[]> spans = new ArrayList<>();
                while (m.find()) {
                    spans.add(new int[] {m.start(), m.end()});
                }
                if (spans.isEmpty()) {
                    return text;
                }
                int[] sp = spans.get(r.nextInt(spans.size()));
                String v = switch (r.nextInt(5)) {
                    case 0 -> EXTREMES[r.nextInt(EXTREMES.length)];
                    case 1 -> r.nextBoolean() ? "NaN" : "Infinity";
                    case 2 -> "x".repeat(r.nextInt(4) == 0 ? 150_000 : r.nextInt(50));
                    case 3 -> TRICKS[r.nextInt(TRICKS.length)] + "evil";
                    default -> "";
                };
                return text.substring(0, sp[0]) + "=\"" + v + "\"" + text.substring(sp[1]);
            }
            case 5 -> { // many attributes on one element
                int n = r.nextInt(3) == 0 ? 10_001 + r.nextInt(100) : 1 + r.nextInt(50);
                StringBuilder a = new StringBuilder();
                for (int k = 0; k < n; k++) {
                    a.append(" z").append(k).append("=\"1\"");
                }
                int at = text.indexOf("<task");
                return at < 0 ? text : text.substring(0, at + 5) + a + text.substring(at + 5);
            }
            case 6 -> { // copies of a task: many tasks, duplicate names
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("<task [^>]*>(</task>)?").matcher(text);
                if (!m.find()) {
                    return text;
                }
                int n = r.nextInt(3) == 0 ? 1 + r.nextInt(2000) : 1 + r.nextInt(5);
                return text.substring(0, m.end()) + m.group().repeat(n) + text.substring(m.end());
            }
            case 7 -> { // an attribute removed
                return text.replaceFirst(r.nextBoolean() ? " p=\"[^\"]*\"" : " (period|WCET|e|name|scheduler|os_scheduler)=\"[^\"]*\"", "");
            }
            case 8 -> { // another root or element name
                return r.nextBoolean() ? text.replace("<system", "<sys").replace("</system", "</sys")
                        : text.replace("<task ", "<tsk ").replace("<component ", "<comp ");
            }
            default -> { // a tricky name
                return text.replaceFirst("name=\"", "name=\"" + TRICKS[r.nextInt(TRICKS.length)]);
            }
        }
    }

    private static ExecutorService newPool() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz");
            t.setDaemon(true);
            return t;
        });
    }

    /** "answered", "refused" or "FAIL why". */
    static String outcome(String doc) {
        Scenario s;
        try {
            s = ScenarioJson.parse("fuzz.json", doc);
        } catch (InvalidScenarioException e) {
            String m = e.getMessage();
            if (m.length() > Limits.MAX_MESSAGE || !Limits.printable(m)) {
                return "FAIL message unbounded or unprintable: " + Limits.oneLine(m, 300);
            }
            for (Problem p : e.problems()) {
                if (p.path().isEmpty() && !fileLevel(p.message())) {
                    return "FAIL message names no field: " + Limits.oneLine(p.message(), 300);
                }
            }
            String parser = parserWording(m);
            return parser == null ? "refused" : "FAIL parser wording (" + parser + "): " + Limits.oneLine(m, 300);
        } catch (RuntimeException | Error e) {
            return "FAIL loader threw " + Limits.oneLine(e.toString(), 300);
        }
        return analysed(s);
    }

    /** Words only Jackson's or the JDK XML parser's messages use; a refusal must be in ours. */
    static final String[] PARSER_WORDS = {"Unexpected", "Unrecognized", "was expecting", "close marker", "; line:",
        "JsonParser", "code 0x", "Feature", "JAXP", "apache.org", "XML document structures", "Content is not allowed",
        "must be terminated", "The element type", "was referenced", "Premature end", "Input length", "SAX"};

    /** The first parser word in {@code message}, or null. */
    static String parserWording(String message) {
        for (String w : PARSER_WORDS) {
            if (message.contains(w)) {
                return w;
            }
        }
        return null;
    }

    /** "answered", or the refusal of an analysis limit, or "FAIL why". */
    static String analysed(Scenario s) {
        try {
            SystemAnalysis.analyze(s);
            return "answered";
        } catch (AnalysisLimitException e) {
            String m = e.getMessage();
            return m.length() <= Limits.MAX_MESSAGE && Limits.printable(m) ? "refused (analysis limit)"
                    : "FAIL limit message unbounded or unprintable";
        } catch (RuntimeException | Error e) {
            return "FAIL analysis threw " + Limits.oneLine(e.toString(), 300);
        }
    }

    // ------------------------------------------------------------------ mutations

    static final String[] EXTREMES = {"0", "-0", "-1", "1e308", "-1e308", "5e-324", "4.9e-324", "1e-9", "9.99e-10",
        "1e9", "1000000001", "2147483647", "2147483648", "4294967297", "-4294967295", "18446744073709551617",
        "0.4999999999999999", "1e-6", "1e6", "0.001", "1", "2", "3", "0.5", "1e15", "123456789.123456789"};

    static String mutate(String text, Random r) {
        int kind = r.nextInt(10);
        switch (kind) {
            case 0 -> { // byte flips
                char[] c = text.toCharArray();
                for (int k = 1 + r.nextInt(4); k > 0; k--) {
                    c[r.nextInt(c.length)] = (char) r.nextInt(128);
                }
                return new String(c);
            }
            case 1 -> { // truncation
                return text.substring(0, r.nextInt(text.length()));
            }
            case 2 -> { // deep nesting
                int depth = r.nextInt(3) == 0 ? 2000 : 1 + r.nextInt(100);
                return text.replaceFirst("\"vms\"\\s*:", "\"vms\":" + "[".repeat(depth)) + "]".repeat(depth);
            }
            default -> {
                JsonNode root;
                try {
                    root = JSON.readTree(text);
                } catch (IOException e) {
                    return text;
                }
                for (int k = 1 + r.nextInt(3); k > 0; k--) {
                    mutateTree(root, r, kind);
                }
                return root.toString();
            }
        }
    }

    private static void mutateTree(JsonNode root, Random r, int kind) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        JsonNode parent = containers.get(r.nextInt(containers.size()));
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (parent instanceof ObjectNode o && o.size() > 0) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            String name = names.get(r.nextInt(names.size()));
            o.set(name, value(r, kind, f, o.get(name)));
            if (r.nextInt(10) == 0) {
                o.remove(names.get(r.nextInt(names.size())));
            }
            if (r.nextInt(20) == 0) {
                o.set(r.nextBoolean() ? "unknown\u001b[31m\u0007" : "x".repeat(r.nextInt(5000)), f.nullNode());
            }
        } else if (parent instanceof ArrayNode a && a.size() > 0) {
            int i = r.nextInt(a.size());
            switch (r.nextInt(4)) {
                case 0 -> { // copies: many VMs or tasks, duplicate names
                    int n = r.nextInt(3) == 0 ? 1 + r.nextInt(2000) : 1 + r.nextInt(5);
                    // Documents stay within a few MB (copies of copies grew without bound).
                    n = Math.min(n, 2_000_000 / Math.max(1, a.get(i).toString().length() * Math.max(1, a.size())));
                    for (int k = 0; k < n; k++) {
                        a.add(a.get(i).deepCopy());
                    }
                }
                case 1 -> a.remove(i);
                default -> a.set(i, value(r, kind, f, a.get(i)));
            }
        }
    }

    private static JsonNode value(Random r, int kind, JsonNodeFactory f, JsonNode old) {
        if (old != null && old.isContainerNode() && r.nextInt(4) != 0) {
            return old; // mostly keep structure; its children get mutated on later rounds
        }
        switch (kind % 4) {
            case 0 -> {
                String e = EXTREMES[r.nextInt(EXTREMES.length)];
                try {
                    return f.numberNode(new BigInteger(e));
                } catch (NumberFormatException notInteger) {
                    return f.numberNode(new java.math.BigDecimal(e));
                }
            }
            case 1 -> { // type swaps
                return switch (r.nextInt(6)) {
                    case 0 -> f.textNode("12");
                    case 1 -> f.arrayNode();
                    case 2 -> f.objectNode();
                    case 3 -> f.nullNode();
                    case 4 -> f.booleanNode(true);
                    default -> f.numberNode(r.nextInt(100));
                };
            }
            case 2 -> { // long strings and control characters
                StringBuilder sb = new StringBuilder();
                int n = r.nextInt(4) == 0 ? r.nextInt(200_000) : r.nextInt(60);
                for (int k = 0; k < n; k++) {
                    sb.append(r.nextInt(8) == 0 ? (char) r.nextInt(32) : (char) ('a' + r.nextInt(26)));
                }
                return f.textNode(r.nextInt(5) == 0 ? "\u001b[2J\u0007\n\r\u2028" + sb : sb.toString());
            }
            default -> { // nearby numbers: scaled values keep most documents valid
                if (old != null && old.isNumber()) {
                    double x = old.asDouble() * Math.pow(10, r.nextInt(13) - 6) * (r.nextInt(10) == 0 ? -1 : 1);
                    return f.numberNode(x);
                }
                return f.numberNode(r.nextDouble() * 100);
            }
        }
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) {
            out.add(n);
            for (Iterator<JsonNode> it = n.elements(); it.hasNext(); ) {
                collect(it.next(), out);
            }
        }
    }
}
