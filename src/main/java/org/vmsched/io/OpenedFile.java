package org.vmsched.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.vmsched.exercise.Exercise;
import org.vmsched.exercise.InvalidExerciseException;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;

/**
 * What the window's File &gt; Open reads (issue 33): a scenario file, or an exercise file (the JSON
 * {@code vmsched exercise new} writes, see {@link ExerciseJson}), told apart by their top-level
 * fields: an exercise file has {@code "exercise"}, or {@code "kind"} and {@code "scenario"} and no
 * {@code "vms"} (one written by hand may leave out the format number). A file that is neither
 * gets one message saying so, instead of every scenario field it lacks. Immutable.
 */
public sealed interface OpenedFile {

    /** A scenario file's scenario. */
    record ScenarioFile(Scenario scenario) implements OpenedFile {
    }

    /** An exercise file's exercise, worked out again and its hashes checked. */
    record ExerciseFile(Exercise exercise) implements OpenedFile {
    }

    /**
     * Reads {@code file} through the one input gate and loads it as what it is.
     *
     * @throws InvalidScenarioException naming the file and the problem (an exercise file's too:
     *         the window shows both the same way)
     */
    static OpenedFile load(Path file) throws InvalidScenarioException {
        String text;
        try {
            text = StrictJsonReader.readFile(file, "a scenario or exercise file");
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidScenarioException(file.toString(), e.getMessage());
        }
        return parse(file.toString(), text);
    }

    /** As {@link #load}, of JSON {@code text}; {@code source} names it in messages. */
    static OpenedFile parse(String source, String text) throws InvalidScenarioException {
        JsonNode root;
        try {
            root = StrictJsonReader.tree(StrictJsonReader.limitedFactory().build(), text);
        } catch (StrictJsonReader.Unreadable e) {
            throw new InvalidScenarioException(source, e.getMessage());
        }
        if (isExercise(root)) {
            try {
                return new ExerciseFile(ExerciseJson.parse(source, text));
            } catch (InvalidExerciseException e) {
                throw new InvalidScenarioException(null, e.getMessage()); // it names the source already
            }
        }
        if (!root.isObject() || !root.has("vms") && !root.has("hypervisor") && !root.has("study")) {
            throw new InvalidScenarioException(source, NEITHER);
        }
        return new ScenarioFile(ScenarioJson.parse(source, text));
    }

    /** What a JSON file that is neither a scenario nor an exercise is told. */
    String NEITHER = "neither a scenario file (it has no \"vms\") nor an exercise file (it has no \"kind\" and"
            + " \"scenario\"); open a scenario, or an exercise made by `vmsched exercise new`";

    /** Whether the JSON tree is an exercise file's (see the type's comment). */
    static boolean isExercise(JsonNode root) {
        return root.isObject() && (root.has("exercise") || root.has("kind") && root.has("scenario") && !root.has("vms"));
    }
}
