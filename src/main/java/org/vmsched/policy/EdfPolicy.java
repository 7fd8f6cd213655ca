package org.vmsched.policy;

import org.vmsched.sim.Narrator;
import org.vmsched.sim.EarliestDeadlineFirst;

/** EDF over budgeted servers: the VM with the earliest server deadline runs. Immutable. */
public final class EdfPolicy extends PeriodicServerPolicy {

    public EdfPolicy() {
        super("EDF", "EDF: periodic servers by deadline", Narrator.Rank.DEADLINE, EarliestDeadlineFirst::new);
    }
}
