package org.vmsched.policy.fp;

import org.vmsched.policy.spi.PeriodicServerPolicy;
import org.vmsched.sim.Narrator;

/** RM over budgeted servers: the VM with the shortest server period runs. Immutable. */
public final class RmPolicy extends PeriodicServerPolicy {

    public RmPolicy() {
        super("RM", "RM: periodic servers by period", Narrator.Rank.PERIOD, RateMonotonic::new);
    }
}
