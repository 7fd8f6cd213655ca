package org.vmsched.ui.analysis;

import static org.vmsched.analysis.Verdicts.Audience.GUI;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.Scenario;
import org.vmsched.text.Format;

/**
 * The verdict table's rows and the explanation of a version-2 policy, made from an
 * {@link AnalysisResult} in the window's words ({@link Verdicts.Audience#GUI}). Split out of
 * {@link AnalysisViewModel}, which shows them. Stateless.
 */
final class VerdictRows {

    private VerdictRows() {
    }

    /** The explanation under a version-2 policy: each VM's analysis sentence. */
    static String chartsText(Scenario s, AnalysisResult r) {
        StringBuilder b = new StringBuilder(s.hypervisor().policy().title()).append(": ")
                .append(verdictWord(r.verdict())).append('.');
        for (VmVerdict v : r.vms()) {
            String h = v.hierarchy() == null ? "" : v.hierarchy();
            // a text that leads with its decision (a global VM's) is not preceded by the verdict word again
            String word = verdictWord(v.verdict());
            b.append("\n").append(v.name()).append(": ").append(h.startsWith(word) ? "" : word + ". ").append(h);
            if (v.coreNote() != null) {
                b.append(v.hierarchy() == null || v.hierarchy().isEmpty() ? "" : "; ").append(v.coreNote());
            }
        }
        return b.toString();
    }

    private static String verdictWord(Verdict v) {
        return verdict(v, null);
    }

    /**
     * The verdict table of an analysis: system, cores, then each VM followed by its tasks. A policy
     * is named by its short title ("Global EDF", not "Global EDF (Xen RTDS)") so a row fits its one
     * line at 1024×768: a longer row was clipped to its middle line ("(Xen RTDS), U =").
     */
    static List<ResultRow> rows(Scenario s, AnalysisResult r) {
        List<ResultRow> out = new ArrayList<>();
        out.add(row("system", s.name(), "", "", r.verdict(), null));
        for (CoreVerdict c : r.cores()) {
            out.add(row("core", "core " + c.core() + " (" + c.policy().tinyTitle() + ", U = " + Format.screen(c.utilization()) + ")", "", "",
                    c.verdict(), c.verdict() == Verdict.UNDECIDED ? c.note() : null));
        }
        for (int i = 0; i < r.vms().size(); i++) {
            VmVerdict v = r.vms().get(i);
            int k = s.vms().get(i).vcpus();
            String vmItem = s.hypervisor().policy().global() // the core rows name the policy; a VM row its vCPUs
                    ? v.name() + " (" + Format.count(k, "vCPU", "vCPUs") + ", α = " + Format.screen(v.bandwidth()) + (k > 1 ? " each)" : ")")
                    : v.hierarchy() == null
                    ? v.name() + " (α = " + Format.screen(v.bandwidth()) + ", Tmax = " + Format.screen(v.tmax()) + ")"
                    : v.name() + (s.hypervisor().policy().usesBudget()
                            ? " (" + s.hypervisor().policy().tinyTitle() + ", α = " + Format.screen(v.bandwidth()) + ")"
                            : " (" + s.hypervisor().policy().tinyTitle() + ")");
            out.add(row("VM", vmItem, "", "", v.verdict(), v.undecidedReason()));
            for (TaskVerdict t : v.tasks()) {
                String rt = switch (v.response(t)) {
                    case EDF_TEST -> "(EDF)"; // the VM's demand bound: no per-task response time
                    case NO_RESPONSE_TIME, UNKNOWN -> "n/a";
                    case ABOVE_DEADLINE -> "> D";
                    case VALUE -> t.conditional() ? Verdicts.conditional(Format.screen(t.responseTime())) // if the VM gets its budget
                            : Format.screen(t.responseTime());
                };
                ResultRow tr = row("task", v.name() + "/" + t.name(), rt, Format.screen(t.deadline()), t.verdict(),
                        t.conditional() ? v.undecidedReason() : null);
                out.add(t.notGuaranteed() ? tr.notGuaranteed(Verdicts.of(t, GUI)) : tr);
            }
        }
        return out;
    }

    private static ResultRow row(String level, String item, String rt, String deadline, Verdict v, String reason) {
        return new ResultRow(level, item, rt, deadline, verdict(v, reason), v == Verdict.SCHEDULABLE,
                v == Verdict.UNDECIDED);
    }

    /** "schedulable", "NOT schedulable", or "undecided" with the reason when there is one. */
    private static String verdict(Verdict v, String reason) {
        return v == Verdict.UNDECIDED && reason != null ? Verdicts.of(v, GUI) + ": " + reason : Verdicts.of(v, GUI);
    }
}
