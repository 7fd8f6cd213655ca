package org.vmsched.model;

import java.util.List;
import java.util.Map;

/**
 * The rules of the policy parameters ({@link HypervisorParams}, {@link VmParams}), reported with
 * their JSON paths; part of {@link ScenarioValidator}. Each parameter is checked against its
 * {@link ParamSpec} in the policy's schema; the rules between parameters are the policy's own
 * ({@link HypervisorPolicy.Definition#validate}). Knows no policy by name. Stateless.
 */
final class PolicyValidator {

    private PolicyValidator() {
    }

    static void platform(List<Problem> out, Scenario s) {
        HypervisorPolicy policy = s.hypervisor().policy();
        HypervisorParams hp = s.hypervisor().params();
        if (hp != null && hp.policy().equals(policy)) {
            check(out, "hypervisor.params", policy.definition().hypervisorSchema(), hp);
        }
        policy.definition().validate(s, out);
    }

    static void vm(List<Problem> out, String vp, Scenario s, VirtualMachine vm) {
        VmParams params = vm.params();
        if (params != null && params.policy().equals(s.hypervisor().policy())) {
            check(out, vp + ".params", s.hypervisor().policy().definition().vmSchema(), params);
            s.hypervisor().policy().definition().validateVm(s, vp + ".params", vm, out);
        }
    }

    private static void check(List<Problem> out, String p, ParamSchema schema, Object params) {
        Map<String, Object> values = schema.values(params);
        for (ParamSpec spec : schema.params()) {
            spec.check(out, p + "." + spec.name(), values.get(spec.name()));
        }
    }
}
