package org.vmsched.ui.main;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Numbers;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;

/**
 * A number of a version-2 policy that the window edits as text: per VM ({@code vms[v].params.weight})
 * or hypervisor-wide ({@code hypervisor.params.tick}), with its label, the documented default an
 * empty field stands for, and how a value goes into a scenario. The switches that are not numbers
 * (Credit's {@code boost}, the proportional-share {@code preset}) are set whole through
 * {@link MainViewModel#setHypervisorParams}. Stateless.
 */
public enum PolicyParam {
    WEIGHT(HypervisorPolicy.CREDIT, false, "weight", "Weight",
            "Xen Credit weight, 1–65535: the VM's share of the core against the others' weights"),
    CAP(HypervisorPolicy.CREDIT, false, "cap", "Cap (%)",
            "Xen Credit cap, % of one CPU the VM may use even when the core is idle; 0 = no cap"),
    SHARES(HypervisorPolicy.PROPORTIONAL_SHARE, false, "shares", "Shares",
            "Shares (ESXi) or relative weight (Hyper-V), at least 1: the VM's share against the others'"),
    RESERVATION(HypervisorPolicy.PROPORTIONAL_SHARE, false, "reservation", "Reserve (%)",
            "Reservation, % of one CPU guaranteed to the VM (at most its limit; the reservations of a core at most 100 %)"),
    LIMIT(HypervisorPolicy.PROPORTIONAL_SHARE, false, "limit", "Limit (%)",
            "Limit, % of one CPU the VM may use at most"),
    DEADLINE(HypervisorPolicy.CBS, false, "deadline", "Deadline D",
            "CBS relative deadline D (SCHED_DEADLINE's sched_deadline): runtime ≤ D ≤ period; empty = the period"),
    TICK(HypervisorPolicy.CREDIT, true, "tick", "Tick",
            "Credit tick: how often the running VM is debited and checked (Xen: 10 ms)"),
    ACCOUNTING_PERIOD(HypervisorPolicy.CREDIT, true, "accountingPeriod", "Accounting",
            "Accounting period: credits are re-assigned by weight this often (Xen: 30 ms)"),
    TIME_SLICE(HypervisorPolicy.CREDIT, true, "timeSlice", "Time slice",
            "Time slice: the longest a VM runs before the next VM of its class (Xen: 30 ms, tslice_ms)"),
    RATELIMIT(HypervisorPolicy.CREDIT, true, "ratelimit", "Ratelimit",
            "Ratelimit: the least a VM runs before a waking VM may preempt it, at most the time slice"
                    + " (Xen: 1 ms, ratelimit_us)"),
    QUANTUM(HypervisorPolicy.PROPORTIONAL_SHARE, true, "quantum", "Quantum",
            "Quantum: the longest a VM runs before the scheduler picks again (ESXi 50 ms, Hyper-V 10 ms)");

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

    PolicyParam(HypervisorPolicy policy, boolean hypervisorWide, String json, String label, String help) {
        this.policy = policy;
        this.hypervisorWide = hypervisorWide;
        this.json = json;
        this.label = label;
        this.help = help;
    }

    /** The parameters of {@code p} at one scope, in the order of the file format. */
    public static List<PolicyParam> of(HypervisorPolicy p, boolean hypervisorWide) {
        List<PolicyParam> out = new ArrayList<>();
        for (PolicyParam x : values()) {
            if (x.policy == p && x.hypervisorWide == hypervisorWide) {
                out.add(x);
            }
        }
        return out;
    }

    /** Whole numbers only (weight, shares). */
    public boolean whole() {
        return this == WEIGHT || this == SHARES;
    }

    /** Its JSON path; {@code vm} is ignored for a hypervisor-wide parameter. */
    public String path(int vm) {
        return hypervisorWide ? "hypervisor.params." + json : "vms[" + vm + "].params." + json;
    }

    /** The parameter at a JSON path, or null. */
    static PolicyParam at(String path) {
        for (PolicyParam x : values()) {
            if (x.hypervisorWide ? path.equals(x.path(0)) : path.matches("vms\\[\\d+\\]\\.params\\." + x.json)) {
                return x;
            }
        }
        return null;
    }

    /** The value in force for VM {@code v} of {@code s} (null: CBS's implicit deadline). */
    public Double value(Scenario s, int v) {
        return valueIn(hypervisorWide ? s.hypervisor().effectiveParams() : vmParams(s, v));
    }

    /** The documented default in {@code s}: what an empty field stands for (null: CBS's implicit deadline). */
    public Double defaultValue(Scenario s) {
        if (this == QUANTUM) {
            // the preset's own: ESXi 50, Hyper-V 10
            return s.hypervisor().effectiveParams() instanceof HypervisorParams.Share sh
                    ? sh.preset().defaultQuantum() : HypervisorParams.Share.ESXI.quantum();
        }
        return valueIn(hypervisorWide ? HypervisorParams.defaults(policy)
                : VmParams.defaults(policy, s.hypervisor().effectiveParams()));
    }

