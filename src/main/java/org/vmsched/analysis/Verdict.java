package org.vmsched.analysis;

/**
 * The answer of a schedulability test: proven schedulable, proven not schedulable, or undecided
 * because a documented limit was reached (EDF inside a VM, THEORY.md §8.6) — never a silent
 * "not schedulable" in that case. Combining verdicts ({@link #and}) lets a proven miss win over
 * an undecided part, and an undecided part win over schedulable ones. Its words, for each
 * audience, are {@link Verdicts}'.
 */
public enum Verdict {
    SCHEDULABLE,
    NOT_SCHEDULABLE,
    UNDECIDED;

    /** SCHEDULABLE for true, NOT_SCHEDULABLE for false. */
    public static Verdict of(boolean schedulable) {
        return schedulable ? SCHEDULABLE : NOT_SCHEDULABLE;
    }

    /** The verdict of a whole made of this part and {@code other}. */
    public Verdict and(Verdict other) {
        if (this == NOT_SCHEDULABLE || other == NOT_SCHEDULABLE) {
            return NOT_SCHEDULABLE;
        }
        return this == UNDECIDED || other == UNDECIDED ? UNDECIDED : SCHEDULABLE;
    }
}
