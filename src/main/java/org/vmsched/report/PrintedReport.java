package org.vmsched.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * What the PDF report prints, without files or user interfaces: its title, its text (the scenario
 * as it is now, its description, every verdict) and whether it has the simulation's pages. Built
 * from the model and the analysis result, not from what the window displays. Immutable.
 *
 * <p>The description is free text written for some values (a file's "period 10 and budget 4 …
 * response times 14, 15, 36"): when the scenario's values are no longer those, the text under it
 * says so ({@link #EDITED_NOTE}) and the values printed are the current ones. The Gantt and
 * response-time pages are left out, in a line's words, when nothing was simulated for the values
 * printed (issue 30, item 6).
 */
public final class PrintedReport {

    /** Printed under a description written for other values than those printed. */
    public static final String EDITED_NOTE = "Edited since the description was written: the values below are current.";

    /** Whether there is a simulation of the values printed. */
    public enum Simulation {
        /** A run of the scenario as it is: its Gantt and response-time pages are printed. */
        CURRENT,
        /** A run of an earlier edit: not of the values printed, left out. */
        STALE,
        /** No run. */
        NONE
    }

    private final String title;
    private final List<String> lines;
    private final boolean simulationPages;

    private PrintedReport(String title, List<String> lines, boolean simulationPages) {
        this.title = title;
        this.lines = List.copyOf(lines);
        this.simulationPages = simulationPages;
    }

    /**
     * The report of {@code s} as it is now; {@code described} is the scenario as its description
     * was last written (loaded from its file, or the description edited), null when unknown;
     * {@code whyNot} stands in for the verdicts when {@code result} is null.
     */
    public static PrintedReport of(Scenario s, Scenario described, AnalysisResult result, String whyNot, Simulation simulation) {
        List<String> lines = lines(s, described, result, whyNot);
        boolean pages = simulation == Simulation.CURRENT;
        if (!pages) {
            lines.add("");
            lines.add(simulation == Simulation.STALE
                    ? "Simulation: not simulated since the last edit, so the Gantt and response-time pages are left out (F5 runs it)."
                    : "Simulation: not simulated, so the report has no Gantt or response-time pages (F5 runs it).");
        }
        return new PrintedReport("VMSched report: " + s.name(), lines, pages);
    }

    /**
     * Whether {@code s} holds other values than {@code described}: anything but its name and
     * description (the free text and the title say nothing of the numbers).
     */
    static boolean editedSince(Scenario s, Scenario described) {
        return described != null && !valuesOf(s).equals(valuesOf(described));
    }

    private static Scenario valuesOf(Scenario s) {
        return new Scenario(s.schemaVersion(), "", "", s.hypervisor(), s.vms(), s.simulation());
    }

    /** "VMSched report: " and the scenario's name. */
    public String title() {
        return title;
    }

    /** The text pages' lines, unwrapped. */
    public List<String> lines() {
        return lines;
    }

    /** Whether the Gantt and response-time pages are printed (a simulation of the values printed exists). */
    public boolean simulationPages() {
        return simulationPages;
    }

    /**
     * The text: the scenario, its description (with {@link #EDITED_NOTE} when the values are not
     * those it was written for), each VM with its tasks, then every verdict with the numbers
     * behind it; {@code whyNot} stands in for the verdicts when {@code result} is null.
     */
    private static List<String> lines(Scenario s, Scenario described, AnalysisResult result, String whyNot) {
        List<String> lines = new ArrayList<>();
        lines.add("Scenario: " + s.name() + "   hypervisor " + s.hypervisor().policy().title() + ", " + s.hypervisor().cores()
                + (s.hypervisor().cores() == 1 ? " core" : " cores"));
        if (!s.description().isBlank()) {
            s.description().strip().lines().forEach(lines::add); // the window's text area keeps line breaks
            if (editedSince(s, described)) {
                lines.add(EDITED_NOTE);
            }
        }
        lines.add("");
        boolean budgets = s.hypervisor().policy().usesBudget();
        boolean global = s.hypervisor().policy().global();
        for (VirtualMachine m : s.vms()) {
            vmLines(lines, m, budgets, global);
        }
        lines.add("");
        lines.add("Verdicts");
        if (result == null) {
            lines.add("  " + (whyNot == null || whyNot.isBlank() ? "not analysed" : whyNot));
            return lines;
        }
        row(lines, "system", s.name(), verdict(result.verdict()));
        String host = result.hostNote(); // one host-level test (Global EDF): its note once, as analyze prints it
        for (CoreVerdict c : result.cores()) {
            row(lines, "core " + c.core(), c.policy().title() + ", U = " + Format.screen(c.utilization()),
                    verdict(c.verdict()) + (c.note() == null || host != null ? "" : " (" + c.note() + ")"));
        }
        if (host != null) {
            lines.add("  host     " + host);
        }
        for (VmVerdict v : result.vms()) {
            vmVerdictLines(lines, v, budgets, global);
        }
        return lines;
    }

    /** A VM's line (server, core or vCPUs, scheduler, priority, offset) and a line per task (C, T, D, offset). */
    private static void vmLines(List<String> lines, VirtualMachine m, boolean budgets, boolean global) {
        // a global VM's vCPUs migrate (no core of its own) and each has the budget; no budgets, no T_VM or C_VM
        String server = !budgets ? "X = " + Format.screen(m.overhead())
                : global ? String.format(Locale.ROOT, "T_VM = %s, C_VM = %s per vCPU, X = %s, α = %s per vCPU",
                        Format.screen(m.period()), Format.screen(m.budget()), Format.screen(m.overhead()), Format.screen(m.bandwidth()))
                : String.format(Locale.ROOT, "T_VM = %s, C_VM = %s, X = %s, α = %s", Format.screen(m.period()),
                        Format.screen(m.budget()), Format.screen(m.overhead()), Format.screen(m.bandwidth()));
        String where = global ? Format.count(m.vcpus(), "vCPU", "vCPUs") + " on any core" : "core " + m.core();
        lines.add(String.format(Locale.ROOT, "%s: %s, %s, %s inside%s%s", m.name(), server, where, m.scheduler(),
                m.priority() == null ? "" : ", priority " + m.priority(), m.offset() == 0 ? "" : ", offset " + Format.screen(m.offset())));
        // the name column as wide as the VM's longest task name (at least 16), so C, T, D line up
        int names = Math.max(16, m.tasks().stream().mapToInt(t -> columns(t.name())).max().orElse(0));
        for (Task t : m.tasks()) {
            lines.add(String.format(Locale.ROOT, "    %s C = %-8s T = %-8s D = %-8s offset = %s",
                    t.name() + " ".repeat(names - columns(t.name())),
                    Format.screen(t.wcet()), Format.screen(t.period()), Format.screen(t.deadline()), Format.screen(t.offset())));
        }
    }

    /** A VM's verdict row with its bandwidth, Tmax and supply, its note, and a row per task with its response time. */
    private static void vmVerdictLines(List<String> lines, VmVerdict v, boolean budgets, boolean global) {
        String supply = v.supply() == null ? ""
                : ", P = " + v.supply().preemptions() + ", useful budget " + Format.screen(v.budget() - v.supply().lostPerPeriod());
        List<String> numbers = new ArrayList<>();
        if (budgets) {
            numbers.add("α = " + Format.screen(v.bandwidth()) + (global ? " per vCPU" : ""));
        }
        if (Double.isFinite(v.tmax())) {
            numbers.add("Tmax = " + Format.screen(v.tmax()));
        }
        String head = v.name() + (numbers.isEmpty() && supply.isEmpty() ? "" : " (" + String.join(", ", numbers)
                + (numbers.isEmpty() ? supply.substring(2) : supply) + ")");
        row(lines, "VM", head, verdict(v.verdict()));
        String note = Format.joinOnce(v.undecidedReason(), v.coreNote(), v.note());
        String proof = proof(v, note);
        if (proof != null) {
            lines.add(NOTE_INDENT + proof);
        }
        if (!note.isEmpty()) {
            lines.add(NOTE_INDENT + note);
        }
        for (TaskVerdict t : v.tasks()) {
            String r = switch (v.response(t)) {
                case EDF_TEST -> "EDF demand test";
                case NO_RESPONSE_TIME -> "MPR tests, no response time";
                case UNKNOWN, ABOVE_DEADLINE -> "R > D";
                case VALUE -> "R = " + (t.conditional() ? Verdicts.conditional(Format.screen(t.responseTime()))
                        : Format.screen(t.responseTime()));
            };
            row(lines, "task", v.name() + "/" + t.name() + ": " + r + ", D = " + Format.screen(t.deadline()),
                    Verdicts.of(t, Verdicts.Audience.DOCUMENT));
        }
    }

    /** Where a VM's note starts: under its name. */
    private static final String NOTE_INDENT = "             ";

    /**
     * A global VM's decision in brief (issue 32): the supply and test that proved its tasks
     * ({@link VmVerdict#proofInBrief}), or, where none did, the lead of its text unless
     * {@code note} already says it; null under a partitioned policy.
     */
    private static String proof(VmVerdict v, String note) {
        if (v.provedOn() == null) {
            return null;
        }
        if (v.provedOn() != ProvedOn.NONE) {
            return v.proofInBrief();
        }
        String text = v.hierarchy() == null ? "" : v.hierarchy();
        int end = text.indexOf(". The supply: ");
        String lead = end < 0 ? text : text.substring(0, end);
        return lead.isEmpty() || note.startsWith(lead) ? null : lead;
    }

    /** Where a verdict row's verdict starts: after "  task     " and a label column of 50. */
    public static final int VERDICT_COLUMN = 62;

    /**
     * A verdict row: the kind, the label in its column, the verdict in its own; a label longer than
     * its column takes a line of its own and the verdict goes under it, in its column.
     */
    private static void row(List<String> lines, String kind, String label, String verdict) {
        String head = String.format(Locale.ROOT, "  %-9s", kind);
        int room = VERDICT_COLUMN - head.length() - 1;
        if (columns(label) <= room) {
            lines.add(head + label + " ".repeat(room - columns(label) + 1) + verdict);
        } else {
            lines.add(head + label);
            lines.add(" ".repeat(VERDICT_COLUMN) + verdict);
        }
    }

    /**
     * The columns {@code text} takes in the monospace text: one per character, an emoji or another
     * character outside the BMP (two UTF-16 units) too.
     */
    private static int columns(String text) {
        return text.codePointCount(0, text.length());
    }

    private static String verdict(Verdict v) {
        return Verdicts.of(v, Verdicts.Audience.DOCUMENT);
    }
}
