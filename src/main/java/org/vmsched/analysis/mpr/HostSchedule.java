package org.vmsched.analysis.mpr;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.model.Scenario;

/**
 * The hypervisor's own schedule of a scenario's periodic virtual CPUs under global EDF, as far as
 * the analysis reads it (THEORY.md §15.18, §15.19): per VM, the longest any of its vCPUs takes, from a
 * replenishment, to hold a core for its whole budget C, over every period from the VMs' offsets as
 * written; and per VM the intervals in which its vCPUs hold a core past their overhead (usable), up
 * to the end of the schedule's first steady period. The schedule of periodic servers does not depend
 * on the jobs (§15.13), so the simulator's run of the servers alone gives it exactly; the analysis
 * does not know the simulator and receives it through this interface (from the policy module, which
 * knows both). Implementations are stateless and thread-safe.
 */
@FunctionalInterface
public interface HostSchedule {

    /** No schedule: the analysis uses the host tests' bounds only. */
    HostSchedule NONE = s -> Times.none("no schedule of the host was computed");

    /** {@code s}'s vCPUs' longest times to their budgets, or why there are none; never null. */
    Times of(Scenario s);

    /**
     * Per VM (in the scenario's order), the largest time from a replenishment of one of its vCPUs
     * to the instant that vCPU has held a core for its whole budget, in scenario time units, exact;
     * or null, and {@code reason} says why (a vCPU short of its budget in a period, a schedule too
     * long to compute, deferrable servers); {@code shortfall} is the first period the run found short
     * of its budget, or null (a schedule with times, or none computed); {@code usable}, per VM, its
     * vCPUs' usable intervals, or null (none read). Immutable.
     */
    record Times(List<BigFraction> perVm, String reason, Shortfall shortfall, List<Usable> usable) {

        public Times {
            perVm = perVm == null ? null : List.copyOf(perVm);
            usable = usable == null ? null : List.copyOf(usable);
        }

        /** Times, or none for {@code reason}, with no shortfall and no usable intervals. */
        public Times(List<BigFraction> perVm, String reason) {
            this(perVm, reason, null, null);
        }

        /** Times with each VM's usable intervals (THEORY.md §15.19), no shortfall. */
        public static Times withUsable(List<BigFraction> perVm, String reason, List<Usable> usable) {
            return new Times(perVm, reason, null, usable);
        }

        /** No times, for {@code reason}. */
        public static Times none(String reason) {
            return new Times(null, reason, null, null);
        }

        /** No times: the run found {@code shortfall} (THEORY.md §15.18 Claim 5, the host fails at these offsets). */
        public static Times failing(String reason, Shortfall shortfall) {
            return new Times(null, reason, shortfall, null);
        }
    }

    /**
     * One VM's usable intervals [a, b) in ticks of 1/{@code ticksPerUnit} of the scenario's unit, of
     * all its vCPUs (overlapping where two run at once), over [0, s₀ + P): the schedule is periodic
     * with period {@code period} P from {@code steadyStart} s₀ (§15.13). Per vCPU in {@code perVcpu}
     * (the same intervals, for a replay). The arrays are not to be changed. Immutable otherwise.
     */
    record Usable(long ticksPerUnit, long steadyStart, long period, List<List<long[]>> perVcpu) {

        public Usable {
            perVcpu = perVcpu.stream().map(List::copyOf).toList();
        }

        /** Every vCPU's intervals together. */
        public List<long[]> intervals() {
            return perVcpu.stream().flatMap(List::stream).toList();
        }
    }

    /**
     * A period in which a vCPU held a core for less than its budget in the job-free run (THEORY.md
     * §15.18 Claim 5): vCPU {@code vcpu} (0-based) of VM {@code vm} (index in the scenario), in its
     * period released at {@code release}, held a core for {@code held} &lt; C in [release, release + T);
     * scenario time units, exact. Immutable.
     */
    record Shortfall(int vm, int vcpu, BigFraction release, BigFraction held) {
    }
}
