package org.vmsched.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.vmsched.exercise.ExactValue;
import org.vmsched.exercise.Exercise;
import org.vmsched.exercise.ExerciseKind;
import org.vmsched.exercise.Exercises;
import org.vmsched.exercise.InvalidExerciseException;
import org.vmsched.exercise.Step;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Limits;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;

/**
 * Exercise files and answer files (issue 33). An exercise file is JSON: {@code kind}, {@code seed},
 * {@code level}, {@code params}, {@code question}, the {@code scenario} as a scenario document,
 * the {@code salt} and the {@code steps} (each {@code symbol}, {@code prompt}, {@code formula} and
 * {@code hash}: the salted hash of its value, never the value). Reading one works it out again
 * with its kind from the scenario and the params, and refuses a file whose hashes do not match
 * (edited), so a check always runs on the tool's own solution. A file written by hand may leave
 * out {@code seed}, {@code level}, {@code salt}, {@code question} and {@code steps}. An answer
 * file is {@code {"answers": ["14", "22/3", …]}}: one value per step (a string, or a JSON
 * integer or decimal; null for a step not answered). Both pass the input gate of
 * {@link InputFiles}. Stateless.
 */
public final class ExerciseJson {

    /** The exercise file format's version. */
    public static final int FORMAT = 1;

    /** Values in an answer file at most (an exercise has a few dozen steps at most). */
    public static final int MAX_ANSWERS = 1_000;

    private static final Set<String> FIELDS = Set.of("exercise", "kind", "seed", "level", "params", "question",
            "scenario", "salt", "steps");
    private static final Set<String> STEP_FIELDS = Set.of("symbol", "prompt", "formula", "hash");

    private ExerciseJson() {
    }

    /** The exercise as the file a student receives (no value readable), pretty-printed, ending with a newline. */
    public static String toJson(Exercise e) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("exercise", FORMAT);
        root.put("kind", e.kind());
        root.put("seed", e.seed());
        root.put("level", e.level());
        ObjectNode params = root.putObject("params");
        e.params().forEach(params::put);
        root.put("question", e.question());
        try {
            root.set("scenario", ScenarioJson.mapper().readTree(ScenarioJson.toJson(e.scenario())));
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
        root.put("salt", e.salt());
        ArrayNode steps = root.putArray("steps");
        List<String> hashes = e.hashes();
        for (int i = 0; i < e.steps().size(); i++) {
            Step s = e.steps().get(i);
            ObjectNode n = steps.addObject();
            n.put("symbol", s.symbol());
            n.put("prompt", s.prompt());
            n.put("formula", s.formula());
            n.put("hash", hashes.get(i));
        }
        return pretty(root);
    }

