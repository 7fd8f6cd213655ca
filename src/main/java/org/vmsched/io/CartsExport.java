package org.vmsched.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * A scenario written as a CARTS input (`export-config --target carts`), the other way of what
 * {@link ForeignFormats} reads (docs/engineer.md, "CARTS and SimSo files"). Stateless.
 */
public final class CartsExport {

    private CartsExport() {
    }

    /**
     * The scenario as a CARTS input: one component per VM, the period range given. Under a global
     * policy the host is {@code os_scheduler="gEDF"} and a VM of several vCPUs a {@code gEDF} or
     * {@code gRM} component, as {@link ForeignFormats#importXml} reads them back; a CARTS input has no place for
     * the vCPUs or the host's cores (CARTS designs each component's m′ itself, and the import takes
     * ⌈U⌉ as a placeholder), so a comment before {@code <system>} names them.
     */
    public static String write(Scenario s, double minPeriod, double maxPeriod) {
        StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        boolean global = s.hypervisor().policy().global();
        if (global) {
            List<String> vcpus = new ArrayList<>();
            for (VirtualMachine vm : s.vms()) {
                vcpus.add(vm.name() + " " + vm.vcpus());
            }
            out.append(comment("VMSched scenario under " + s.hypervisor().policy().title() + " on "
                    + Format.count(s.hypervisor().cores(), "core", "cores") + "; vCPUs per VM: " + String.join(", ", vcpus)
                    + ". A CARTS input cannot carry the vCPUs or the cores: CARTS designs each component's processors"
                    + " itself; vmsched import gives a gEDF or gRM component its utilisation rounded up (at least 2, at"
                    + " most one per task) as a placeholder, and the host their sum."));
        }
        // CARTS names fixed priorities DM (its inputs say EDF or DM): by deadline, which is RM's order by period only
        // where the deadlines order the tasks as the periods do; where they do not, CARTS analyses another schedule
        for (VirtualMachine vm : s.vms()) {
            if (vm.scheduler() == GuestScheduler.RM && !Arrays.equals(
                    ResponseTimeAnalysis.rateMonotonicOrder(vm.tasks()),
                    ResponseTimeAnalysis.deadlineMonotonicOrder(vm.tasks()))) {
                out.append(comment(vm.name() + " is RM (priority by period) in VMSched, and CARTS's DM gives priority by"
                        + " deadline: another order for its tasks, so CARTS analyses another schedule than VMSched's;"
                        + " vmsched import reads DM back as RM."));
            }
        }
        // a CARTS input has no offsets (its analysis holds for any): say which ones this file drops
        List<String> offsets = droppedOffsets(s);
        if (!offsets.isEmpty()) {
            out.append(comment("CARTS inputs have no offsets: dropped here are those of " + String.join(" and of ", offsets)
                    + "; CARTS's analysis, as VMSched's, holds for any offsets."));
        }
        HypervisorPolicy policy = s.hypervisor().policy();
        if (!global && policy != HypervisorPolicy.EDF && policy != HypervisorPolicy.RM) {
            out.append(comment("The host policy " + policy.name() + " has no CARTS name: written DM (fixed priorities by"
                    + " the components' deadlines, their periods), which CARTS analyses instead; vmsched import reads DM as RM."));
        }
        String os = global ? "gEDF" : policy == HypervisorPolicy.EDF ? "EDF" : "DM";
        out.append("<system os_scheduler=\"").append(os).append("\" min_period=\"").append(Format.plain(minPeriod))
                .append("\" max_period=\"").append(Format.plain(maxPeriod)).append("\">\n");
        for (VirtualMachine vm : s.vms()) {
            String scheduler = switch (vm.scheduler()) {
                case GLOBAL_EDF -> "gEDF";
                case GLOBAL_RM -> "gRM";
                case EDF -> "EDF";
                default -> "DM";
            };
            out.append("  <component name=\"").append(escape(vm.name())).append("\" scheduler=\"")
                    .append(scheduler).append("\" min_period=\"")
                    .append(Format.plain(minPeriod)).append("\" max_period=\"").append(Format.plain(maxPeriod)).append("\">\n");
            for (Task t : vm.tasks()) {
                out.append("    <task name=\"").append(escape(t.name())).append("\" p=\"").append(Format.plain(t.period()))
                        .append("\" d=\"").append(Format.plain(t.deadline())).append("\" e=\"").append(Format.plain(t.wcet()))
                        .append("\"></task>\n");
            }
            out.append("  </component>\n");
        }
        return out.append("</system>\n").toString();
    }

    /** The VMs' and tasks' offsets other than 0, named with their values, in the scenario's order. */
    private static List<String> droppedOffsets(Scenario s) {
        List<String> offsets = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            if (vm.offset() != 0) {
                offsets.add("VM " + vm.name() + " (" + Format.plain(vm.offset()) + ")");
            }
            for (Task t : vm.tasks()) {
                if (t.offset() != 0) {
                    offsets.add("task " + vm.name() + "/" + t.name() + " (" + Format.plain(t.offset()) + ")");
                }
            }
        }
        return offsets;
    }

    /** An XML comment line of {@code text}; "--" may not appear inside one. */
    private static String comment(String text) {
        return "<!-- " + text.replaceAll("-(?=-)", "- ") + " -->\n"; // every "--", overlapping ones too ("--->")
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
