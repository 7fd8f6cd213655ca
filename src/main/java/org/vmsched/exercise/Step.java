package org.vmsched.exercise;

import java.util.List;

/**
 * One step of an exercise: what the student is asked ({@link #prompt()}), the formula in symbols
 * ({@link #formula()}) and the {@link Rule} that computes the step from the values of the steps
 * before it. The rule is what lets the checker put the student's own earlier numbers into the
 * formula. Immutable.
 *
 * @param symbol the step's short name ("R1", "sbf(12)")
 * @param prompt the question of the step, for the student
 * @param formula the formula in symbols, for the student ("B + w + (⌈w/Θ⌉ − 1)·(T − Θ)")
 * @param rule the computation from the earlier steps' values
 */
public record Step(String symbol, String prompt, String formula, Rule rule) {

    /** A step's computation from the values of the steps before it (index 0 first). */
    @FunctionalInterface
    public interface Rule {
        /** The step's value with {@code earlier} as the earlier steps' values (at least as many as it reads). */
        Worked apply(List<ExactValue> earlier);
    }
}
