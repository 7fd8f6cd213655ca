package org.vmsched.policy;

import org.vmsched.sim.Narrator;
import org.vmsched.sim.FixedPriority;

/** FP over budgeted servers: the VM with the best {@code priority} (1 highest) runs. Immutable. */
public final class FpPolicy extends PeriodicServerPolicy {

    public FpPolicy() {
        super("FP", "FP: periodic servers by priority", Narrator.Rank.PRIORITY, FixedPriority::new);
    }
}
