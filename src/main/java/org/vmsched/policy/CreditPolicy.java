package org.vmsched.policy;

import java.util.List;
import java.util.Map;
import org.vmsched.analysis.hier.CreditParams;
import org.vmsched.analysis.hier.DelayBound;
import org.vmsched.analysis.hier.Hierarchies;
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
 * Xen's Credit scheduler: weights and caps per VM; tick, accounting period, time slice, ratelimit
 * and boost for the hypervisor (Xen's defaults in ms). No hard guarantee: the analysis gives a
 * dispatch-delay bound (THEORY.md §11.5). Immutable.
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
                    + " OVER VMs until the next tick (Xen's default: on)")),
            HypervisorParams.Credit.class);

    private static final ParamSchema VM = new ParamSchema(List.of(
            ParamSpec.integer("weight", "Weight",
                    "Xen Credit weight, 1–65535: the VM's share of the core against the others' weights", 1, 65535),
            ParamSpec.percent("cap", "Cap (%)",
                    "Xen Credit cap, % of one CPU the VM may use even when the core is idle; 0 = no cap", true)
                    .prompting("0 = none")),
            VmParams.Credit.class);

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

    @Override
    public HypervisorParams hypervisorDefaults(Map<String, Object> given) {
        return HypervisorParams.Credit.XEN;
    }

    @Override
    public VmParams vmDefaults(HypervisorParams hp) {
        return VmParams.Credit.DEFAULT;
    }

    @Override
    public void validate(Scenario s, List<Problem> out) {
        if (s.hypervisor().params() instanceof HypervisorParams.Credit c && Double.isFinite(c.timeSlice())
                && c.timeSlice() > 0 && Double.isFinite(c.ratelimit()) && c.ratelimit() > c.timeSlice()) {
            out.add(new Problem("hypervisor.params.ratelimit", "must not exceed the time slice "
                    + Numbers.exact(c.timeSlice()) + ", got " + Numbers.exact(c.ratelimit())));
        }
    }

    @Override
    public HypervisorScheduler newScheduler() {
        return HypervisorSchedulers.credit();
    }

    @Override
    public String schedulerName() {
        return "Credit";
    }

    @Override
    DelayBound bound(HypervisorParams hp, VirtualMachine vm, int scale, int competitors, long overhead) {
        HypervisorParams.Credit c = hp instanceof HypervisorParams.Credit cc ? cc : HypervisorParams.Credit.XEN;
        VmParams.Credit p = (VmParams.Credit) vm.paramsFor(policy(), hp);
        CreditParams cp = new CreditParams(p.weight(), (int) Math.ceil(p.cap()), TickTask.ticks(c.tick(), scale),
                TickTask.ticks(c.accountingPeriod(), scale), TickTask.ticks(c.timeSlice(), scale),
                TickTask.ticks(c.ratelimit(), scale));
        return Hierarchies.credit(cp, competitors, overhead);
    }
}
