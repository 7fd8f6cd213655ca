package org.vmsched.policy;

import org.vmsched.sim.Narrator;
import org.vmsched.sim.RateMonotonic;

/** RM over budgeted servers: the VM with the shortest server period runs. Immutable. */
public final class RmPolicy extends PeriodicServerPolicy {

    public RmPolicy() {
        super("RM", "RM: periodic servers by period", Narrator.Rank.PERIOD, RateMonotonic::new);
    }
}