    /** The answer file of {@code values} (the teacher's solution is one). */
    public static String answersJson(List<ExactValue> values) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode a = root.putArray("answers");
        values.forEach(v -> a.add(v.text()));
        return pretty(root);
    }

    private static String pretty(ObjectNode root) {
        try {
            return ScenarioJson.mapper().writer(new DefaultPrettyPrinter()
                    .withObjectIndenter(new DefaultIndenter("  ", "\n")))
                    .writeValueAsString(root) + "\n";
        } catch (JsonProcessingException x) {
            throw new UncheckedIOException(x);
        }
    }

    /** Writes {@code text} atomically to {@code file}. */
    public static void write(Path file, String text) throws IOException {
        AtomicFiles.write(file, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }

    /**
     * Reads an exercise file and works it out again.
     *
     * @throws InvalidExerciseException naming the file, the field and the problem
     */
    public static Exercise load(Path file) {
        String text;
        try {
            text = StrictJsonReader.readFile(file, "an exercise file");
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidExerciseException(file + ": " + e.getMessage());
        }
        return parse(file.toString(), text);
    }

    /** Reads exercise JSON text; {@code source} names it in messages. */
    public static Exercise parse(String source, String text) {
        JsonNode root = tree(source, text);
        Reader r = new Reader();
        if (!r.object(root, "")) {
            throw problems(source, r);
        }
        r.fields(root, "", FIELDS);
        int format = r.integer(root, "", "exercise", FORMAT, false);
        if (format != FORMAT) {
            throw new InvalidExerciseException(source + ": exercise must be " + FORMAT + ", got " + format);
        }
        String kindName = r.string(root, "", "kind", null, true);
        long seed = root.has("seed") ? r.longValue(root, "", "seed") : 0;
        int level = r.integer(root, "", "level", 0, false);
        if (level < 0 || level > ExerciseKind.MAX_LEVEL) {
            throw new InvalidExerciseException(source + ": level must be 0 (written by hand) to " + ExerciseKind.MAX_LEVEL
                    + ", got " + level);
        }
        String salt = r.string(root, "", "salt", "hand", false);
        TreeMap<String, String> params = new TreeMap<>();
        JsonNode pn = root.get("params");
        if (pn == null || r.object(pn, "params")) {
            if (pn != null) {
                for (Iterator<String> it = pn.fieldNames(); it.hasNext(); ) {
                    String k = it.next();
                    params.put(k, r.string(pn, "params", k, "", true));
                }
            }
        }
        JsonNode sn = root.get("scenario");
        if (sn == null) {
            r.missing("scenario");
        }
        if (!r.problems.isEmpty() || kindName == null) {
            throw problems(source, r);
        }
        Scenario scenario;
        try {
            scenario = ScenarioJson.parse(source + ": scenario", sn.toString());
        } catch (InvalidScenarioException e) {
            throw new InvalidExerciseException(e.getMessage());
        }
        Exercise e;
        try {
            e = Exercises.kind("kind", kindName).solve(scenario, params, seed, level, salt);
        } catch (InvalidExerciseException x) {
            throw new InvalidExerciseException(source + ": " + x.getMessage());
        }
        JsonNode steps = root.get("steps");
        if (steps != null) {
            checkHashes(source, e, steps, r);
        }
        return e;
    }

    /** The file's steps must be the worked exercise's, hash for hash: else it was edited (or belongs to another scenario). */
    private static void checkHashes(String source, Exercise e, JsonNode steps, Reader r) {
        if (!steps.isArray()) {
            throw new InvalidExerciseException(source + ": steps must be an array, got " + StrictJsonReader.kind(steps));
        }
        if (steps.size() != e.steps().size()) {
            throw new InvalidExerciseException(source + ": steps has " + steps.size() + " entries, but the scenario and"
                    + " params give " + e.steps().size() + " steps: the file was edited; make it again with"
                    + " `vmsched exercise new`");
        }
        List<String> hashes = e.hashes();
        for (int i = 0; i < steps.size(); i++) {
            JsonNode s = steps.get(i);
            String p = "steps[" + i + "]";
            if (!r.object(s, p)) {
                throw problems(source, r);
            }
            r.fields(s, p, STEP_FIELDS);
            String hash = r.string(s, p, "hash", null, true);
            if (!r.problems.isEmpty()) {
                throw problems(source, r);
            }
            if (!hashes.get(i).equals(hash)) {
                throw new InvalidExerciseException(source + ": " + p + ".hash does not match the step the scenario and"
                        + " params give: the file was edited; make it again with `vmsched exercise new`");
            }
        }
    }

    /**
     * Reads an answer file for {@code exercise}: one value per step, null for a
     * step not answered.
     *
     * @throws InvalidExerciseException naming the file, the value's place and the problem
     */
    public static List<ExactValue> loadAnswers(Path file, Exercise exercise) {
        String text;
        try {
            text = StrictJsonReader.readFile(file, "an answer file");
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidExerciseException(file + ": " + e.getMessage());
        }
        return parseAnswers(file.toString(), text, exercise);
    }

    /** Reads answer JSON text; {@code source} names it in messages. */
    public static List<ExactValue> parseAnswers(String source, String text, Exercise exercise) {
        int steps = exercise.steps().size();
        JsonNode root = tree(source, text);
        Reader r = new Reader();
        if (!r.object(root, "")) {
            throw problems(source, r);
        }
        r.fields(root, "", Set.of("answers"));
        JsonNode a = root.get("answers");
        if (a == null) {
            r.missing("answers");
        } else if (!a.isArray()) {
            throw new InvalidExerciseException(source + ": answers must be an array of values, got "
                    + StrictJsonReader.kind(a));
        }
        if (!r.problems.isEmpty()) {
            throw problems(source, r);
        }
        if (a.size() > Math.min(steps, MAX_ANSWERS)) {
            throw new InvalidExerciseException(source + ": answers has " + a.size() + " values, but the exercise has "
                    + steps + " steps (one value per step)");
        }
        List<ExactValue> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            JsonNode v = a.get(i);
            String field = "answers[" + i + "] (step " + (i + 1) + ")";
            if (v.isNull()) {
                out.add(null);
            } else if (v.isTextual() || v.isNumber()) {
                try {
                    out.add(exercise.steps().get(i).read(field, v.isTextual() ? v.asText() : StrictJsonReader.typed(v)));
                } catch (IllegalArgumentException x) {
                    throw new InvalidExerciseException(source + ": " + x.getMessage());
                }
            } else {
                throw new InvalidExerciseException(source + ": " + field + " must be a string such as \"22/3\", got "
                        + StrictJsonReader.kind(v));
            }
        }
        return out;
    }

    private static JsonNode tree(String source, String text) {
        try {
            return StrictJsonReader.tree(StrictJsonReader.limitedFactory().build(), text);
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidExerciseException(source + ": " + e.getMessage());
        }
    }

    private static InvalidExerciseException problems(String source, Reader r) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < Math.min(r.problems.size(), Limits.MAX_LISTED_PROBLEMS); i++) {
            var p = r.problems.get(i);
            parts.add(p.path().isEmpty() ? "the file " + p.message() : p.path() + " " + p.message());
        }
        String more = r.problems.size() > Limits.MAX_LISTED_PROBLEMS
                ? " and " + (r.problems.size() - Limits.MAX_LISTED_PROBLEMS) + " more" : "";
        return new InvalidExerciseException(source + ": " + String.join("; ", parts) + more);
    }

    /** The strict field reading of the scenario loader, on an exercise's fields. */
    private static final class Reader extends StrictJsonReader {
        void missing(String field) {
            problems.add(new Problem(field, "is missing"));
        }
    }
}
