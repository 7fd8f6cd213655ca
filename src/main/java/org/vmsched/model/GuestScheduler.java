package org.vmsched.model;

/**
 * How a VM schedules its own tasks: rate monotonic (fixed priority) or earliest deadline first on
 * its one virtual CPU; with several virtual CPUs, {@link #GLOBAL_RM} or {@link #GLOBAL_EDF}: the
 * highest-priority ready jobs run on the VM's running virtual CPUs, a job may migrate between them.
 * RM and EDF mean one virtual CPU: a VM with several is refused with them (the file says
 * GLOBAL_RM/GLOBAL_EDF), so a file never leaves it to the reader to guess global or partitioned.
 */
public enum GuestScheduler {
    RM, EDF, GLOBAL_EDF, GLOBAL_RM;

    /** True for the global schedulers (several virtual CPUs). */
    public boolean global() {
        return this == GLOBAL_EDF || this == GLOBAL_RM;
    }

    /** True when jobs are ranked by absolute deadline (EDF, GLOBAL_EDF); false for fixed rate-monotonic priorities. */
    public boolean byDeadline() {
        return this == EDF || this == GLOBAL_EDF;
    }
}
