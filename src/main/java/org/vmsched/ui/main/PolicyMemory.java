package org.vmsched.ui.main;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;

/**
 * The policy parameters of the policies the user switched away from in this document, so that
 * switching back brings them back: a scenario holds only one policy's parameters (a file names one
 * policy), so they would otherwise be lost with the switch. A VM's are remembered by its name (a VM
 * renamed in between gets its defaults). Undo needs none of this: the step before a switch still
 * holds the old policy with its parameters. Forgotten on New and Open. Ui thread only.
 */
final class PolicyMemory {

    private final Map<HypervisorPolicy, HypervisorParams> platform = new HashMap<>();
    private final Map<HypervisorPolicy, Map<String, VmParams>> vms = new HashMap<>();

    /**
     * {@code s} under policy {@code p}: the parameters {@code s} has for its own policy are
     * remembered, and each VM and the platform get those remembered for {@code p} (none: its
     * defaults). The scenario returned holds no parameters of another policy.
     */
    Scenario switchTo(Scenario s, HypervisorPolicy p) {
        HypervisorPolicy from = s.hypervisor().policy();
        if (from.equals(p)) {
            return s;
        }
        remember(s);
        Map<String, VmParams> byName = vms.getOrDefault(p, Map.of());
        List<VirtualMachine> out = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            out.add(vm.withParams(byName.get(vm.name())));
        }
        return s.withHypervisor(new Platform(p, s.hypervisor().cores(), platform.get(p))).withVms(out);
    }

    private void remember(Scenario s) {
        HypervisorPolicy from = s.hypervisor().policy();
        HypervisorParams hp = s.hypervisor().params();
        if (hp != null && hp.policy().equals(from)) {
            platform.put(from, hp);
        } else {
            platform.remove(from);
        }
        Map<String, VmParams> byName = new HashMap<>();
        for (VirtualMachine vm : s.vms()) {
            if (vm.params() != null && vm.params().policy().equals(from)) {
                byName.put(vm.name(), vm.params());
            }
        }
        vms.put(from, byName);
    }

    void clear() {
        platform.clear();
        vms.clear();
    }
}
