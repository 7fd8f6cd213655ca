package org.vmsched.exercise;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.vmsched.model.Scenario;

/**
 * One exercise: a scenario, what to find in it ({@link #params()}, the {@link #question()}) and
 * the {@link Step}s that lead there, as its {@link ExerciseKind} worked them out from the scenario
 * with the tool's own analysis. Generated exercises keep their seed and level (level 0: written by
 * hand), so a teacher regenerates the same exercise and its solution. A handed-out file holds
 * each step's value only as {@link #hash(int, ExactValue)} under the exercise's salt. Immutable.
 *
 * @param kind the kind's name ("rta")
 * @param seed the generator's seed (0 when written by hand)
 * @param level 1 (by hand) to 3 (harder), or 0 when written by hand
 * @param scenario the scenario the exercise is about
 * @param params what to find, by name ("task": "t3"), sorted by name
 * @param question the question in words
 * @param steps the steps in order, at least one
 * @param salt the salt of the step hashes
 */
public record Exercise(String kind, long seed, int level, Scenario scenario, SortedMap<String, String> params,
                       String question, List<Step> steps, String salt) {

    public Exercise {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
        steps = List.copyOf(steps);
    }

    /** The worked solution: each step computed from the solution's earlier steps. */
    public List<Worked> solution() {
        List<ExactValue> values = new ArrayList<>();
        List<Worked> out = new ArrayList<>();
        for (Step s : steps) {
            Worked w = s.rule().apply(List.copyOf(values));
            values.add(w.value());
            out.add(w);
        }
        return out;
    }

    /** The solution's values, one per step (an answer file that is right everywhere). */
    public List<ExactValue> answers() {
        return solution().stream().map(Worked::value).toList();
    }

    /** The hashes of the solution's values, one per step, as the handed-out file holds them. */
    public List<String> hashes() {
        List<ExactValue> a = answers();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            out.add(hash(i, a.get(i)));
        }
        return out;
    }

    /** The salted SHA-256 of step {@code index}'s value (index from 0), in hex. */
    public String hash(int index, ExactValue value) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] d = md.digest((salt + "|" + index + "|" + value.canonical()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** The salt of a generated exercise: from its kind, seed and level, so the same seed gives the same file. */
    public static String saltOf(String kind, long seed, int level) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256")
                    .digest(("vmsched exercise " + kind + " " + seed + " " + level).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
