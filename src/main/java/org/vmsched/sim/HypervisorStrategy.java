package org.vmsched.sim;

import org.vmsched.model.HypervisorPolicy;

/**
 * How the hypervisor ranks the VMs of one core that may run: the smallest rank runs, ties go to
 * the VM listed first. Stateless strategies; thread-safe.
 */
public interface HypervisorStrategy {

    /** The rank of a VM from its current deadline (end of its period, ticks), period and FP priority. */
    long rank(long vmDeadline, long vmPeriod, int vmPriority);

    /** The rank of a budgeted-server policy (EDF, RM, FP); the other policies are {@link HypervisorScheduler}s. */
    static HypervisorStrategy of(HypervisorPolicy p) {
        if (p.equals(HypervisorPolicy.EDF)) {
            return new EarliestDeadlineFirst();
        } else if (p.equals(HypervisorPolicy.RM)) {
            return new RateMonotonic();
        } else if (p.equals(HypervisorPolicy.FP)) {
            return new FixedPriority();
        }
        throw new IllegalArgumentException(p.title() + " is not a rank over budgeted servers: see HypervisorSchedulers");
    }

    /** Earliest VM deadline (end of the current VM period) first. */
    final class EarliestDeadlineFirst implements HypervisorStrategy {
        @Override
        public long rank(long vmDeadline, long vmPeriod, int vmPriority) {
            return vmDeadline;
        }
    }

    /** Shortest VM period first. */
    final class RateMonotonic implements HypervisorStrategy {
        @Override
        public long rank(long vmDeadline, long vmPeriod, int vmPriority) {
            return vmPeriod;
        }
    }

    /** The VM's {@code priority} field, 1 highest (smaller runs first). */
    final class FixedPriority implements HypervisorStrategy {
        @Override
        public long rank(long vmDeadline, long vmPeriod, int vmPriority) {
            return vmPriority;
        }
    }
}
