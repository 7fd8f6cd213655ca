package org.vmsched.model;

import java.util.Map;

/**
 * Hypervisor-wide parameters of a policy, in scenario time units (the defaults are the products'
 * documented values in milliseconds, so they assume a time unit of 1 ms), held by name as their
 * policy's {@link ParamSchema} gives them: the model knows no policy's parameters. A policy's
 * module reads them and hands its scheduler and analysis their own typed parameters. Immutable.
 */
public interface HypervisorParams {

    /** The policy these parameters belong to. */
    HypervisorPolicy policy();

    /** The defaults of a policy, or null when it has no hypervisor-wide parameters. */
    static HypervisorParams defaults(HypervisorPolicy p) {
        return p.definition().hypervisorDefaults(Map.of());
    }

    /** The parameters of a policy: values by name, in schema order. Immutable. */
    record Values(HypervisorPolicy policy, Map<String, Object> values) implements HypervisorParams {
    }
}
