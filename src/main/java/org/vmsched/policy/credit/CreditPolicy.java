package org.vmsched.policy.credit;

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
import org.vmsched.policy.credit.CreditDelayBounds.CreditParams;
import org.vmsched.policy.spi.SchemaValues;
import org.vmsched.policy.spi.ShareWithoutGuaranteePolicy;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.text.Format;

/**
 * Xen's Credit scheduler: weights and caps per VM; tick, accounting period, time slice, ratelimit
 * and boost for the hypervisor (Xen's defaults in ms). No hard guarantee: the analysis gives a
 * dispatch-delay bound (THEORY.md §11.5). The one place that reads Credit's parameters by name:
 * it builds the scheduler's {@link CreditScheduler.Settings} and the analysis's
 * {@code CreditParams} (for its dispatch-delay bound, {@code CreditDelayBounds}) from the
 * scenario's schema values. Immutable.
 */
public final class CreditPolicy extends ShareWithoutGuaranteePolicy {

    private static final ParamSchema HYPERVISOR = new ParamSchema(List.of(
            ParamSpec.time("tick", "Tick", "Credit tick: how often the running VM is debited and checked (Xen: 10 ms)"),
            ParamSpec.time("accountingPeriod", "Accounting",
                    "Accounting period: credits are re-assigned by weight this often (Xen: 30 ms)"),
            ParamSpec.time("timeSlice", "Time slice",
                    "Time slice: the longest a VM runs before the next VM of its class (Xen: 30 ms, tslice_ms)"),
            ParamSpec.timeOrZero("ratelimit", "Ratelimit", "Ratelimit: the least a VM runs before a waking VM may"
                    + " preempt it, at most the time slice (Xen: 1 ms, ratelimit_us)"),
            ParamSpec.flag("boost", "Boost", "BOOST: a VM that wakes up with credit left runs before the UNDER and"
                    + " OVER VMs until the next tick (Xen's default: on)")));

    private static final ParamSchema VM = new ParamSchema(List.of(
            ParamSpec.integer("weight", "Weight",
                    "Xen Credit weight, 1–65535: the VM's share of the core against the others' weights", 1, 65535),
            ParamSpec.percent("cap", "Cap (%)",
                    "Xen Credit cap, % of one CPU the VM may use even when the core is idle; 0 = no cap", true)
                    .prompting("0 = none")));

    public CreditPolicy() {
        super("Xen Credit");
    }

    @Override
    public String id() {
        return "CREDIT";
    }

    @Override
    public String title() {
        return "Xen Credit";
    }

    @Override
    public String tinyTitle() {
        return "Credit";
    }

    @Override
    public String description() {
        return "Xen Credit: weights, caps";
    }

    @Override
    public ParamSchema hypervisorSchema() {
        return HYPERVISOR;
    }

    @Override
    public ParamSchema vmSchema() {
        return VM;
    }

    /** Xen Credit's hypervisor parameters (scenario time units). */
    public static HypervisorParams hypervisor(double tick, double accountingPeriod, double timeSlice, double ratelimit,
            boolean boost) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("tick", tick);
        v.put("accountingPeriod", accountingPeriod);
        v.put("timeSlice", timeSlice);
        v.put("ratelimit", ratelimit);
        v.put("boost", boost);
        return HYPERVISOR.hypervisor(HypervisorPolicy.CREDIT, v);
    }

    /** Xen's defaults: 10 ms tick, 30 ms accounting period, 30 ms time slice, 1 ms ratelimit, boost on. */
    public static HypervisorParams xen() {
        return hypervisor(10, 30, 30, 1, true);
    }

    /** A VM's Credit parameters: {@code weight} 1–65535, {@code cap} in % of one CPU, 0 = no cap. */
    public static VmParams vm(int weight, double cap) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("weight", weight);
        v.put("cap", cap);
        return VM.vm(HypervisorPolicy.CREDIT, v);
    }

    /** A VM's default Credit parameters: weight 256, no cap. */
    public static VmParams vmDefault() {
        return vm(256, 0);
    }

    @Override
    public HypervisorParams hypervisorDefaults(Map<String, Object> given) {
        return xen();
    }

    @Override
    public VmParams vmDefaults(HypervisorParams hp) {
        return vmDefault();
    }

    @Override
    public void validate(Scenario s, List<Problem> out) {
        if (s.hypervisor().params() == null || !s.hypervisor().params().policy().equals(policy())) {
            return;
        }
        Map<String, Object> c = SchemaValues.of(s.hypervisor().params());
        double slice = SchemaValues.number(c, "timeSlice", Double.NaN);
        double ratelimit = SchemaValues.number(c, "ratelimit", Double.NaN);
        if (Double.isFinite(slice) && slice > 0 && Double.isFinite(ratelimit) && ratelimit > slice) {
            out.add(new Problem("hypervisor.params.ratelimit", "must not exceed the time slice "
                    + Format.exact(slice) + ", got " + Format.exact(ratelimit)));
        }
    }

    @Override
    public HypervisorScheduler newScheduler() {
        return new CreditScheduler(CreditPolicy::settings);
    }

    @Override
    public String schedulerName() {
        return "Credit";
    }

    /** The scheduler's settings for a run of {@code s}: its hypervisor values and each VM's. */
    private static CreditScheduler.Settings settings(Scenario s) {
        Map<String, Object> h = SchemaValues.of(s.hypervisor().effectiveParams());
        List<Map<String, Object>> vms = SchemaValues.perVm(s, HypervisorPolicy.CREDIT);
        return new CreditScheduler.Settings(SchemaValues.number(h, "tick", 10), SchemaValues.number(h, "accountingPeriod", 30),
                SchemaValues.number(h, "timeSlice", 30), SchemaValues.number(h, "ratelimit", 1),
                SchemaValues.flag(h, "boost", true), SchemaValues.integers(vms, "weight", 256),
                SchemaValues.numbers(vms, "cap", 0));
    }

    @Override
    protected DelayBound bound(HypervisorParams hp, VirtualMachine vm, int scale, int competitors, long overhead) {
        Map<String, Object> c = SchemaValues.of(hp != null && hp.policy().equals(policy()) ? hp : xen());
        Map<String, Object> p = SchemaValues.of(vm.paramsFor(policy(), hp));
        CreditParams cp = new CreditParams(SchemaValues.integer(p, "weight", 256),
                (int) Math.ceil(SchemaValues.number(p, "cap", 0)), ticks(c, "tick", scale),
                ticks(c, "accountingPeriod", scale), ticks(c, "timeSlice", scale), ticks(c, "ratelimit", scale));
        return CreditDelayBounds.credit(cp, competitors, overhead);
    }

    private static long ticks(Map<String, Object> values, String name, int scale) {
        return TickTask.ticks(SchemaValues.number(values, name, Double.NaN), scale);
    }
}
