package org.vmsched.model;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters of a policy at one scope (hypervisor-wide or per VM), in file order, and how
 * they are held: in a record whose components carry the same names (the built-in policies' typed
 * records, which their schedulers read), or, for {@code type} null, in a generic
 * {@link HypervisorParams.Values} / {@link VmParams.Values} map (a policy that needs no record of
 * its own, such as a test's). Values travel as a name → value map: {@link Integer} or
 * {@link Double} for numbers, {@link Boolean}, {@link String} for a choice, null for an absent
 * optional value. Immutable.
 *
 * @param params the parameters, in the order the file writes them
 * @param type   the record holding them, or null for the generic map
 */
public record ParamSchema(List<ParamSpec> params, Class<? extends Record> type) {

    /** No parameters at this scope. */
    public static final ParamSchema NONE = new ParamSchema(List.of(), null);

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

    /** The values of {@code params} (a record of {@code type} or a generic map) by name, in file order. */
    public Map<String, Object> values(Object params) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (params instanceof HypervisorParams.Values v) {
            out.putAll(v.values());
        } else if (params instanceof VmParams.Values v) {
            out.putAll(v.values());
        } else if (params instanceof Record r) {
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    Object x = c.getAccessor().invoke(r);
                    out.put(c.getName(), x instanceof Enum<?> e ? e.name() : x);
                } catch (IllegalAccessException | InvocationTargetException e) {
                    throw new IllegalStateException("cannot read " + c.getName() + " of " + r, e);
                }
            }
        }
        return out;
    }

    /** The hypervisor parameters of {@code policy} holding {@code values} (missing names: null/0). */
    public HypervisorParams hypervisor(HypervisorPolicy policy, Map<String, Object> values) {
        return type == null ? new HypervisorParams.Values(policy, ordered(values)) : (HypervisorParams) build(values);
    }

    /** A VM's parameters of {@code policy} holding {@code values}. */
    public VmParams vm(HypervisorPolicy policy, Map<String, Object> values) {
        return type == null ? new VmParams.Values(policy, ordered(values)) : (VmParams) build(values);
    }

    private Map<String, Object> ordered(Map<String, Object> values) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ParamSpec p : params) {
            out.put(p.name(), values.get(p.name()));
        }
        return Collections.unmodifiableMap(out);
    }

    private Object build(Map<String, Object> values) {
        RecordComponent[] cs = type.getRecordComponents();
        Class<?>[] types = new Class<?>[cs.length];
        Object[] args = new Object[cs.length];
        for (int i = 0; i < cs.length; i++) {
            types[i] = cs[i].getType();
            args[i] = convert(values.get(cs[i].getName()), types[i]);
        }
        try {
            Constructor<? extends Record> k = type.getDeclaredConstructor(types);
            return k.newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName() + " from " + values, e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object convert(Object x, Class<?> to) {
        if (to == int.class) {
            return x == null ? 0 : ((Number) x).intValue();
        }
        if (to == long.class) {
            return x == null ? 0L : ((Number) x).longValue();
        }
        if (to == double.class) {
            return x == null ? Double.NaN : ((Number) x).doubleValue();
        }
        if (to == Double.class) {
            return x == null ? null : ((Number) x).doubleValue();
        }
        if (to == boolean.class) {
            return x != null && (Boolean) x;
        }
        if (to.isEnum()) {
            return x == null ? null : Enum.valueOf((Class<Enum>) to, x.toString());
        }
        return x;
    }

    /** The names of the parameters, in file order. */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        params.forEach(p -> out.add(p.name()));
        return out;
    }
}
