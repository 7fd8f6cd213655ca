package org.vmsched.analysis.mpr;

import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;

/**
 * The answer of one sufficient test of this package (THEORY.md §15):
 *
 * <ul>
 *   <li>{@code verdict}: SCHEDULABLE when the test's condition holds everywhere it must;
 *       NOT_SCHEDULABLE only when a necessary condition fails (the load exceeds the supply's
 *       long-run rate or the cores) — of the interface given: a caller whose supply is a lower
 *       bound on a VM's (GlobalAnalysis: Θ charges X + M at every dispatch) must check the VM's
 *       own bound (k·C/T) before it says a VM is not schedulable (THEORY.md §15.11); UNDECIDED otherwise — the sufficient condition fails
 *       somewhere ({@code limitReached} false: the test cannot prove it, which is not a proof of a
 *       miss) or a limit was reached ({@code limitReached} true: too many points, values past
 *       2^60 ticks, an infinite horizon).</li>
 *   <li>{@code test}: the test's name, e.g. "Shin-Easwaran-Lee (ECRTS 2008, Theorem 1)".</li>
 *   <li>{@code reason}: one sentence for the user, labelled with the verdict ("undecided: …",
 *       {@link Verdicts#labelled}), never null; the host's own schedule when it proves (GlobalAnalysis) is
 *       the one reason without a label.</li>
 *   <li>{@code bareReason}: {@code reason} without its label, which {@code reason} ends with: a
 *       caller that says the reason again in its own words (GuestAnalysis, THEORY.md §15.23) takes it
 *       from here rather than cutting text, which may hold ": " of its own.</li>
 *   <li>{@code witness}: where the condition failed (a window length), null if nowhere.</li>
 *   <li>{@code points}: the interval lengths (or tasks) checked.</li>
 * </ul>
 * Immutable.
 */
public record MprResult(Verdict verdict, String test, String reason, String bareReason, boolean limitReached,
                        BigFraction witness, long points) {

    /** Checks that {@code reason} ends with {@code bareReason}. */
    public MprResult {
        if (!reason.endsWith(bareReason)) {
            throw new IllegalArgumentException("the reason '" + reason + "' does not end with its bare reason '" + bareReason + "'");
        }
    }

    /** Whether the test proved the tasks schedulable. */
    public boolean schedulable() {
        return verdict == Verdict.SCHEDULABLE;
    }

    /** A result whose reason is {@code bareReason} labelled with {@code verdict}. */
    static MprResult labelled(Verdict verdict, String test, String bareReason, boolean limitReached, BigFraction witness,
                              long points) {
        return new MprResult(verdict, test, Verdicts.labelled(verdict, bareReason), bareReason, limitReached, witness, points);
    }

    static MprResult pass(String test, String reason, long points) {
        return labelled(Verdict.SCHEDULABLE, test, reason, false, null, points);
    }

    static MprResult fails(String test, String reason, BigFraction witness, long points) {
        return labelled(Verdict.UNDECIDED, test, reason, false, witness, points);
    }

    static MprResult limit(String test, String reason, long points) {
        return labelled(Verdict.UNDECIDED, test, reason, true, null, points);
    }

    static MprResult infeasible(String test, String reason) {
        return labelled(Verdict.NOT_SCHEDULABLE, test, reason, false, null, 0);
    }
}
