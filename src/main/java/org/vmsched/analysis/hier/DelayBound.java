package org.vmsched.analysis.hier;

/**
 * What a hypervisor without hard reservations promises a VM (THEORY.md §11.5): never a hard
 * guarantee for its deadlines, at best a bound on the delay before the VM runs once it has
 * work, under a stated condition. {@code bound} in ticks, −1 when none can be derived.
 */
public record DelayBound(boolean hardGuarantee, long bound, String condition, String statement) {

    /** Whether a bound could be derived. */
    public boolean bounded() {
        return bound >= 0;
    }
}
