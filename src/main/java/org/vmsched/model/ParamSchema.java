package org.vmsched.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters of a policy at one scope (hypervisor-wide or per VM), in file order. Their values
 * are held by name in a {@link HypervisorParams.Values} / {@link VmParams.Values} map: the model
 * knows no policy's parameters; a policy's module reads them and hands its scheduler and analysis
 * their own typed parameters. Values are {@link Integer} or {@link Double} for numbers,
 * {@link Boolean}, {@link String} for a choice, null for an absent optional value. Immutable.
 *
 * @param params the parameters, in the order the file writes them
 */
public record ParamSchema(List<ParamSpec> params) {

    /** No parameters at this scope. */
    public static final ParamSchema NONE = new ParamSchema(List.of());

    public ParamSchema {
        params = List.copyOf(params);
    }

    /** True when the policy has no parameters at this scope. */
    public boolean isEmpty() {
        return params.isEmpty();
    }

    /** The parameter named {@code name}, or null. */
    public ParamSpec param(String name) {
        for (ParamSpec p : params) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        return null;
    }

    /** The values of {@code params} (hypervisor or VM parameters) by name, in file order; empty for null. */
    public Map<String, Object> values(Object params) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (params instanceof HypervisorParams.Values v) {
            out.putAll(v.values());
        } else if (params instanceof VmParams.Values v) {
            out.putAll(v.values());
        }
        return out;
    }

    /** The hypervisor parameters of {@code policy} holding {@code values} (missing names: null). */
    public HypervisorParams hypervisor(HypervisorPolicy policy, Map<String, Object> values) {
        return new HypervisorParams.Values(policy, ordered(values));
    }

    /** A VM's parameters of {@code policy} holding {@code values} (missing names: null). */
    public VmParams vm(HypervisorPolicy policy, Map<String, Object> values) {
        return new VmParams.Values(policy, ordered(values));
    }

    private Map<String, Object> ordered(Map<String, Object> values) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ParamSpec p : params) {
            out.put(p.name(), values.get(p.name()));
        }
        return Collections.unmodifiableMap(out);
    }

    /** The names of the parameters, in file order. */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        params.forEach(p -> out.add(p.name()));
        return out;
    }
}
