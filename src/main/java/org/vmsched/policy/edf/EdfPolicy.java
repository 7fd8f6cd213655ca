package org.vmsched.policy.edf;

import org.vmsched.policy.spi.PeriodicServerPolicy;
import org.vmsched.sim.EarliestDeadlineFirst;
import org.vmsched.sim.Narrator;

/** EDF over budgeted servers: the VM with the earliest server deadline runs. Immutable. */
public final class EdfPolicy extends PeriodicServerPolicy {

    public EdfPolicy() {
        super("EDF", "EDF: periodic servers by deadline", Narrator.Rank.DEADLINE, EarliestDeadlineFirst::new);
    }
}
