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
 *       {@link Verdicts#labelled}), never null.</li>
 *   <li>{@code witness}: where the condition failed (a window length), null if nowhere.</li>
 *   <li>{@code points}: the interval lengths (or tasks) checked.</li>
 * </ul>
 * Immutable.
 */
public record MprResult(Verdict verdict, String test, String reason, boolean limitReached, BigFraction witness,
                        long points) {

    /** Whether the test proved the tasks schedulable. */
    public boolean schedulable() {
        return verdict == Verdict.SCHEDULABLE;
    }

    static MprResult pass(String test, String reason, long points) {
        return new MprResult(Verdict.SCHEDULABLE, test, Verdicts.labelled(Verdict.SCHEDULABLE, reason), false, null, points);
    }

    static MprResult fails(String test, String reason, BigFraction witness, long points) {
        return new MprResult(Verdict.UNDECIDED, test, Verdicts.labelled(Verdict.UNDECIDED, reason), false, witness, points);
    }

    static MprResult limit(String test, String reason, long points) {
        return new MprResult(Verdict.UNDECIDED, test, Verdicts.labelled(Verdict.UNDECIDED, reason), true, null, points);
    }

    static MprResult infeasible(String test, String reason) {
        return new MprResult(Verdict.NOT_SCHEDULABLE, test, Verdicts.labelled(Verdict.NOT_SCHEDULABLE, reason), false, null, 0);
    }
}
