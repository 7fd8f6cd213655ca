package org.vmsched.design;

import java.util.List;

/**
 * The MPR interface search's answer for one VM (THEORY.md §15.9): the least-bandwidth
 * {@code proposal} (null when none in the range passes, the reason in {@code note}), the
 * {@code partitioned} alternative (null when the tasks cannot be split into single-vCPU designs),
 * the guest policy ("gEDF" or "gRM"), the overhead X and preemptions per period P the supply was
 * built with, the period range searched, and the number of tests run: the sufficient tests of the
 * MPR search and, for a bounded design, the exact questions of the partitioned alternative too.
 * {@code maxTests} is the bound the design ran under (0: none); {@code stopped} says what the
 * bound stopped and what is shown instead (null: the design ran to its end), in which case the
 * proposal is the best found so far (still the input of a passing test). Times in the scenario's
 * unit. Immutable.
 */
public record MprDesign(String vm, String policy, double overhead, int preemptions, double minPeriod,
                        double maxPeriod, Proposal proposal, Partitioned partitioned, String note, long testsRun,
                        long maxTests, String stopped) {

    /** A design that ran to its end without a bound. */
    public MprDesign(String vm, String policy, double overhead, int preemptions, double minPeriod, double maxPeriod,
                     Proposal proposal, Partitioned partitioned, String note, long testsRun) {
        this(vm, policy, overhead, preemptions, minPeriod, maxPeriod, proposal, partitioned, note, testsRun, 0, null);
    }

    /** Whether the bound on tests stopped the design before its end (see {@code stopped}). */
    public boolean wasStopped() {
        return stopped != null;
    }

    /**
     * One MPR interface as an engineer types it: {@code vcpus} m′ virtual CPUs, each a periodic
     * server of {@code period} Π and {@code budget} Θ/m′ per vCPU (overhead included), total
     * bandwidth m′·budget/Π; {@code test} the sufficient test that accepted it. Immutable.
     */
    public record Proposal(double period, double budget, int vcpus, double bandwidth, String test) {

        /** Θ = m′ · budget, the interface's budget per period. */
        public double theta() {
            return vcpus * budget;
        }
    }

    /**
     * The partitioned alternative: the tasks split into {@code vcpus().size()} groups, each one
     * single-vCPU VM designed by {@link InterfaceDesigner} (THEORY.md §12) alone on a core; its
     * total bandwidth. Immutable.
     */
    public record Partitioned(List<Vcpu> vcpus, double bandwidth) {

        public Partitioned {
            vcpus = List.copyOf(vcpus);
        }
    }

    /** One pinned vCPU of the partitioned alternative: its task names, period, budget and bandwidth. */
    public record Vcpu(List<String> tasks, double period, double budget, double bandwidth) {

        public Vcpu {
            tasks = List.copyOf(tasks);
        }
    }

    /** Whether an MPR interface was found. */
    public boolean found() {
        return proposal != null;
    }
}
