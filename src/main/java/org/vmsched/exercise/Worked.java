package org.vmsched.exercise;

import java.math.BigInteger;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * A step worked with given numbers: its value and the formula with those numbers put in
 * ("w1 = 3 + ⌈14/8⌉·1 = 3 + 2·1 = 5"). {@link #terms()} are the rounded quotients inside it, so a
 * wrong answer that one other quotient explains can be named ("you used ⌈14/16⌉ = 0"). Immutable.
 *
 * @param value the step's value
 * @param working the formula with the numbers put in, ending with " = value"
 * @param terms the rounded quotients of the formula, each with its weight in the value
 */
public record Worked(ExactValue value, String working, List<Term> terms) {

    public Worked {
        terms = List.copyOf(terms);
    }

    /** A worked step without rounded quotients. */
    public Worked(ExactValue value, String working) {
        this(value, working, List.of());
    }

    /**
     * A rounded quotient in a step's formula ({@code ⌈14/16⌉}, {@code ⌊(t − B)/T⌋}): its text, its
     * value, and the weight by which it counts in the step (the value changes by weight per unit).
     *
     * @param text the quotient as written with numbers
     * @param value its value
     * @param weight what one more unit of it adds to the step's value
     * @param what what it counts, for the message ("for τ1"), possibly empty
     */
    public record Term(String text, BigInteger value, BigFraction weight, String what) {
    }
}
