package org.vmsched.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Limits;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Platform;
import org.vmsched.model.Problem;
import org.vmsched.model.VmParams;
import org.vmsched.policy.PolicyRegistry;

/**
 * The {@code params} objects of scenario version 2: {@code hypervisor.params} and
 * {@code vms[i].params}, read and written from the policy's {@link ParamSchema} (a field another
 * policy uses, or a misspelt one, is an unknown field at its path; a missing field takes the
 * policy's default). Knows no policy by name. Stateless.
 */
final class ScenarioParamsJson {

    private ScenarioParamsJson() {
    }

    /** {@code hypervisor.params} for the policy, or null when absent. */
    static HypervisorParams hypervisorParams(StrictJsonReader r, JsonNode hv, HypervisorPolicy policy,
                                             PolicyRegistry registry) {
        JsonNode n = hv.get("params");
        if (n == null || n.isNull()) {
            return null;
        }
        String p = "hypervisor.params";
        if (!r.object(n, p)) {
            return null;
        }
        ParamSchema schema = policy.definition().hypervisorSchema();
        if (schema.isEmpty()) {
            none(r, n, p, policy, "hypervisor", registry.ids(m -> !m.hypervisorSchema().isEmpty()));
            return null;
        }
        r.fields(n, p, new LinkedHashSet<>(schema.names()));
        // a field in error keeps the default; the preset the file names chooses the others' defaults
        Map<String, Object> given = read(r, n, p, schema, schema.values(policy.definition().hypervisorDefaults(Map.of())));
        Map<String, Object> values = schema.values(policy.definition().hypervisorDefaults(given));
        values.putAll(given);
        return schema.hypervisor(policy, values);
    }

    /** {@code vms[i].params} for the platform's policy, or null when absent. */
    static VmParams vmParams(StrictJsonReader r, JsonNode vm, String vp, Platform platform, PolicyRegistry registry) {
        JsonNode n = vm.get("params");
        if (n == null || n.isNull()) {
            return null;
        }
        String p = vp + ".params";
        if (!r.object(n, p)) {
            return null;
        }
        HypervisorPolicy policy = platform.policy();
        ParamSchema schema = policy.definition().vmSchema();
        if (schema.isEmpty()) {
            none(r, n, p, policy, "VM", registry.ids(m -> !m.vmSchema().isEmpty()));
            return null;
        }
        r.fields(n, p, new LinkedHashSet<>(schema.names()));
        Map<String, Object> values = schema.values(policy.definition().vmDefaults(platform.effectiveParams()));
        values.putAll(read(r, n, p, schema, values));
        return schema.vm(policy, values);
    }

    /** The fields of {@code n} that the schema names, read by their kinds; a field in error keeps its default. */
    private static Map<String, Object> read(StrictJsonReader r, JsonNode n, String p, ParamSchema schema,
                                            Map<String, Object> defaults) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ParamSpec spec : schema.params()) {
            String f = spec.name();
            JsonNode v = n.get(f);
            if (v == null) {
                continue;
            }
            if (v.isNull()) {
                if (spec.optional()) {
                    out.put(f, null);
                } else {
                    r.number(n, p, f, Double.NaN, true); // the reader's "must be a number" at its path
                }
                continue;
            }
            Object dflt = defaults.get(f);
            switch (spec.kind()) {
                case INTEGER -> out.put(f, r.integer(n, p, f, dflt instanceof Number x ? x.intValue() : 0, false));
                case BOOLEAN -> {
                    if (v.isBoolean()) {
                        out.put(f, v.asBoolean());
                    } else {
                        r.problems.add(new Problem(p + "." + f, "must be true or false, got " + StrictJsonReader.kind(v)));
                    }
                }
                case CHOICE -> {
                    String s = r.string(n, p, f, null, false);
                    if (s != null && spec.choices().contains(s)) {
                        out.put(f, s);
                    } else if (s != null) {
                        r.problems.add(new Problem(p + "." + f, "must be one of \"" + String.join("\", \"", spec.choices())
                                + "\", got " + Limits.quote(s)));
                    }
                }
                default -> out.put(f, r.number(n, p, f, dflt instanceof Number x ? x.doubleValue() : Double.NaN, false));
            }
        }
        return out;
    }

    /** A params object under a policy that takes none: one problem naming the policies that do, not each field. */
    private static void none(StrictJsonReader r, JsonNode n, String p, HypervisorPolicy policy, String level, String which) {
        if (n.size() > 0) {
            r.problems.add(new Problem(p, "is not taken by policy " + policy.title() + " (only " + which + " have " + level
                    + " parameters); remove it"));
        }
    }

    /** Writes {@code hypervisor.params}: every parameter of the schema (an absent optional one left out). */
    static void write(ObjectNode into, HypervisorPolicy policy, HypervisorParams hp) {
        write(into, policy.definition().hypervisorSchema(), hp);
    }

    /**
     * Writes a VM's {@code params}. An object whose values are all absent is still written
     * ({@code "params": {}}), so that a save and a load give back the same scenario (issue 20, row 18).
     */
    static void write(ObjectNode into, HypervisorPolicy policy, VmParams vp) {
        write(into, policy.definition().vmSchema(), vp);
    }

    private static void write(ObjectNode into, ParamSchema schema, Object params) {
        if (schema.isEmpty()) {
            return;
        }
        ObjectNode o = into.putObject("params");
        Map<String, Object> values = schema.values(params);
        for (ParamSpec spec : schema.params()) {
            Object x = values.get(spec.name());
            if (x == null) {
                continue;
            }
            if (x instanceof Boolean b) {
                o.put(spec.name(), b);
            } else if (x instanceof Integer i) {
                o.put(spec.name(), i);
            } else if (x instanceof Number num) {
                if (spec.isWhole()) {
                    o.put(spec.name(), num.longValue());
                } else {
                    o.put(spec.name(), ScenarioJson.decimal(num.doubleValue()));
                }
            } else {
                o.put(spec.name(), x.toString());
            }
        }
    }
}
