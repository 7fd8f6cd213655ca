package org.vmsched.policy.fp;

import org.vmsched.policy.spi.PeriodicServerPolicy;
import org.vmsched.sim.Narrator;

/** FP over budgeted servers: the VM with the best {@code priority} (1 highest) runs. Immutable. */
public final class FpPolicy extends PeriodicServerPolicy {

    public FpPolicy() {
        super("FP", "FP: periodic servers by priority", Narrator.Rank.PRIORITY, FixedPriority::new);
    }
}
