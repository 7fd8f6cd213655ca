package org.vmsched.policy.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.VmParams;

/**
 * Typed reads of a policy's schema values (a {@link HypervisorParams.Values} or
 * {@link VmParams.Values}), for the modules that turn them into their scheduler's and analysis's
 * own parameters. A missing value reads as the given default. Stateless.
 */
public final class SchemaValues {

    private SchemaValues() {
    }

    /** The values by name of hypervisor or VM parameters, empty for anything else. */
    public static Map<String, Object> of(Object params) {
        if (params instanceof HypervisorParams.Values v) {
            return v.values();
        }
        if (params instanceof VmParams.Values v) {
            return v.values();
        }
        return Map.of();
    }

    /** Each VM's values under {@code policy} (its defaults where it has none), in the scenario's order. */
    public static List<Map<String, Object>> perVm(Scenario s, HypervisorPolicy policy) {
        HypervisorParams hp = s.hypervisor().effectiveParams();
        List<Map<String, Object>> out = new ArrayList<>();
        s.vms().forEach(vm -> out.add(of(vm.paramsFor(policy, hp))));
        return out;
    }

    /** The number named {@code name}, or {@code dflt}. */
    public static double number(Map<String, Object> values, String name, double dflt) {
        return values.get(name) instanceof Number x ? x.doubleValue() : dflt;
    }

    /** The whole number named {@code name}, or {@code dflt}. */
    public static int integer(Map<String, Object> values, String name, int dflt) {
        return values.get(name) instanceof Number x ? x.intValue() : dflt;
    }

    /** Each VM's whole number named {@code name} (or {@code dflt}), in the order of {@code vms}. */
    public static int[] integers(List<Map<String, Object>> vms, String name, int dflt) {
        return vms.stream().mapToInt(p -> integer(p, name, dflt)).toArray();
    }

    /** Each VM's number named {@code name} (or {@code dflt}), in the order of {@code vms}. */
    public static double[] numbers(List<Map<String, Object>> vms, String name, double dflt) {
        return vms.stream().mapToDouble(p -> number(p, name, dflt)).toArray();
    }

    /** The flag named {@code name}, or {@code dflt}. */
    public static boolean flag(Map<String, Object> values, String name, boolean dflt) {
        return values.get(name) instanceof Boolean x ? x : dflt;
    }
}
