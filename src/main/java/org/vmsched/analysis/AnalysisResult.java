package org.vmsched.analysis;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * The whole analytic verdict of a scenario: every core and every VM (file order). The system's
 * verdict is not schedulable when any part fails, else undecided when any VM's is, else
 * schedulable ({@link Verdict#and}). Immutable.
 */
public record AnalysisResult(Verdict verdict, List<CoreVerdict> cores, List<VmVerdict> vms) {

    public AnalysisResult {
        cores = List.copyOf(cores);
        vms = List.copyOf(vms);
    }

    /** A decided verdict. */
    public AnalysisResult(boolean schedulable, List<CoreVerdict> cores, List<VmVerdict> vms) {
        this(Verdict.of(schedulable), cores, vms);
    }

    /**
     * The note of the one host-level test that decides every core under a global policy (THEORY.md
     * §15: the virtual CPUs under global EDF), to be said once for the host; null under a
     * partitioned policy, where each core has its own test and note.
     */
    public String hostNote() {
        return !cores.isEmpty() && cores.get(0).policy().global() ? cores.get(0).note() : null;
    }

    /** Whether the whole system is proven schedulable (false when not, and when undecided). */
    public boolean schedulable() {
        return verdict == Verdict.SCHEDULABLE;
    }

    /** Every VM and every core of {@code s} undecided, for the reason {@code why}. */
    public static AnalysisResult undecided(Scenario s, String why) {
        List<VmVerdict> vms = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            vms.add(VmVerdict.undecided(vm, why));
        }
        List<CoreVerdict> cores = new ArrayList<>();
        for (int c = 0; c < s.hypervisor().cores(); c++) {
            cores.add(new CoreVerdict(c, s.hypervisor().policy(), 0, List.of(), List.of(),
                    Verdicts.labelled(Verdict.UNDECIDED, why), Verdict.UNDECIDED));
        }
        return new AnalysisResult(Verdict.UNDECIDED, cores, vms);
    }
}
