package org.vmsched.exercise;

import java.util.List;
import java.util.SortedMap;
import org.vmsched.model.Scenario;

/**
 * A kind of exercise: how to make one from a seed and a level, and how to work one out from a
 * scenario and what it asks. Implementations are stateless and thread-safe.
 */
public interface ExerciseKind {

    /** The levels a kind generates: 1 (numbers a person works by hand) to 3. */
    int MAX_LEVEL = 3;

    /** The name on the command line and in files ("rta"). */
    String name();

    /** What the kind teaches, in one sentence (the teacher's page, {@code --help}). */
    String teaches();

    /** The exercise of this seed and level (1 to {@link #MAX_LEVEL}); the same for the same arguments. */
    Exercise generate(long seed, int level);

    /**
     * The exercise asking {@code params} of {@code scenario}, worked out; seed, level and salt are
     * kept in it as given.
     *
     * @throws InvalidExerciseException when the scenario or a parameter does not fit this kind
     */
    Exercise solve(Scenario scenario, SortedMap<String, String> params, long seed, int level, String salt);

    /**
     * Lines drawn under the exercise on a sheet (the gantt kind's grid of slots), filled in from
     * {@code solution} (one worked step per step) when it is not null; none by default.
     */
    default List<String> figure(Exercise e, List<Worked> solution) {
        return List.of();
    }
}
