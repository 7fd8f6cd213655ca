package org.vmsched.policy.share;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.analysis.hier.DelayBound;
import org.vmsched.analysis.hier.TickTask;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;
import org.vmsched.policy.spi.SchemaValues;
import org.vmsched.policy.spi.ShareWithoutGuaranteePolicy;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.text.Format;

/**
 * Proportional share with reservation, limit and shares (VMware ESXi and Hyper-V are presets of
 * the shares and quantum defaults). No hard guarantee: the analysis gives a dispatch-delay bound
 * (THEORY.md §11.5). The one place that reads its parameters by name: it builds the scheduler's
 * {@link ProportionalShareScheduler.Settings} and the analysis's {@code ShareParams} (for its
 * dispatch-delay bound, {@code ShareDelayBounds}) from the scenario's schema values. Immutable.
 */
public final class ProportionalSharePolicy extends ShareWithoutGuaranteePolicy {

    /** Named defaults: the product whose shares and quantum a scenario takes. */
    public enum Preset {
        ESXI(1000, 50, "shares"), HYPERV(100, 10, "weights"), CUSTOM(1000, 10, "shares");

        private final int defaultShares;
        private final double defaultQuantum;
        private final String weightsWord;

        Preset(int defaultShares, double defaultQuantum, String weightsWord) {
            this.defaultShares = defaultShares;
            this.defaultQuantum = defaultQuantum;
            this.weightsWord = weightsWord;
        }

        /** What the product calls a VM's relative weights, plural: ESXi "shares", Hyper-V "weights". */
        public String weightsWord() {
            return weightsWord;
        }

        /** The shares a VM has by default under this preset. */
        public int defaultShares() {
            return defaultShares;
        }

        /** The preset's quantum (ms). */
        public double defaultQuantum() {
            return defaultQuantum;
        }
    }

    private static final ParamSchema HYPERVISOR = new ParamSchema(List.of(
            ParamSpec.choice("preset", "Preset", "Whose defaults: VMware ESXi (shares 1000, quantum 50 ms) or Hyper-V"
                    + " (relative weight 100, quantum 10 ms)",
                    Arrays.stream(Preset.values()).map(Enum::name).toList()),
            ParamSpec.time("quantum", "Quantum",
                    "Quantum: the longest a VM runs before the scheduler picks again (ESXi 50 ms, Hyper-V 10 ms)")));

    private static final ParamSchema VM = new ParamSchema(List.of(
            ParamSpec.integer("shares", "Shares", "Shares (ESXi) or relative weight (Hyper-V), at least 1: the VM's"
                    + " share against the others'", 1, Integer.MAX_VALUE),
            ParamSpec.percent("reservation", "Reserve (%)", "Reservation, % of one CPU guaranteed to the VM (at most"
                    + " its limit; the reservations of a core at most 100 %)", true),
            ParamSpec.percent("limit", "Limit (%)", "Limit, % of one CPU the VM may use at most", false)));

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
    public String tinyTitle() {
        return "Shares"; // Linux's cpu.shares is the same rule
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

    /** Hypervisor parameters: a preset (null: CUSTOM) and a quantum (scenario time units). */
    public static HypervisorParams hypervisor(Preset preset, double quantum) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("preset", (preset == null ? Preset.CUSTOM : preset).name());
        v.put("quantum", quantum);
        return HYPERVISOR.hypervisor(HypervisorPolicy.PROPORTIONAL_SHARE, v);
    }

    /** A preset with its own quantum (ESXi: 50 ms, Hyper-V: 10 ms). */
    public static HypervisorParams hypervisor(Preset preset) {
        return hypervisor(preset, preset.defaultQuantum());
    }

