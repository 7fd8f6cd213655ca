package org.vmsched.cli;

import static org.vmsched.analysis.Verdicts.Audience.JSON;
import static org.vmsched.analysis.Verdicts.Audience.TEXT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.EdfResult;
import org.vmsched.analysis.Supply;
import org.vmsched.report.AnalysisReport;
import org.vmsched.report.MprInterface;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmSupply;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.text.Format;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code analyze FILE}: the whole analytic verdict of a scenario. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Response times, good VM periods, Tmax and the hypervisor test of a scenario.")
public final class AnalyzeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (JSON).")
    Path file;

    @Option(names = "--json", description = "Print one JSON object instead of tables.")
    boolean json;

    @Override
    public Integer call() {
        Scenario s = CliSupport.load(file);
        AnalysisReport report = AnalysisReport.of(s);
        AnalysisResult r = report.result();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            CliSupport.printJson(out, toJson(report));
        } else {
            print(out, s, r);
        }
        return 0;
    }

    static ObjectNode toJson(AnalysisReport report) {
        AnalysisResult r = report.result();
        ObjectNode root = CliSupport.object();
        root.put("schedulable", r.schedulable());
        root.put("verdict", Verdicts.of(r.verdict(), JSON));
        if (r.hostNote() != null) {
            root.put("hostNote", r.hostNote()); // one host test for every core, said once (global EDF)
        }
        ArrayNode cores = root.putArray("cores");
        for (CoreVerdict c : r.cores()) {
            coreJson(cores.addObject(), c, r);
        }
        ArrayNode vms = root.putArray("vms");
        boolean budgets = r.cores().isEmpty() || r.cores().get(0).policy().usesBudget();
        for (int i = 0; i < r.vms().size(); i++) {
            vmJson(vms.addObject(), report, i, budgets);
        }
        return root;
    }

    /** One core's entry of the "cores" array: policy, utilisation and verdict, its note unless the host gave one. */
    private static void coreJson(ObjectNode cn, CoreVerdict c, AnalysisResult r) {
        cn.put("core", c.core());
        cn.put("policy", c.policy().name());
        cn.put("utilization", c.utilization());
        cn.put("schedulable", c.schedulable());
        cn.put("verdict", Verdicts.of(c.verdict(), JSON));
        if (c.note() != null && r.hostNote() == null) {
            cn.put("note", c.note());
        }
    }

    /** VM {@code i}'s entry of the "vms" array; period, budget and bandwidth null when the policy has no server. */
    private static void vmJson(ObjectNode vn, AnalysisReport report, int i, boolean budgets) {
        VmVerdict v = report.result().vms().get(i);
        vn.put("name", v.name());
        if (budgets) {
            vn.put("period", v.period());
            vn.put("budget", v.budget());
        } else { // Credit, proportional share, FP/FP: no server, the model's period and budget are placeholders
            vn.putNull("period");
            vn.putNull("budget");
        }
        vn.put("overhead", v.overhead());
        vn.put("vcpus", report.scenario().vms().get(i).vcpus());
        if (budgets) {
            vn.put("bandwidth", v.bandwidth());
        } else {
            vn.putNull("bandwidth");
        }
        vn.put("schedulable", v.schedulable());
        vn.put("verdict", Verdicts.of(v.verdict(), JSON));
        if (v.edf() == null) {
            vn.put("reason", v.undecidedReason()); // null unless the RM iteration ran out of its budget
        } else {
            vn.put("reason", v.edf().reason());
        }
        if (v.hierarchy() != null) {
            vn.put("hierarchy", v.hierarchy()); // a version-2 policy's analysis (THEORY.md §11)
        }
        if (v.supply() == null) {
            vn.putNull("supply");
        } else {
            supplyJson(vn.putObject("supply"), v.supply());
        }
        MprInterface mpr = report.mpr(i);
        if (mpr == null) {
            vn.putNull("mpr");
        } else { // the interface the "hierarchy" sentence names (THEORY.md §15.2)
            mprJson(vn.putObject("mpr"), mpr, v);
        }
        if (v.coreNote() != null) {
            vn.put("coreNote", v.coreNote());
        }
        CliSupport.number(vn, "tmax", v.tmax());
        vn.set("feasiblePeriods", CliSupport.intervals(v.feasiblePeriods()));
        vn.set("exactPeriods", CliSupport.exactIntervals(v.exactPeriods()));
        vn.set("edf", edfJson(v.edf()));
        ArrayNode tasks = vn.putArray("tasks");
        for (TaskVerdict t : v.tasks()) {
            taskJson(tasks.addObject(), t);
        }
    }

    /** A VM's "supply" object: the supply's kind, preemptions, useful budget and blackout. */
    private static void supplyJson(ObjectNode sn, Supply supply) {
        sn.put("kind", supply.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        sn.put("preemptions", supply.preemptions());
        sn.put("usefulBudget", supply.chunk());
        sn.put("blackout", supply.blackout());
    }

    /**
     * A VM's "mpr" object: the interface's period, theta, concurrency and preemptions, Δ and where Δ comes from,
     * and which supply and test proved the VM's tasks (THEORY.md §15.17–§15.21; "none" and null when none did).
     */
    private static void mprJson(ObjectNode mn, MprInterface mpr, VmVerdict v) {
        mn.put("period", mpr.period());
        mn.put("theta", mpr.theta());
        mn.put("concurrency", mpr.concurrency());
        mn.put("preemptions", mpr.preemptions());
        mn.put("delta", mpr.delta());
        mn.put("deltaSource", mpr.deltaSource().jsonName());
        mn.put("provedOn", (v.provedOn() == null ? ProvedOn.NONE : v.provedOn()).jsonName());
        mn.put("provedBy", v.provedBy());
    }

    /** One task's entry of a VM's "tasks" array: its parameters, response time and verdict. */
    private static void taskJson(ObjectNode tn, TaskVerdict t) {
        tn.put("name", t.name());
        tn.put("wcet", t.wcet());
        tn.put("period", t.period());
        tn.put("deadline", t.deadline());
        if (t.responseTime() == null) {
            tn.putNull("responseTime");
        } else {
            tn.put("responseTime", t.responseTime());
        }
        if (t.conditional() && t.responseTime() != null) {
            tn.put("responseTimeConditional", true); // holds only if the VM gets its budget
        }
        tn.put("schedulable", t.schedulable());
        tn.put("verdict", Verdicts.of(t, JSON));
    }

    private static void print(PrintWriter out, Scenario s, AnalysisResult r) {
        out.println(Limits.oneLine(s.name(), 80) + ": " + Verdicts.headline(r.verdict(), TEXT));
        out.println();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"core", "policy", "utilization", "verdict"});
        for (CoreVerdict c : r.cores()) {
            rows.add(new String[] {Integer.toString(c.core()), c.policy().title(), Format.table(c.utilization()),
                verdict(c.verdict())});
        }
        CliSupport.table(out, rows);
        if (!s.hypervisor().policy().periodicServers() || r.cores().stream().anyMatch(c -> c.verdict() == Verdict.UNDECIDED)) {
            if (r.hostNote() != null) {
                out.println("host: " + r.hostNote());
            } else {
                for (CoreVerdict c : r.cores()) {
                    if (c.note() != null) {
                        out.println("core " + c.core() + ": " + c.note());
                    }
                }
            }
        }
        for (int i = 0; i < r.vms().size(); i++) {
            printVm(out, s, r, i);
        }
    }

    /** VM {@code i}'s block of the text report: its interface, supply, good periods, EDF verdict and task table. */
    private static void printVm(PrintWriter out, Scenario s, AnalysisResult r, int i) {
        VmVerdict v = r.vms().get(i);
        out.println();
        boolean server = s.hypervisor().policy().usesBudget();
        out.println("VM " + Limits.oneLine(v.name(), 80) + ": " + (server ? "T=" + Format.table(v.period())
                + " C=" + Format.table(v.budget()) + " " : "") + "X=" + Format.table(v.overhead())
                + (server ? " alpha=" + Format.table(v.bandwidth()) : "") + "  " + verdict(v.verdict()));
        if (v.hierarchy() != null) {
            out.println("  " + v.hierarchy());
        } else {
            out.println("  supply: " + VmSupply.describe(v.supply()) + "; blackout "
                    + Format.table(v.supply().blackout()));
        }
        if (v.coreNote() != null) {
            out.println("  " + withoutHostReason(v.coreNote(), r));
        }
        if (v.hierarchy() != null) {
            // no good periods or Tmax: those are the periodic server's (THEORY.md §3)
        } else if (v.note() != null) {
            out.println("  " + v.note());
        } else {
            out.println("  Tmax = " + Format.table(v.tmax()) + "; good periods from " + Format.table(v.minPeriod())
                    + ": " + CliSupport.exactIntervalsText(v.exactPeriods()));
        }
        // By position, not by name: a lookup per VM made the tables quadratic in the VMs.
        boolean edf = s.vms().get(i).scheduler().byDeadline();
        if (edf && v.edf() != null) {
            EdfResult e = v.edf();
            out.println(e.verdict() == Verdict.UNDECIDED
                    ? "  EDF inside: " + Verdicts.labelled(Verdict.UNDECIDED, e.reason())
                    : "  EDF inside: exact demand-bound test (dbf(t) <= sbf(t)), no per-task response time: "
                            + e.reason());
            if (e.note() != null) {
                out.println("  EDF values: " + e.note());
            }
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"  task", "wcet", "period", "deadline", "R", "verdict"});
        for (TaskVerdict t : v.tasks()) {
            rows.add(new String[] {"  " + t.name(), Format.table(t.wcet()), Format.table(t.period()),
                Format.table(t.deadline()), responseText(v, t, edf),
                Verdicts.of(t, TEXT)});
        }
        CliSupport.table(out, rows);
    }

    /**
     * R, "> D" for a miss under RM, "n/a" where the test has no per-task response time (EDF's demand
     * test, a global VM's MPR tests) or did not decide; "R (conditional)" when it holds only if the
     * VM gets its budget. {@code byDeadline}: the VM's tasks are scheduled by deadline, whose tests
     * give no response time but global EDF's response-time test (THEORY.md §15.16).
     */
    static String responseText(VmVerdict v, TaskVerdict t, boolean byDeadline) {
        VmVerdict.Response kind = v.response(t);
        if (byDeadline && kind != VmVerdict.Response.VALUE
                || kind != VmVerdict.Response.VALUE && kind != VmVerdict.Response.ABOVE_DEADLINE) {
            return "n/a";
        }
        if (kind == VmVerdict.Response.ABOVE_DEADLINE) {
            return "> " + Format.table(t.deadline());
        }
        String r = Format.table(t.responseTime());
        return t.conditional() ? Verdicts.conditional(r) : r;
    }

    /** "ok", "MISS" or "undecided". */
    static String verdict(Verdict v) {
        return Verdicts.of(v, TEXT);
    }

    /** The EDF test's details (THEORY.md §8), null under RM. */
    static JsonNode edfJson(EdfResult e) {
        if (e == null) {
            return NullNode.getInstance();
        }
        ObjectNode n = CliSupport.object();
        CliSupport.number(n, "horizon", e.horizon());
        n.put("steps", e.steps());
        if (e.witness() == null) {
            n.putNull("witness");
        } else {
            ObjectNode w = n.putObject("witness");
            w.put("t", e.witness());
            w.put("demand", e.witnessDemand());
            w.put("supply", e.witnessSupply());
        }
        if (e.note() == null) {
            n.putNull("note");
        } else {
            n.put("note", e.note());
        }
        return n;
    }

    /**
     * A VM's note without the host test's reason when the report has printed that test once
     * ("host: ..."): under global EDF every VM's note repeated it in full.
     */
    private static String withoutHostReason(String note, AnalysisResult r) {
        if (r.hostNote() == null) {
            return note;
        }
        for (Verdict host : Verdict.values()) {
            String head = GlobalAnalysis.hostNotGuaranteed(host) + ": ";
            if (note.startsWith(head)) {
                return head.substring(0, head.length() - 2) + " (host, above)";
            }
        }
        return note;
    }
}
