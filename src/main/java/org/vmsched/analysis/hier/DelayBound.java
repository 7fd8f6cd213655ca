package org.vmsched.analysis.hier;

/**
 * What a hypervisor without hard reservations promises a VM (THEORY.md §11.5): never a hard
 * guarantee for its deadlines, at best a bound on the delay before the VM runs once it has
 * work, under a stated condition. {@code bound} in ticks, −1 when none can be derived. Shared by
 * the policies without hard guarantees: Credit's bound is in {@code policy.credit}, proportional
 * share's in {@code policy.share}, and {@link HierarchyAnalysis#delays} makes a core's verdicts of
 * either. Immutable.
 */
public record DelayBound(boolean hardGuarantee, long bound, String condition, String statement) {

    /** Whether a bound could be derived. */
    public boolean bounded() {
        return bound >= 0;
    }

    /**
     * Checks the arguments every delay bound takes: {@code competitors} other VMs on the core
     * (at least 0) and the {@code overhead} of a switch in ticks (at least 0).
     *
     * @throws IllegalArgumentException naming the argument that is out of range
     */
    public static void checkArguments(int competitors, long overhead) {
        if (competitors < 0) {
            throw new IllegalArgumentException("competitors must be >= 0, got " + competitors);
        }
        if (overhead < 0) {
            throw new IllegalArgumentException("overhead must be >= 0, got " + overhead);
        }
    }
}
