package org.vmsched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.MigrationCost;
import org.vmsched.design.GlobalProposals;
import org.vmsched.design.MprDesign;
import org.vmsched.design.WholeBudgets;
import org.vmsched.model.Scenario;
import org.vmsched.text.Format;

/**
 * What {@code design} prints under a global hypervisor (THEORY.md §15.9): per VM the MPR proposal
 * beside the partitioned alternative, and the global proposals together against the host's cores,
 * as a table or one JSON object. Split out of {@link DesignCommand}, which designs and validates
 * its options. Stateless.
 */
final class GlobalDesignReport {

    private GlobalDesignReport() {
    }

    /**
     * Prints {@code designs} (all the scenario's VMs when {@code allVms}, else the one asked for) and, when every VM
     * was designed, {@code whole}: the budgets the whole analysis proves at the scenario's own periods (null: the
     * scenario as written is not proved, or the search was not run, {@link WholeBudgets#MAX_VMS}).
     */
    static void print(Scenario s, List<MprDesign> designs, int cores, boolean allVms, WholeBudgets.Result whole, boolean json,
                      PrintWriter out) {
        if (json) {
            printJson(s, designs, cores, allVms, whole, out);
            return;
        }
        out.println("Interfaces of least bandwidth under " + s.hypervisor().policy().title() + " on " + cores + " core"
                + (cores == 1 ? "" : "s") + " (periodic vCPUs; overhead included; global: MPR interface search, docs/THEORY.md"
                + " §15.9; partitioned: each vCPU designed alone on a core, §12):");
        for (MprDesign d : designs) {
            printVm(s, d, out);
        }
        out.println();
        String together = allVms ? GlobalProposals.together(s, designs, cores) : null; // (it analyses the whole scenario)
        if (together != null) {
            // each VM is designed alone: say what the proposals take of the host together
            out.println(together);
        }
        if (allVms) {
            printWhole(s, cores, whole, out);
        }
        out.println("The global tests are sufficient only: a partitioned bandwidth below the global one may be the"
                + " tests' pessimism, not the schedules' (docs/THEORY.md §15.9).");
    }

