package org.vmsched.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.vmsched.experiment.AcceptanceResult;
import org.vmsched.experiment.AcceptanceStudy;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.InvalidExperimentException;
import org.vmsched.experiment.Shard;
import org.vmsched.model.Limits;

/**
 * Shard files of an acceptance study (THEORY.md §16.3, docs/acceptance-studies.md): what
 * {@code experiment FILE --shard i/n} writes, {@code <stem>.shard-<i>-of-<n>.json}, holding the
 * experiment as run, the shard and its integer counts; and their merge, which refuses, naming the
 * files, a shard that is unreadable, of another experiment, of another count, given twice, or
 * missing, and whose counts are not those its share must have. Writing is atomic. Stateless.
 */
public final class AcceptanceShards {

    /** The format's version, the value of the field "vmschedShard". */
    public static final int VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"));

    private AcceptanceShards() {
    }

    /** A shard read back: its file, the experiment file's stem it came from, and its counts. */
    public record Loaded(Path file, String source, AcceptanceResult result) {
    }

    /** The shard file's name for shard {@code s} of the experiment file stem {@code stem}. */
    public static String fileName(String stem, Shard s) {
        return stem + ".shard-" + s.index() + "-of-" + s.count() + ".json";
    }

    /** Writes the shard file atomically. */
    public static void write(AcceptanceResult r, String stem, Path file) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("vmschedShard", VERSION);
        root.put("source", stem);
        root.put("shard", r.shard().toString());
        root.set("experiment", MAPPER.readTree(ExperimentJson.toJson(r.experiment())));
        ArrayNode systems = root.putArray("systems");
        ArrayNode accepted = root.putArray("accepted");
        for (int p = 0; p < r.study().u().size(); p++) {
            systems.add(r.systems(p));
            ArrayNode row = accepted.addArray();
            for (int t = 0; t < r.study().tests().size(); t++) {
                row.add(r.accepted(p, t));
            }
        }
        String text;
        try {
            text = MAPPER.writer(PRETTY).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        AtomicFiles.write(file, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }

    /** Reads and checks one shard file. */
    public static Loaded read(Path file) throws InvalidExperimentException {
        String where = file.toString();
        JsonNode root;
        try {
            root = StrictJsonReader.tree(MAPPER, StrictJsonReader.readFile(file, "a shard file"));
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidExperimentException(where, e.getMessage());
        }
        if (!root.isObject() || !root.path("vmschedShard").isInt()) {
            throw new InvalidExperimentException(where, "is no shard file (written by `experiment FILE --shard i/n`)");
        }
        if (root.get("vmschedShard").asInt() != VERSION) {
            throw new InvalidExperimentException(where, "vmschedShard is " + root.get("vmschedShard").asInt()
                    + ", an unknown version (this version of VMSched reads " + VERSION + ")");
        }
        Shard shard = parseShard(where, root.path("shard").asText(""));
        Experiment e = ExperimentJson.parse(where + ": experiment", root.path("experiment").toString());
        if (!(e.study() instanceof AcceptanceStudy st)) {
            throw new InvalidExperimentException(where, "experiment: is a " + e.study().kind() + " study, not an acceptance study");
        }
        int points = st.u().size();
        int tests = st.tests().size();
        JsonNode systems = root.path("systems");
        JsonNode accepted = root.path("accepted");
        if (!systems.isArray() || systems.size() != points || !accepted.isArray() || accepted.size() != points) {
            throw new InvalidExperimentException(where, "systems and accepted must list the study's " + points + " points");
        }
        long[] sys = new long[points];
        long[][] acc = new long[points][tests];
        for (int p = 0; p < points; p++) {
            long expected = shard.size((long) (p + 1) * e.sets()) - shard.size((long) p * e.sets());
            if (!systems.get(p).canConvertToLong() || systems.get(p).asLong() != expected) {
                throw new InvalidExperimentException(where, "systems[" + p + "] must be " + expected + " (the systems of u = "
                        + st.u().get(p) + " in shard " + shard + "), got " + systems.get(p));
            }
            sys[p] = expected;
            JsonNode row = accepted.get(p);
            if (!row.isArray() || row.size() != tests) {
                throw new InvalidExperimentException(where, "accepted[" + p + "] must list the study's " + tests + " tests");
            }
            for (int t = 0; t < tests; t++) {
                JsonNode v = row.get(t);
                if (!v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 0 || v.asLong() > expected) {
                    throw new InvalidExperimentException(where, "accepted[" + p + "][" + t + "] must be an integer from 0 to "
                            + expected + ", got " + v);
                }
                acc[p][t] = v.asLong();
            }
        }
        return new Loaded(file, root.path("source").asText("experiment"), new AcceptanceResult(e, shard, sys, acc));
    }

    /** "i/n" as a shard; the message names {@code where}. */
    public static Shard parseShard(String where, String text) throws InvalidExperimentException {
        Matcher m = Pattern.compile("(\\d{1,7})/(\\d{1,7})").matcher(text);
        if (m.matches()) {
            int i = Integer.parseInt(m.group(1));
            int n = Integer.parseInt(m.group(2));
            if (n >= 1 && n <= Shard.MAX_COUNT && i < n) {
                return new Shard(i, n);
            }
        }
        throw new InvalidExperimentException(where, "shard must be i/n with 0 <= i < n <= " + Shard.MAX_COUNT + ", got "
                + Limits.quote(text));
    }

    /**
     * The shard files among {@code inputs}: each a shard file, or a folder whose files named
     * {@code *.shard-*-of-*.json} are taken, in name order.
     */
    public static List<Path> files(List<Path> inputs) throws InvalidExperimentException {
        List<Path> out = new ArrayList<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                List<Path> found;
                try (Stream<Path> s = Files.list(in)) {
                    found = s.filter(p -> p.getFileName().toString().matches(".*\\.shard-\\d+-of-\\d+\\.json"))
                            .filter(Files::isRegularFile).sorted().toList();
                } catch (IOException e) {
                    throw new InvalidExperimentException(in.toString(), "cannot list the folder: " + e.getMessage());
                }
                if (found.isEmpty()) {
                    throw new InvalidExperimentException(in.toString(), "holds no shard file (*.shard-i-of-n.json)");
                }
                out.addAll(found);
            } else {
                out.add(in);
            }
        }
        return out;
    }

    /** Reads the shards and merges them into the whole study; every refusal names its files. */
    public static Loaded merge(List<Path> inputs) throws InvalidExperimentException {
        List<Loaded> shards = new ArrayList<>();
        for (Path f : files(inputs)) {
            shards.add(read(f));
        }
        if (shards.isEmpty()) {
            throw new InvalidExperimentException("merge", "no shard files given");
        }
        Loaded first = shards.get(0);
        String experiment = ExperimentJson.toJson(first.result().experiment());
        int n = first.result().shard().count();
        Loaded[] byIndex = new Loaded[n];
        for (Loaded l : shards) {
            Shard s = l.result().shard();
            String other = ExperimentJson.toJson(l.result().experiment());
            if (!other.equals(experiment)) {
                throw new InvalidExperimentException(l.file().toString(), "is a shard of another experiment than "
                        + first.file() + " (" + difference(experiment, other) + ")");
            }
            if (s.count() != n) {
                throw new InvalidExperimentException(l.file().toString(), "is shard " + s + ", but " + first.file()
                        + " is shard " + first.result().shard() + ": all shards must split the study the same way");
            }
            if (byIndex[s.index()] != null) {
                throw new InvalidExperimentException(l.file().toString(), "is shard " + s + " again (also "
                        + byIndex[s.index()].file() + ")");
            }
            byIndex[s.index()] = l;
        }
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (byIndex[i] == null) {
                missing.add(i + "/" + n);
            }
        }
        if (!missing.isEmpty()) {
            throw new InvalidExperimentException("merge", (missing.size() == 1 ? "shard " : missing.size() + " shards ")
                    + String.join(", ", missing.subList(0, Math.min(10, missing.size()))) + (missing.size() > 10 ? ", …" : "")
                    + " missing: the merge needs all " + n + " shards of the study");
        }
        AcceptanceResult whole = AcceptanceResult.merge(shards.stream().map(Loaded::result).toList());
        return new Loaded(null, first.source(), whole);
    }

    /** The first top-level field where two experiments' JSON differ, for the message. */
    private static String difference(String a, String b) {
        try {
            JsonNode x = MAPPER.readTree(a);
            JsonNode y = MAPPER.readTree(b);
            for (Iterator<String> it = x.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!x.get(f).equals(y.get(f))) {
                    return "they differ in " + f + ": " + Limits.cut(x.get(f).toString(), 60) + " against "
                            + Limits.cut(String.valueOf(y.get(f)), 60);
                }
            }
        } catch (IOException e) {
            // both were written by ExperimentJson: cannot happen
        }
        return "they differ";
    }
}
