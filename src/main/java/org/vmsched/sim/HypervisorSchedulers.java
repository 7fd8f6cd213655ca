package org.vmsched.sim;

import org.vmsched.model.HypervisorPolicy;

/**
 * Which {@link HypervisorScheduler} simulates a hypervisor policy: the one its module makes. What
 * the simulator needs of a policy is {@link Factory} (and, for the narration,
 * {@link Narrator.Words}): each policy package ({@code org.vmsched.policy.*}) implements it on its
 * module, found on {@code HypervisorPolicy.definition()}, so the simulator knows no policy by name
 * and imports none (issue 31).
 */
public final class HypervisorSchedulers {

    /** Makes a policy's scheduler; implemented by the policy's module. Stateless. */
    public interface Factory {

        /** A fresh scheduler for one run. */
        HypervisorScheduler newScheduler();
    }

    private HypervisorSchedulers() {
    }

    /** A fresh scheduler for one run under the policy. */
    public static HypervisorScheduler forPolicy(HypervisorPolicy p) {
        if (p.definition() instanceof Factory f) {
            return f.newScheduler();
        }
        throw new IllegalArgumentException(p.title() + " has no scheduler to simulate it");
    }
}
