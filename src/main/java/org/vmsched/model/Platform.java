package org.vmsched.model;

/**
 * The hypervisor: its policy over the VMs of each core, the number of cores (at least 1), and the
 * policy's hypervisor-wide parameters (null for the policy's defaults; none for EDF, RM, FP, CBS
 * and FP_NO_BUDGET).
 */
public record Platform(HypervisorPolicy policy, int cores, HypervisorParams params) {

    public static final Platform DEFAULT = new Platform(HypervisorPolicy.EDF, 1);

    public Platform(HypervisorPolicy policy, int cores) {
        this(policy, cores, null);
    }

    /** This platform on {@code n} cores, its policy and parameters kept (a migration cost, a Credit time slice). */
    public Platform withCores(int n) {
        return new Platform(policy, n, params);
    }

    /** The parameters in force: the given ones when they are this policy's, else its defaults. */
    public HypervisorParams effectiveParams() {
        return params != null && params.policy().equals(policy) ? params : HypervisorParams.defaults(policy);
    }
}
