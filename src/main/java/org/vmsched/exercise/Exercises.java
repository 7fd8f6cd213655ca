package org.vmsched.exercise;

import java.util.List;
import org.vmsched.model.Limits;

/** The kinds of exercise there are, by name. Stateless. */
public final class Exercises {

    private Exercises() {
    }

    /** Every kind, in the order the help lists them. */
    public static final List<ExerciseKind> KINDS = List.of(new RtaKind(), new SbfKind(), new HostKind(), new EdfKind(),
            new BudgetKind(), new TmaxKind(), new GanttKind());

    /** The kind of this name; an {@link InvalidExerciseException} naming the kinds there are otherwise. */
    public static ExerciseKind kind(String field, String name) {
        for (ExerciseKind k : KINDS) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        throw new InvalidExerciseException(field + " must be one of " + names() + ", got " + Limits.quote(name));
    }

    /** The kinds' names, comma-separated. */
    public static String names() {
        return String.join(", ", KINDS.stream().map(ExerciseKind::name).toList());
    }
}
