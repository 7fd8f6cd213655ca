package org.vmsched.model;

import java.util.Map;

/**
 * A VM's parameters for the hypervisor policies of scenario version 2 (the budgeted servers of
 * version 1 use the VM's own {@code period}, {@code budget} and {@code priority}). Immutable.
 */
public interface VmParams {

    /** The policy these parameters belong to. */
    HypervisorPolicy policy();

    /** The defaults of a VM under a policy, or null when the policy has no per-VM parameters. */
    static VmParams defaults(HypervisorPolicy p, HypervisorParams hp) {
        return p.definition().vmDefaults(hp);
    }

    /** The parameters of a policy: values by name, in schema order (see {@link ParamSchema}). Immutable. */
    record Values(HypervisorPolicy policy, Map<String, Object> values) implements VmParams {
    }
}
