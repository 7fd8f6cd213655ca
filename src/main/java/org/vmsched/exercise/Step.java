package org.vmsched.exercise;

import java.util.List;
import java.util.Locale;
import org.vmsched.model.Limits;

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
 * @param choices the words the answer is one of (a verdict: yes, no), or empty for a number
 */
public record Step(String symbol, String prompt, String formula, Rule rule, List<String> choices) {

    public Step {
        choices = List.copyOf(choices);
    }

    /** A step whose answer is a number. */
    public Step(String symbol, String prompt, String formula, Rule rule) {
        this(symbol, prompt, formula, rule, List.of());
    }

    /**
     * What a student typed for this step, read as a number or (for a step of choices) one of its
     * words; {@code field} names it in the message.
     *
     * @throws IllegalArgumentException naming the field and the problem
     */
    public ExactValue read(String field, String text) {
        if (choices.isEmpty()) {
            return ExactValue.parse(field, text);
        }
        String w = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (!choices.contains(w)) {
            throw new IllegalArgumentException(field + " must be " + String.join(" or ", choices) + ", got "
                    + Limits.quote(text == null ? "" : text.strip()));
        }
        return ExactValue.word(w);
    }

    /** A step's computation from the values of the steps before it (index 0 first). */
    @FunctionalInterface
    public interface Rule {
        /** The step's value with {@code earlier} as the earlier steps' values (at least as many as it reads). */
        Worked apply(List<ExactValue> earlier);
    }
}