    /** The text the field shows: empty for the default (the prompt says it), else the value. */
    public String shown(Scenario s, int v) {
        Double x = value(s, v);
        return x == null || x.equals(defaultValue(s)) ? "" : Numbers.display(x);
    }

    /** The prompt of an empty field: the default, with its unit ("256", "100 %", "30 ms"). */
    public String prompt(Scenario s) {
        Double d = defaultValue(s);
        return switch (this) {
            case DEADLINE -> "= period";
            case CAP -> "0 = none";
            case RESERVATION, LIMIT -> Numbers.display(d) + " %";
            case WEIGHT, SHARES -> Numbers.display(d);
            default -> Numbers.display(d) + " ms"; // the products' defaults, for a time unit of 1 ms
        };
    }

    /**
     * {@code s} with {@code x} at this parameter of VM {@code v}; null puts the default back. Only
     * under this parameter's policy.
     */
    Scenario with(Scenario s, int v, Double x) {
        Double d = defaultValue(s);
        double y = x != null ? x : d != null ? d : Double.NaN;
        if (hypervisorWide) {
            HypervisorParams hp = s.hypervisor().effectiveParams();
            HypervisorParams n = switch (this) {
                case TICK -> credit(hp).withTick(y);
                case ACCOUNTING_PERIOD -> credit(hp).withAccountingPeriod(y);
                case TIME_SLICE -> credit(hp).withTimeSlice(y);
                case RATELIMIT -> credit(hp).withRatelimit(y);
                case QUANTUM -> new HypervisorParams.Share(((HypervisorParams.Share) hp).preset(), y);
                default -> throw new IllegalStateException(name());
            };
            Platform p = s.hypervisor();
            return s.withHypervisor(new Platform(p.policy(), p.cores(), n));
        }
        VirtualMachine vm = s.vms().get(v);
        VmParams old = vmParams(s, v);
        VmParams n = switch (this) {
            case WEIGHT -> new VmParams.Credit((int) y, ((VmParams.Credit) old).cap());
            case CAP -> new VmParams.Credit(((VmParams.Credit) old).weight(), y);
            case SHARES -> new VmParams.Share((int) y, ((VmParams.Share) old).reservation(), ((VmParams.Share) old).limit());
            case RESERVATION -> new VmParams.Share(((VmParams.Share) old).shares(), y, ((VmParams.Share) old).limit());
            case LIMIT -> new VmParams.Share(((VmParams.Share) old).shares(), ((VmParams.Share) old).reservation(), y);
            case DEADLINE -> new VmParams.Cbs(x);
            default -> throw new IllegalStateException(name());
        };
        return ScenarioEdits.replaceVm(s, v, vm.withParams(n));
    }

    private static CreditParams credit(HypervisorParams hp) {
        return new CreditParams((HypervisorParams.Credit) hp);
    }

    /** Withers for Credit's record, kept here so the model record stays as it is. */
    private record CreditParams(HypervisorParams.Credit c) {
        HypervisorParams.Credit withTick(double x) {
            return new HypervisorParams.Credit(x, c.accountingPeriod(), c.timeSlice(), c.ratelimit(), c.boost());
        }

        HypervisorParams.Credit withAccountingPeriod(double x) {
            return new HypervisorParams.Credit(c.tick(), x, c.timeSlice(), c.ratelimit(), c.boost());
        }

        HypervisorParams.Credit withTimeSlice(double x) {
            return new HypervisorParams.Credit(c.tick(), c.accountingPeriod(), x, c.ratelimit(), c.boost());
        }

        HypervisorParams.Credit withRatelimit(double x) {
            return new HypervisorParams.Credit(c.tick(), c.accountingPeriod(), c.timeSlice(), x, c.boost());
        }
    }

    private VmParams vmParams(Scenario s, int v) {
        return s.vms().get(v).paramsFor(policy, s.hypervisor().effectiveParams());
    }

    private Double valueIn(Object params) {
        if (params instanceof HypervisorParams.Credit c) {
            return switch (this) {
                case TICK -> c.tick();
                case ACCOUNTING_PERIOD -> c.accountingPeriod();
                case TIME_SLICE -> c.timeSlice();
                case RATELIMIT -> c.ratelimit();
                default -> null;
            };
        }
        if (params instanceof HypervisorParams.Share sh) {
            return this == QUANTUM ? sh.quantum() : null;
        }
        if (params instanceof VmParams.Credit c) {
            return this == WEIGHT ? (double) c.weight() : this == CAP ? c.cap() : null;
        }
        if (params instanceof VmParams.Share sh) {
            return switch (this) {
                case SHARES -> (double) sh.shares();
                case RESERVATION -> sh.reservation();
                case LIMIT -> sh.limit();
                default -> null;
            };
        }
        if (params instanceof VmParams.Cbs c) {
            return this == DEADLINE ? c.deadline() : null;
        }
        return null;
    }
}
