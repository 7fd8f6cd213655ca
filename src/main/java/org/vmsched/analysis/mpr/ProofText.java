package org.vmsched.analysis.mpr;

import java.util.List;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;

/**
 * The words of a global VM's analysis (its {@code hierarchy} text): first what decided it — the
 * supply and test that proved its tasks (THEORY.md §15.17–§15.21), or why it is undecided or not
 * schedulable — then the supply it was analysed on, then each supply tried without a proof, its
 * failures without the labels and the "no proof of a miss" that each test's reason repeats (the
 * lead says it once). Stateless.
 */
final class ProofText {

    private ProofText() {
    }

    /** The head of a proof's words when the host test does not guarantee the vCPUs' budgets (the VM is then not proved). */
    static final String UNGUARANTEED = "given its vCPUs' budgets, which the host test does not guarantee, ";

    /** The words for supply {@code on}, as in "schedulable on …" ({@link ProvedOn#words}). */
    static String where(ProvedOn on) {
        return on.words();
    }

    /**
     * The VM's text: proved on {@code on} by {@code proof} (ignored when {@code on} is NONE); else
     * {@code decided}, the labelled reason of a necessary condition on the MPR supply (null when none
     * failed); {@code supply} the words of the MPR supply and the tests inside; {@code tried} every
     * supply tried, in order; {@code guaranteed} false when the host test does not guarantee the vCPUs'
     * budgets, so that a proof holds only given them ({@link #UNGUARANTEED} leads).
     */
    static String of(ProvedOn on, MprResult proof, String decided, String supply, List<GuestAnalysis.Attempt> tried,
                     boolean guaranteed) {
        StringBuilder b = new StringBuilder();
        if (on != ProvedOn.NONE) {
            b.append(guaranteed ? "" : UNGUARANTEED).append("schedulable on ").append(where(on)).append(": ").append(unlabelled(proof.reason()))
                    .append(" (test: ").append(proof.test()).append(")");
        } else if (decided != null) {
            b.append(decided);
        } else {
            b.append(Verdicts.labelled(Verdict.UNDECIDED, "no sufficient test proves the tasks on any supply tried;"
                    + " this is no proof of a miss"));
        }
        b.append(". The supply: ").append(supply);
        String previous = null;
        for (GuestAnalysis.Attempt a : tried) {
            if (a.result() == null) {
                b.append(". Not tried on ").append(where(a.on())).append(": ").append(a.notUsed());
                continue;
            }
            if (a.result().schedulable() || (a.on() == ProvedOn.EDP && on == ProvedOn.NONE && decided != null)) {
                continue; // the proof, or the necessary condition, leads
            }
            String f = unlabelled(a.result().reason());
            b.append(". Not proved on ").append(where(a.on())).append(": ").append(f.equals(previous) ? "the same failures" : f);
            previous = f;
        }
        return b.toString();
    }

    /** {@code reason} without its tests' verdict labels and their repeated "this is no proof of a miss". */
    static String unlabelled(String reason) {
        String out = reason.replace("; this is no proof of a miss", "");
        for (Verdict v : Verdict.values()) {
            String label = Verdicts.label(v);
            out = out.replace("; " + label, "; ");
            out = out.startsWith(label) ? out.substring(label.length()) : out;
        }
        return out;
    }
}
