package org.vmsched.ui.main;

import java.util.List;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.analysis.ResultRow;
import org.vmsched.ui.document.ScenarioDocument;
import org.vmsched.ui.document.Tagged;
import org.vmsched.ui.simulation.SimulationViewModel;
import org.vmsched.ui.simulation.StepViewModel;

/**
 * The status line's words: the first problem of the document, else where the analysis stands.
 * The verdict it names is the verdict table's system row, read from the same
 * {@link AnalysisViewModel#verdictsProperty() tagged verdicts} the table shows and only while
 * they are of the document's revision, so the two cannot disagree (issue 17: under Xen Credit the
 * line said "NOT schedulable" from a yes/no flag while the table said "undecided"; and as the
 * document moved on, the line named the previous revision's verdict). While the simulation or
 * the step-through shown is of an earlier revision it says so and never "up to date". Ui thread only.
 */
final class StatusLine {

    private final ScenarioDocument doc;
    private final AnalysisViewModel analysis;
    private final SimulationViewModel simulation;
    private final StepViewModel stepping;
    private String note;

    StatusLine(ScenarioDocument doc, AnalysisViewModel analysis, SimulationViewModel simulation, StepViewModel stepping) {
        this.doc = doc;
        this.analysis = analysis;
        this.simulation = simulation;
        this.stepping = stepping;
    }

    /**
     * A note kept after the line's own words until the document moves on: what a click on a
     * chart set, beside the exact value it stands for; null for none.
     */
    void note(String n) {
        note = n;
    }

    /** The status line now. */
    String compose() {
        String line = words();
        if (note == null || line.isBlank()) {
            return note == null ? line : note;
        }
        return line + (line.endsWith(".") || line.endsWith(")") ? " " : ". ") + note; // two sentences, not one run together
    }

    private String words() {
        if (!doc.problems().isEmpty()) {
            String first = doc.problemPaths().get(0);
            int n = doc.problems().size();
            return n + (n == 1 ? " problem: " : " problems, first: ") + doc.inWords(first) + " " + doc.problemAt(first);
        }
        String verdict = systemVerdict();
        String message = analysis.messageProperty().get();
        AnalysisViewModel.State state = analysis.stateProperty().get();
        if (verdict == null && (state == AnalysisViewModel.State.CURRENT || state == AnalysisViewModel.State.ANALYSING)
                && analysis.resultRevisionProperty().get() != doc.revision()) {
            message = "Analysing…"; // the words of the revision before: its analysis is about to be replaced
        }
        if (simulation.staleProperty().get() || stepping.staleProperty().get()) {
            // the verdicts may be current, a simulation shown is not: never "up to date" then
            return (verdict != null ? "Analysis of this scenario: the system is " + verdict + "." : message)
                    + (simulation.staleProperty().get() ? " The simulation shown is from the previous scenario: F5 to re-run."
                    : " The step-through shown is from the previous scenario: F6 to record it again.");
        }
        if (verdict == null || message.startsWith("Verdicts up to date;")) {
            return message;
        }
        return "Analysis up to date: the system is " + verdict + ".";
    }

    /** The verdict table's system row while the analysis is current and of the document's revision, else null. */
    private String systemVerdict() {
        Tagged<AnalysisViewModel.VerdictTable> shown = analysis.verdictsProperty().get();
        if (analysis.stateProperty().get() != AnalysisViewModel.State.CURRENT || !shown.isCurrentAt(doc.revision())) {
            return null;
        }
        List<ResultRow> rows = shown.value().rows();
        return rows.isEmpty() || !rows.get(0).level().equals("system") ? null : rows.get(0).verdict();
    }
}
