package org.vmsched.policy;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.analysis.hier.DelayBound;
import org.vmsched.analysis.hier.Hierarchies;
import org.vmsched.analysis.hier.ShareParams;
import org.vmsched.analysis.hier.TickTask;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.Numbers;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.HypervisorSchedulers;

/**
 * Proportional share with reservation, limit and shares (VMware ESXi and Hyper-V are presets of
 * the shares and quantum defaults). No hard guarantee: the analysis gives a dispatch-delay bound
 * (THEORY.md §11.5). Immutable.
 */
public final class ProportionalSharePolicy extends ShareWithoutGuaranteePolicy {

    private static final ParamSchema HYPERVISOR = new ParamSchema(List.of(
            ParamSpec.choice("preset", "Preset", "Whose defaults: VMware ESXi (shares 1000, quantum 50 ms) or Hyper-V"
                    + " (relative weight 100, quantum 10 ms)",
                    Arrays.stream(HypervisorParams.Share.Preset.values()).map(Enum::name).toList()),
            ParamSpec.time("quantum", "Quantum",
                    "Quantum: the longest a VM runs before the scheduler picks again (ESXi 50 ms, Hyper-V 10 ms)")),
            HypervisorParams.Share.class);

    private static final ParamSchema VM = new ParamSchema(List.of(
            ParamSpec.integer("shares", "Shares", "Shares (ESXi) or relative weight (Hyper-V), at least 1: the VM's"
                    + " share against the others'", 1, Integer.MAX_VALUE),
            ParamSpec.percent("reservation", "Reserve (%)", "Reservation, % of one CPU guaranteed to the VM (at most"
                    + " its limit; the reservations of a core at most 100 %)", true),
            ParamSpec.percent("limit", "Limit (%)", "Limit, % of one CPU the VM may use at most", false)),
            VmParams.Share.class);

    public ProportionalSharePolicy() {
        super("Proportional share");
    }

    @Override
    public String id() {
        return "PROPORTIONAL_SHARE";
    }

    @Override
    public String title() {
        return "Prop. share";
    }

    @Override
    public String description() {
        return "Proportional share (ESXi, Hyper-V)";
    }

    @Override
    public ParamSchema hypervisorSchema() {
        return HYPERVISOR;
    }

    @Override
    public ParamSchema vmSchema() {
        return VM;
    }

    /** The preset's own defaults: the quantum of the preset the file names (ESXi when none). */
    @Override
    public HypervisorParams hypervisorDefaults(Map<String, Object> given) {
        HypervisorParams.Share.Preset preset = HypervisorParams.Share.Preset.ESXI;
        if (given.get("preset") instanceof String name) {
            preset = HypervisorParams.Share.Preset.valueOf(name);
        }
        return new HypervisorParams.Share(preset, preset.defaultQuantum());
    }

    @Override
    public VmParams vmDefaults(HypervisorParams hp) {
        return new VmParams.Share(hp instanceof HypervisorParams.Share s ? s.preset().defaultShares()
                : HypervisorParams.Share.Preset.ESXI.defaultShares(), 0, 100);
    }

    @Override
    public void validateVm(Scenario s, String path, VirtualMachine vm, List<Problem> out) {
        if (vm.params() instanceof VmParams.Share sh && Double.isFinite(sh.reservation()) && Double.isFinite(sh.limit())
                && sh.reservation() > sh.limit()) {
            out.add(new Problem(path + ".reservation", "must not exceed the limit " + Numbers.exact(sh.limit())
                    + " %, got " + Numbers.exact(sh.reservation())));
        }
    }

    @Override
    public void validate(Scenario s, List<Problem> out) {
        // like ESXi and Hyper-V, refuse to "power on" more reservation than a core has
        Map<Integer, Double> reserved = new HashMap<>();
        for (VirtualMachine vm : s.vms()) {
            if (vm.params() instanceof VmParams.Share sv && Double.isFinite(sv.reservation())) {
                reserved.merge(vm.core(), sv.reservation(), Double::sum);
            }
        }
        reserved.forEach((core, r) -> {
            if (r > 100 + 1e-9) {
                out.add(new Problem("vms", "the reservations on core " + core + " add up to "
                        + Numbers.exact(r) + " %, more than the 100 % a core has"));
            }
        });
    }

    @Override
    public HypervisorScheduler newScheduler() {
        return HypervisorSchedulers.proportionalShare();
    }

    @Override
    public String schedulerName() {
        return "proportional-share";
    }

    @Override
    DelayBound bound(HypervisorParams hp, VirtualMachine vm, int scale, int competitors, long overhead) {
        HypervisorParams.Share h = hp instanceof HypervisorParams.Share ss ? ss : HypervisorParams.Share.ESXI;
        VmParams.Share p = (VmParams.Share) vm.paramsFor(policy(), hp);
        int limit = p.limit() >= 100 ? 0 : (int) Math.round(p.limit() * 10);
        ShareParams sp = new ShareParams((int) Math.round(p.reservation() * 10), limit, p.shares(),
                TickTask.ticks(h.quantum(), scale));
        return Hierarchies.proportionalShare(sp, competitors, overhead);
    }
}
