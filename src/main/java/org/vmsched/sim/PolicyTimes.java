package org.vmsched.sim;

import java.util.List;
import java.util.Map;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * The timing values of the policy parameters, for {@link TimeBase}: every parameter whose
 * {@link ParamSpec} is a time, under its JSON path, from the policy's schema. Stateless.
 */
final class PolicyTimes {

    private PolicyTimes() {
    }

    static void values(Scenario s, List<TimeBase.Value> out) {
        HypervisorParams hp = s.hypervisor().effectiveParams();
        ParamSchema hv = s.hypervisor().policy().definition().hypervisorSchema();
        if (hp != null) {
            add(hv, hp, "hypervisor.params.", out);
        }
        ParamSchema vmSchema = s.hypervisor().policy().definition().vmSchema();
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine vm = s.vms().get(v);
            if (vm.params() != null && vm.params().policy().equals(s.hypervisor().policy())) {
                add(vmSchema, vm.params(), "vms[" + v + "].params.", out);
            }
        }
    }

    private static void add(ParamSchema schema, Object params, String prefix, List<TimeBase.Value> out) {
        Map<String, Object> values = schema.values(params);
        for (ParamSpec p : schema.params()) {
            if (p.isTime() && values.get(p.name()) instanceof Number x) {
                out.add(new TimeBase.Value(prefix + p.name(), x.doubleValue()));
            }
        }
    }
}
