package org.vmsched.design;

import java.math.BigDecimal;
import java.util.List;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.text.Format;

/**
 * The global (MPR) proposals of a scenario's VMs set together against the host's cores (THEORY.md
 * §15.9): each VM is designed alone, so their sum may exceed the cores. What {@code design} prints
 * and the Design dialog shows, in the same words. Stateless.
 */
public final class GlobalProposals {

    private GlobalProposals() {
    }

    /** The proposals' bandwidths summed exactly as written (each VM's vCPUs together); NaN when a VM has none. */
    public static double bandwidth(List<MprDesign> designs) {
        BigDecimal sum = BigDecimal.ZERO;
        for (MprDesign d : designs) {
            if (!d.found()) {
                return Double.NaN;
            }
            sum = sum.add(BigDecimal.valueOf(d.proposal().bandwidth()));
        }
        return sum.doubleValue();
    }

    /**
     * {@code s} with each VM's proposal set (its period, budget per vCPU and vCPUs, the scheduler
     * turned to its twin when the vCPU count asks it) on {@code cores} cores; a VM without a
     * proposal as it was. The last design of a VM's name that found one counts.
     */
    public static Scenario applied(Scenario s, List<MprDesign> designs, int cores) {
        return s.withVms(s.vms().stream().map(vm -> designs.stream().filter(d -> d.vm().equals(vm.name()) && d.found())
                        .reduce((x, y) -> y)
                        .map(d -> vm.withServer(d.proposal().period(), d.proposal().budget(), vm.overhead())
                                .withVcpusAndTwinScheduler(d.proposal().vcpus()))
                        .orElse(vm)).toList())
                .withHypervisor(new Platform(s.hypervisor().policy(), cores, s.hypervisor().params()));
    }

    /**
     * "Together the global proposals take 2.1455 of the 2 cores: …", with what follows when they fit
     * (what the analysis says of {@code s} with all of them set: each VM was designed against the
     * others' current periods, which its preemption count P reads, THEORY.md §15.2) and when they
     * do not; null when a VM has no proposal (nothing to add up).
     */
    public static String together(Scenario s, List<MprDesign> designs, int cores) {
        double together = bandwidth(designs);
        if (Double.isNaN(together)) {
            return null;
        }
        String head = "Together the global proposals take " + Format.table(together) + " of the "
                + Format.count(cores, "core", "cores");
        if (together > cores) {
            return head + ": more than the host has, so not all of them can be set at once (a VM with fewer vCPUs"
                    + " or a partitioned design takes less).";
        }
        Verdict v = SystemAnalysis.analyze(applied(s, designs, cores)).verdict();
        return head + "; with all of them set, the analysis says " + Verdicts.of(v, Verdicts.Audience.DOCUMENT)
                + (v == Verdict.SCHEDULABLE ? "."
                : " (each VM was designed against the others' current periods, which its preemption count P reads:"
                + " design again with them set, or see analyze).");
    }
}