    /** The budgets the whole analysis proves at the scenario's own periods and vCPUs, or why there are none. */
    private static void printWhole(Scenario s, int cores, WholeBudgets.Result whole, PrintWriter out) {
        if (s.vms().size() > WholeBudgets.MAX_VMS) {
            out.println("(The budgets the whole analysis proves at the scenario's own periods were not searched: "
                    + s.vms().size() + " VMs, more than " + WholeBudgets.MAX_VMS + ", and each analysis of the whole host takes"
                    + " seconds at that size.)");
            return;
        }
        if (whole == null) {
            out.println(WholeBudgets.notProved("analyze"));
            return;
        }
        out.println("At the scenario's own periods and vCPUs, the analysis of the whole host (analyze) proves these budgets"
                + " per vCPU, each VM's lowered in turn while it still says schedulable (" + Format.count(whole.analyses(),
                "analysis", "analyses") + (whole.stopped() ? ", stopped at the bound: the budgets so far" : "")
                + "; docs/THEORY.md §15.9):");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"  VM", "vcpus", "period", "budget per vCPU", "as written", "bandwidth"});
        double was = 0;
        for (WholeBudgets.Budget b : whole.budgets()) {
            rows.add(new String[] {"  " + b.vm(), Integer.toString(b.vcpus()), Format.exact(b.period()), Format.exact(b.budget()),
                Format.exact(b.was()), Format.table(b.bandwidth())});
        }
        CliSupport.table(out, rows);
        out.println("  together " + Format.table(whole.bandwidth()) + " of the " + Format.count(cores, "core", "cores")
                + " (" + Format.table(whole.asWritten()) + " as written)");
    }

    /** The designs as one JSON object, with the proposals' bandwidth together when every VM was designed. */
    private static void printJson(Scenario s, List<MprDesign> designs, int cores, boolean allVms, WholeBudgets.Result whole,
                                  PrintWriter out) {
        ObjectNode root = CliSupport.object();
        root.put("scenario", s.name());
        root.put("host", s.hypervisor().policy().id());
        root.put("cores", cores);
        root.put("server", "periodic");
        ArrayNode arr = root.putArray("vms");
        designs.forEach(d -> arr.add(toJson(d)));
        double together = GlobalProposals.bandwidth(designs);
        if (allVms && !Double.isNaN(together)) {
            root.put("globalBandwidth", together);
        }
        if (allVms && s.vms().size() <= WholeBudgets.MAX_VMS) {
            root.set("wholeAnalysis", wholeJson(whole));
        }
        CliSupport.printJson(out, root);
    }

    /** One VM's block: its scheduler and overhead, the global and partitioned proposals as a table, its note. */
    private static void printVm(Scenario s, MprDesign d, PrintWriter out) {
        out.println();
        double m = MigrationCost.of(s);
        // a VM of one vCPU keeps EDF or RM; the search's tests are the global ones, for its proposals of several
        boolean single = s.vms().stream().anyMatch(vm -> vm.name().equals(d.vm()) && !vm.multiVcpu());
        String scheduler = single ? s.vms().stream().filter(vm -> vm.name().equals(d.vm())).findFirst().orElseThrow()
                .scheduler().name() + " on one vCPU, " + d.policy() + " on more" : d.policy();
        out.println("VM " + d.vm() + " (" + scheduler + ", " + (m > 0 ? "X + migration cost = " : "X = ")
                + Format.table(d.overhead()) + ", " + DesignCommand.searched(d.minPeriod(), d.maxPeriod()) + ")");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"  proposal", "vcpus", "period", "budget per vCPU", "bandwidth", "accepted by"});
        if (d.found()) {
            MprDesign.Proposal p = d.proposal();
            rows.add(new String[] {"  global (MPR)", Integer.toString(p.vcpus()), Format.exact(p.period()), Format.exact(p.budget()),
                Format.table(p.bandwidth()), p.test() + " (P = " + d.preemptions() + ")"});
        } else {
            rows.add(new String[] {"  global (MPR)", "-", "-", "-", "-", "none found"});
        }
        if (d.partitioned() != null) {
            rows.add(new String[] {"  partitioned", Integer.toString(d.partitioned().vcpus().size()), "", "",
                Format.table(d.partitioned().bandwidth()), "exact single-vCPU analysis"});
            int i = 0;
            for (MprDesign.Vcpu v : d.partitioned().vcpus()) {
                rows.add(new String[] {"    vCPU " + (++i) + ": " + String.join(", ", v.tasks()), "1", Format.exact(v.period()),
                    Format.exact(v.budget()), Format.table(v.bandwidth()), ""});
            }
        } else {
            rows.add(new String[] {"  partitioned", "-", "-", "-", "-", d.wasStopped()
                ? "not completed before the bound" : "no split of the tasks has an interface"});
        }
        CliSupport.table(out, rows);
        out.println("  (" + d.note() + ")");
        if (d.wasStopped()) {
            out.println("  stopped after " + d.testsRun() + " tests: " + d.stopped() + "; --max-tests N (more than "
                    + d.maxTests() + ") to search further");
        }
    }

    /** {@link WholeBudgets.Result} as JSON: null when the scenario as written is not proved. */
    private static JsonNode wholeJson(WholeBudgets.Result whole) {
        if (whole == null) {
            return NullNode.getInstance();
        }
        ObjectNode w = CliSupport.object();
        w.put("analyses", whole.analyses());
        w.put("stopped", whole.stopped());
        w.put("bandwidth", whole.bandwidth());
        ArrayNode arr = w.putArray("vms");
        for (WholeBudgets.Budget b : whole.budgets()) {
            ObjectNode x = arr.addObject();
            x.put("vm", b.vm());
            x.put("vcpus", b.vcpus());
            x.put("period", b.period());
            x.put("budget", b.budget());
            x.put("asWritten", b.was());
            x.put("bandwidth", b.bandwidth());
        }
        return w;
    }

    static ObjectNode toJson(MprDesign d) {
        ObjectNode o = CliSupport.object();
        o.put("vm", d.vm());
        o.put("policy", d.policy());
        o.put("overhead", d.overhead());
        o.put("preemptions", d.preemptions());
        CliSupport.number(o, "minPeriod", d.minPeriod());
        CliSupport.number(o, "maxPeriod", d.maxPeriod());
        if (d.found()) {
            ObjectNode m = o.putObject("mpr");
            m.put("period", d.proposal().period());
            m.put("budget", d.proposal().budget());
            m.put("vcpus", d.proposal().vcpus());
            m.put("bandwidth", d.proposal().bandwidth());
            m.put("test", d.proposal().test());
        } else {
            o.putNull("mpr");
        }
        if (d.partitioned() != null) {
            ObjectNode p = o.putObject("partitioned");
            p.put("bandwidth", d.partitioned().bandwidth());
            ArrayNode arr = p.putArray("vcpus");
            for (MprDesign.Vcpu v : d.partitioned().vcpus()) {
                ObjectNode x = arr.addObject();
                ArrayNode names = x.putArray("tasks");
                v.tasks().forEach(names::add);
                x.put("period", v.period());
                x.put("budget", v.budget());
                x.put("bandwidth", v.bandwidth());
            }
        } else {
            o.putNull("partitioned");
        }
        o.put("note", d.note());
        o.put("testsRun", d.testsRun());
        o.put("maxTests", d.maxTests());
        o.put("stopped", d.stopped());
        return o;
    }
}