    /** A VM's parameters: shares, reservation and limit (% of one CPU). */
    public static VmParams vm(int shares, double reservation, double limit) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("shares", shares);
        v.put("reservation", reservation);
        v.put("limit", limit);
        return VM.vm(HypervisorPolicy.PROPORTIONAL_SHARE, v);
    }

    /** The preset that hypervisor parameters name, or null when they are not this policy's. */
    public static Preset preset(HypervisorParams hp) {
        if (hp == null || !hp.policy().equals(HypervisorPolicy.PROPORTIONAL_SHARE)) {
            return null;
        }
        return SchemaValues.of(hp).get("preset") instanceof String name ? Preset.valueOf(name) : Preset.CUSTOM;
    }

    /** The preset's own defaults: the quantum of the preset the file names (ESXi when none). */
    @Override
    public HypervisorParams hypervisorDefaults(Map<String, Object> given) {
        Preset preset = Preset.ESXI;
        if (given.get("preset") instanceof String name) {
            preset = Preset.valueOf(name);
        }
        return hypervisor(preset);
    }

    @Override
    public VmParams vmDefaults(HypervisorParams hp) {
        Preset preset = preset(hp);
        return vm((preset != null ? preset : Preset.ESXI).defaultShares(), 0, 100);
    }

    @Override
    public void validateVm(Scenario s, String path, VirtualMachine vm, List<Problem> out) {
        if (vm.params() == null || !vm.params().policy().equals(policy())) {
            return;
        }
        Map<String, Object> sh = SchemaValues.of(vm.params());
        double reservation = SchemaValues.number(sh, "reservation", Double.NaN);
        double limit = SchemaValues.number(sh, "limit", Double.NaN);
        if (Double.isFinite(reservation) && Double.isFinite(limit) && reservation > limit) {
            out.add(new Problem(path + ".reservation", "must not exceed the limit " + Format.exact(limit)
                    + " %, got " + Format.exact(reservation)));
        }
    }

    @Override
    public void validate(Scenario s, List<Problem> out) {
        // like ESXi and Hyper-V, refuse to "power on" more reservation than a core has
        Map<Integer, Double> reserved = new HashMap<>();
        for (VirtualMachine vm : s.vms()) {
            double r = vm.params() != null && vm.params().policy().equals(policy())
                    ? SchemaValues.number(SchemaValues.of(vm.params()), "reservation", Double.NaN) : Double.NaN;
            if (Double.isFinite(r)) {
                reserved.merge(vm.core(), r, Double::sum);
            }
        }
        reserved.forEach((core, r) -> {
            if (r > 100 + 1e-9) {
                out.add(new Problem("vms", "the reservations on core " + core + " add up to "
                        + Format.exact(r) + " %, more than the 100 % a core has"));
            }
        });
    }

    @Override
    public HypervisorScheduler newScheduler() {
        return new ProportionalShareScheduler(ProportionalSharePolicy::settings);
    }

    @Override
    public String schedulerName() {
        return "proportional-share";
    }

    /** The scheduler's settings for a run of {@code s}: its quantum and each VM's values. */
    private static ProportionalShareScheduler.Settings settings(Scenario s) {
        List<Map<String, Object>> vms = SchemaValues.perVm(s, HypervisorPolicy.PROPORTIONAL_SHARE);
        return new ProportionalShareScheduler.Settings(quantum(s.hypervisor().effectiveParams()),
                SchemaValues.integers(vms, "shares", Preset.ESXI.defaultShares()),
                SchemaValues.numbers(vms, "reservation", 0), SchemaValues.numbers(vms, "limit", 100));
    }

    private static double quantum(HypervisorParams hp) {
        HypervisorParams h = preset(hp) != null ? hp : hypervisor(Preset.ESXI);
        return SchemaValues.number(SchemaValues.of(h), "quantum", Preset.ESXI.defaultQuantum());
    }

    @Override
    protected DelayBound bound(HypervisorParams hp, VirtualMachine vm, int scale, int competitors, long overhead) {
        Map<String, Object> p = SchemaValues.of(vm.paramsFor(policy(), hp));
        double lim = SchemaValues.number(p, "limit", 100);
        int limit = lim >= 100 ? 0 : (int) Math.round(lim * 10);
        ShareParams sp = new ShareParams((int) Math.round(SchemaValues.number(p, "reservation", 0) * 10), limit,
                SchemaValues.integer(p, "shares", Preset.ESXI.defaultShares()), TickTask.ticks(quantum(hp), scale));
        return ShareDelayBounds.proportionalShare(sp, competitors, overhead);
    }
}
