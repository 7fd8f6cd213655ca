package org.vmsched.model;

/** How a VM schedules its own tasks: rate monotonic (fixed priority) or earliest deadline first. */
public enum GuestScheduler {
    RM, EDF
}
