package org.vmsched.ui.main;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.text.Format;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.document.ScenarioEdits;

/**
 * A number of a policy that the window edits as text: per VM ({@code vms[v].params.weight}) or
 * hypervisor-wide ({@code hypervisor.params.tick}), with its label, the documented default an
 * empty field stands for, and how a value goes into a scenario. Generated from the policy's
 * {@link ParamSpec}s, so the window knows no policy's parameters by name; the switches and
 * choices that are not numbers (Credit's {@code boost}, the share {@code preset}) are set whole
 * through {@link MainViewModel#setHypervisorParams}. Equal when policy, scope and name are.
 * Immutable.
 */
public final class PolicyParam {

    /** The policy that uses it. */
    public final HypervisorPolicy policy;
    /** True for {@code hypervisor.params}, false for a VM's {@code params}. */
    public final boolean hypervisorWide;
    /** Its JSON field name. */
    public final String json;
    /** Its label in the window, with the unit where it has one ("Cap (%)"); time is in scenario units. */
    public final String label;
    /** What it means, for the field's tooltip. */
    public final String help;
    /** Its schema entry. */
    public final ParamSpec spec;

    private PolicyParam(HypervisorPolicy policy, boolean hypervisorWide, ParamSpec spec) {
        this.policy = policy;
        this.hypervisorWide = hypervisorWide;
        this.spec = spec;
        this.json = spec.name();
        this.label = spec.label();
        this.help = spec.help();
    }

    /** The numbers of {@code p} at one scope, in the order of the file format. */
    public static List<PolicyParam> of(HypervisorPolicy p, boolean hypervisorWide) {
        List<PolicyParam> out = new ArrayList<>();
        for (ParamSpec s : schema(p, hypervisorWide).params()) {
            if (s.isNumber()) {
                out.add(new PolicyParam(p, hypervisorWide, s));
            }
        }
        return out;
    }

    /** The number named {@code json} of {@code p} (a VM's first, then the hypervisor's), or null. */
    public static PolicyParam of(HypervisorPolicy p, String json) {
        for (boolean wide : new boolean[] {false, true}) {
            for (PolicyParam x : of(p, wide)) {
                if (x.json.equals(json)) {
                    return x;
                }
            }
        }
        return null;
    }

    private static ParamSchema schema(HypervisorPolicy p, boolean hypervisorWide) {
        return hypervisorWide ? p.definition().hypervisorSchema() : p.definition().vmSchema();
    }

    /** Whole numbers only (an integer parameter of the schema). */
    public boolean whole() {
        return spec.isWhole();
    }

    /** Its JSON path; {@code vm} is ignored for a hypervisor-wide parameter. */
    public String path(int vm) {
        return hypervisorWide ? "hypervisor.params." + json : "vms[" + vm + "].params." + json;
    }

    /** The number of policy {@code p} at a JSON path, or null. */
    static PolicyParam at(HypervisorPolicy p, String path) {
        for (boolean wide : new boolean[] {false, true}) {
            for (PolicyParam x : of(p, wide)) {
                if (wide ? path.equals(x.path(0)) : path.matches("vms\\[\\d+\\]\\.params\\." + x.json)) {
                    return x;
                }
            }
        }
        return null;
    }

    /** The value in force for VM {@code v} of {@code s} (null: absent, e.g. CBS's implicit deadline). */
    public Double value(Scenario s, int v) {
        return number(values(s, v).get(json));
    }

    /** The documented default in {@code s}: what an empty field stands for (null: a rule, e.g. CBS's implicit deadline). */
    public Double defaultValue(Scenario s) {
        return number(defaults(s).get(json));
    }

    /** The defaults in force: a preset the scenario names chooses the others' (ESXi's 50 ms quantum, Hyper-V's 10). */
    private Map<String, Object> defaults(Scenario s) {
        HypervisorParams hp = s.hypervisor().effectiveParams();
        ParamSchema hv = policy.definition().hypervisorSchema();
        HypervisorParams hd = policy.definition().hypervisorDefaults(hp == null ? Map.of() : hv.values(hp));
        return hypervisorWide ? hv.values(hd) : schema(policy, false).values(policy.definition().vmDefaults(hp));
    }

    private Map<String, Object> values(Scenario s, int v) {
        return hypervisorWide ? schema(policy, true).values(s.hypervisor().effectiveParams())
                : schema(policy, false).values(s.vms().get(v).paramsFor(policy, s.hypervisor().effectiveParams()));
    }

    private static Double number(Object x) {
        return x instanceof Number n ? n.doubleValue() : null;
    }

    /** The text the field shows: empty for the default (the prompt says it), else the value. */
    public String shown(Scenario s, int v) {
        Double x = value(s, v);
        return x == null || x.equals(defaultValue(s)) ? "" : Format.typed(x);
    }

    /** The prompt of an empty field: the default, with its unit ("256", "100 %", "30 ms"), or the rule it stands for. */
    public String prompt(Scenario s) {
        if (spec.shownDefault() != null) {
            return spec.shownDefault();
        }
        return Format.screen(defaultValue(s)) + spec.unit();
    }

    /**
     * {@code s} with {@code x} at this parameter of VM {@code v}; null puts the default back. Only
     * under this parameter's policy.
     */
    Scenario with(Scenario s, int v, Double x) {
        Double y = x != null ? x : defaultValue(s);
        Map<String, Object> values = new LinkedHashMap<>(values(s, v));
        values.put(json, y == null ? null : whole() ? (Object) (int) (double) y : y);
        if (hypervisorWide) {
            Platform p = s.hypervisor();
            return s.withHypervisor(new Platform(p.policy(), p.cores(), schema(policy, true).hypervisor(policy, values)));
        }
        VirtualMachine vm = s.vms().get(v);
        return ScenarioEdits.replaceVm(s, v, vm.withParams(schema(policy, false).vm(policy, values)));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PolicyParam p && p.policy.equals(policy) && p.hypervisorWide == hypervisorWide
                && p.json.equals(json);
    }

    @Override
    public int hashCode() {
        return Objects.hash(policy, hypervisorWide, json);
    }

    @Override
    public String toString() {
        return path(0);
    }
}
