package org.vmsched.sim;

import java.util.function.Function;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * Which {@link HypervisorScheduler} simulates a hypervisor policy: the one its module makes (the
 * policy package's modules implement {@link Factory}; the simulator knows no policy by name). EDF,
 * RM and FP over budgeted servers are this package's scheduler classes.
 */
public final class HypervisorSchedulers {

    /** Makes a policy's scheduler; implemented by the policy's module. Stateless. */
    public interface Factory {

        /** A fresh scheduler for one run. */
        HypervisorScheduler newScheduler();
    }

    private HypervisorSchedulers() {
    }

    /** A fresh CBS (SCHED_DEADLINE) scheduler, for CBS's module, which reads a VM's relative deadline (null: its period). */
    public static HypervisorScheduler cbs(Function<VirtualMachine, Double> deadline) {
        return new CbsScheduler(deadline);
    }

    /** A fresh FP-without-budgets scheduler, for its module. */
    public static HypervisorScheduler fixedPriorityNoBudget() {
        return new FixedPriorityNoBudget();
    }

    /** A fresh Xen Credit scheduler, for Credit's module, which reads each run's settings from its scenario. */
    public static HypervisorScheduler credit(Function<Scenario, CreditScheduler.Settings> settings) {
        return new CreditScheduler(settings);
    }

    /** A fresh proportional-share scheduler, for its module, which reads each run's settings from its scenario. */
    public static HypervisorScheduler proportionalShare(Function<Scenario, ProportionalShareScheduler.Settings> settings) {
        return new ProportionalShareScheduler(settings);
    }

    /**
     * A fresh global-EDF scheduler over virtual CPUs (Xen RTDS), for its module, which reads each
     * run's migration cost (scenario units, added to X at a dispatch on another core) from its scenario.
     */
    public static HypervisorScheduler globalEdf(java.util.function.ToDoubleFunction<Scenario> migrationOverhead) {
        return new org.vmsched.sim.GlobalEarliestDeadlineFirst(migrationOverhead);
    }

    /** A fresh scheduler for one run under the policy. */
    public static HypervisorScheduler forPolicy(HypervisorPolicy p) {
        if (p.definition() instanceof Factory f) {
            return f.newScheduler();
        }
        throw new IllegalArgumentException(p.title() + " has no scheduler to simulate it");
    }
}
