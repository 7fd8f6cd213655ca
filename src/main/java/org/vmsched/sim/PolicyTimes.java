package org.vmsched.sim;

import java.util.List;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;

/** The timing values of the version-2 policy parameters, for {@link TimeBase}. Stateless. */
final class PolicyTimes {

    private PolicyTimes() {
    }

    static void values(Scenario s, List<TimeBase.Value> out) {
        HypervisorParams hp = s.hypervisor().effectiveParams();
        if (hp instanceof HypervisorParams.Credit c) {
            out.add(new TimeBase.Value("hypervisor.params.tick", c.tick()));
            out.add(new TimeBase.Value("hypervisor.params.accountingPeriod", c.accountingPeriod()));
            out.add(new TimeBase.Value("hypervisor.params.timeSlice", c.timeSlice()));
            out.add(new TimeBase.Value("hypervisor.params.ratelimit", c.ratelimit()));
        } else if (hp instanceof HypervisorParams.Share sh) {
            out.add(new TimeBase.Value("hypervisor.params.quantum", sh.quantum()));
        }
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine vm = s.vms().get(v);
            if (vm.params() instanceof VmParams.Cbs cbs && cbs.deadline() != null
                    && s.hypervisor().policy() == cbs.policy()) {
                out.add(new TimeBase.Value("vms[" + v + "].params.deadline", cbs.deadline()));
            }
        }
    }
}
