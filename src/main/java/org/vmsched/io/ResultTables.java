package org.vmsched.io;

import org.vmsched.analysis.Verdicts;
import org.vmsched.text.Csv;
import org.vmsched.text.Format;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.report.AnalysisReport;
import org.vmsched.report.MprInterface;

/**
 * The scenario and its analysis as a table (CSV) and as report text, built from the model and
 * the {@link AnalysisResult}, not from what the window displays: numbers are the computed
 * values (full precision in the CSV), verdicts their names, and nothing depends on the table's
 * column widths or abbreviations. Stateless.
 */
public final class ResultTables {

    /** The CSV's header: one row per system, core, VM and task; times in the scenario's time unit. */
    public static final String HEADER = "level,vm,task,core,scheduler,wcet (time units),period (time units),"
            + "deadline (time units),offset (time units),budget (time units),overhead (time units),bandwidth (share of a core),"
            + "utilization (share of a core),preemptions per period,useful budget (time units),tmax (time units),"
            + "response time (time units),verdict,note,vcpus,MPR period Π (time units),MPR budget Θ (time units),"
            + "MPR concurrency m′,MPR proved on";

    /** The numeric columns, wcet to response time. */
    private static final int COLUMNS = 12;

    /**
     * A row's columns after the note: a VM's virtual CPUs and, under a global policy, its MPR
     * interface and which supply proved its tasks ({@code analyze --json}'s {@code mpr.provedOn}).
     */
    private record Vcpus(int count, MprInterface mpr, String provedOn) {
        static final Vcpus NONE = new Vcpus(0, null, "");
    }

    private ResultTables() {
    }

    /**
     * The tables as CSV. {@code result} null (not analysed: invalid input, or the analysis is
     * still running) leaves the verdict columns empty and says {@code whyNot} on the system row.
     * Under a global policy the one host-level test's note is the system row's (the cores carry
     * none, as in {@code analyze}), and each VM row gives its MPR interface as {@code analyze
     * --json}'s {@code mpr} does, its preemptions P in the preemptions column.
     */
    public static String csv(Scenario s, AnalysisResult result, String whyNot) {
        Csv csv = new Csv();
        for (String column : HEADER.split(",")) {
            csv.field(column);
        }
        csv.endRow();
        String hostNote = result == null ? null : result.hostNote();
        row(csv, "system", "", "", "", String.valueOf(s.hypervisor().policy()), blank(),
                result == null ? "" : verdict(result.verdict()), result == null ? orEmpty(whyNot) : orEmpty(hostNote), Vcpus.NONE);
        if (result != null) {
            for (CoreVerdict c : result.cores()) {
                double[] v = blank();
                v[7] = c.utilization();
                row(csv, "core", "", "", String.valueOf(c.core()), String.valueOf(c.policy()), v, verdict(c.verdict()),
                        hostNote == null ? orEmpty(c.note()) : "", Vcpus.NONE);
            }
        }
        AnalysisReport report = result == null ? null : AnalysisReport.of(s);
        boolean global = s.hypervisor().policy().global();
        for (int i = 0; i < s.vms().size(); i++) {
            VirtualMachine m = s.vms().get(i);
            VmVerdict vv = result == null || i >= result.vms().size() ? null : result.vms().get(i);
            MprInterface mpr = vv == null ? null : report.mpr(i);
            double[] v = blank();
            // a policy without budgets has no period, budget or bandwidth (the JSON's null), not the file's placeholders
            boolean budgets = s.hypervisor().policy().usesBudget();
            v[1] = budgets ? m.period() : Double.NaN;
            v[3] = m.offset();
            v[4] = budgets ? m.budget() : Double.NaN;
            v[5] = m.overhead();
            v[6] = budgets ? m.bandwidthAsWritten() : Double.NaN; // 0.4 for 3.8 / 9.5, as analyze and compare write it
            BigDecimal u = BigDecimal.ZERO;
            for (Task t : m.tasks()) {
                u = u.add(VirtualMachine.ratioAsWritten(t.wcet(), t.period())); // 0.15 for 0.1 + 0.05, not 0.15000000000000002
            }
            v[7] = u.doubleValue();
            String note = "";
            if (vv != null) {
                v[8] = vv.supply() != null ? vv.supply().preemptions() : mpr != null ? mpr.preemptions() : Double.NaN;
                v[9] = vv.supply() == null ? Double.NaN : vv.budget() - vv.supply().lostPerPeriod();
                v[10] = vv.tmax();
                note = Format.joinOnce(vv.undecidedReason(), vv.coreNote(), vv.note());
            }
            // a global VM's vCPUs migrate: it has no core of its own (its file's core is unused)
            String core = global ? "" : String.valueOf(m.core());
            row(csv, "vm", m.name(), "", core, String.valueOf(m.scheduler()), v,
                    vv == null ? "" : verdict(vv.verdict()), note, new Vcpus(m.vcpus(), mpr, mpr == null ? "" : provedOn(vv)));
            for (int k = 0; k < m.tasks().size(); k++) {
                Task t = m.tasks().get(k);
                TaskVerdict tv = vv == null || k >= vv.tasks().size() ? null : vv.tasks().get(k);
                taskRow(csv, m, t, vv, tv, core);
            }
        }
        return csv.toString();
    }


    /** A task's row: its parameters and utilisation, its response time or why it has none, its verdict. */
    private static void taskRow(Csv csv, VirtualMachine m, Task t, VmVerdict vv, TaskVerdict tv, String core) {
        double[] w = blank();
        w[0] = t.wcet();
        w[1] = t.period();
        w[2] = t.deadline();
        w[3] = t.offset();
        w[7] = t.utilization();
        String tnote = "";
        if (tv != null) {
            switch (vv.response(tv)) {
                case VALUE -> w[11] = tv.responseTime();
                case EDF_TEST -> tnote = "EDF inside the VM: one demand-bound test for all its tasks, no response time";
                case NO_RESPONSE_TIME -> tnote = "global VM: the MPR tests prove deadlines, no response time";
                case UNKNOWN, ABOVE_DEADLINE -> tnote = "no response time within the deadline";
            }
        }
        row(csv, "task", m.name(), t.name(), core, "", w,
                tv == null ? "" : Verdicts.of(tv, Verdicts.Audience.DOCUMENT), tnote, Vcpus.NONE);
    }

    /** "schedulable", "not schedulable" or "undecided" ({@link Verdicts.Audience#DOCUMENT}). */
    static String verdict(Verdict v) {
        return Verdicts.of(v, Verdicts.Audience.DOCUMENT);
    }

    private static double[] blank() {
        double[] v = new double[COLUMNS];
        Arrays.fill(v, Double.NaN);
        return v;
    }

    private static void row(Csv csv, String level, String vm, String task, String core, String scheduler, double[] v,
                            String verdict, String note, Vcpus vcpus) {
        csv.field(level).field(vm).field(task).field(core).field(scheduler);
        for (double x : v) {
            csv.number(x);
        }
        csv.field(verdict).field(note);
        if (vcpus.count() > 0) {
            csv.integer(vcpus.count());
        } else {
            csv.field("");
        }
        MprInterface mpr = vcpus.mpr();
        if (mpr == null) {
            csv.field("").field("").field("");
        } else {
            csv.number(mpr.period()).number(mpr.theta()).integer(mpr.concurrency());
        }
        csv.field(vcpus.provedOn());
        csv.endRow();
    }

    /** The supply that proved a global VM's tasks, as {@code analyze --json} names it. */
    private static String provedOn(VmVerdict vv) {
        return (vv.provedOn() == null ? ProvedOn.NONE : vv.provedOn()).jsonName();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
