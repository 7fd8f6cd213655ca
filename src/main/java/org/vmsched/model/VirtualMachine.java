package org.vmsched.model;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * A VM as a periodic server: {@code budget} C_VM in every {@code period} T_VM, of which
 * {@code overhead} X is lost at each start (THEORY.md §2). It runs on core {@code core}
 * (0-based), first replenished at {@code offset}, and schedules its {@code tasks} with
 * {@code scheduler}. {@code priority} is used only under the FP and FP_NO_BUDGET hypervisor
 * policies and may be null otherwise. {@code params} holds the VM's parameters for a version-2
 * policy, as that policy's schema names them, or null for that policy's defaults. {@code vcpus}
 * is the number of virtual CPUs (1 … {@link #MAX_VCPUS}), each a server with this VM's period and
 * budget; more than one only under the hypervisor policy {@code GLOBAL_EDF} (Xen RTDS), where
 * {@code core} is ignored (the virtual CPUs migrate) and the guest scheduler is
 * {@link GuestScheduler#GLOBAL_EDF} or {@link GuestScheduler#GLOBAL_RM}. Immutable; the task list
 * is an unmodifiable copy.
 */
public record VirtualMachine(String name, double period, double budget, double overhead, int core,
                             double offset, GuestScheduler scheduler, Integer priority, List<Task> tasks,
                             VmParams params, int vcpus) {

    /** Most virtual CPUs of one VM (Xen's default per-domain limit is far higher; 64 keeps the analysis fast). */
    public static final int MAX_VCPUS = 64;

    public VirtualMachine {
        tasks = List.copyOf(tasks);
    }

    /** A VM with one virtual CPU (the fields before issue 21). */
    public VirtualMachine(String name, double period, double budget, double overhead, int core,
                          double offset, GuestScheduler scheduler, Integer priority, List<Task> tasks,
                          VmParams params) {
        this(name, period, budget, overhead, core, offset, scheduler, priority, tasks, params, 1);
    }

    /** A VM without policy parameters (the version-1 fields). */
    public VirtualMachine(String name, double period, double budget, double overhead, int core,
                          double offset, GuestScheduler scheduler, Integer priority, List<Task> tasks) {
        this(name, period, budget, overhead, core, offset, scheduler, priority, tasks, null);
    }

    /** A VM on core 0, no offset, RM inside. */
    public static VirtualMachine of(String name, double period, double budget, double overhead, List<Task> tasks) {
        return new VirtualMachine(name, period, budget, overhead, 0, 0, GuestScheduler.RM, null, tasks);
    }

    /** This VM with {@code k} virtual CPUs. */
    public VirtualMachine withVcpus(int k) {
        return new VirtualMachine(name, period, budget, overhead, core, offset, scheduler, priority, tasks, params, k);
    }

    /**
     * This VM with {@code k} virtual CPUs and its guest scheduler turned to its twin for that count
     * (RM and GLOBAL_RM, EDF and GLOBAL_EDF), since RM and EDF are refused on several virtual CPUs
     * and the global ones on one: what the editor's vCPUs field and the Design dialog's Apply set.
     * A count below 1 (refused anyway) and a null scheduler leave the scheduler as it is.
     */
    public VirtualMachine withVcpusAndTwinScheduler(int k) {
        GuestScheduler g = scheduler;
        if (g != null && k >= 1 && g.global() != (k > 1)) {
            g = switch (g) {
                case RM -> GuestScheduler.GLOBAL_RM;
                case EDF -> GuestScheduler.GLOBAL_EDF;
                case GLOBAL_RM -> GuestScheduler.RM;
                case GLOBAL_EDF -> GuestScheduler.EDF;
            };
        }
        return withVcpus(k).withScheduler(g);
    }

    /** True when the VM has more than one virtual CPU (scheduled globally). */
    public boolean multiVcpu() {
        return vcpus > 1;
    }

    /** Bandwidth α = C_VM / T_VM. */
    public double bandwidth() {
        return budget / period;
    }

    /**
     * α = C_VM / T_VM of the decimals as written, rounded once: what a report prints (3.8 / 9.5 is
     * 0.4; {@link #bandwidth()}, the doubles' quotient, is 0.39999999999999997).
     */
    public double bandwidthAsWritten() {
        return ratioAsWritten(budget, period).doubleValue();
    }

    /** C/T of a budget and a period as written (decimals), to 34 digits: sums of them carry no float noise where they are short. */
    public static BigDecimal ratioAsWritten(double budget, double period) {
        return BigDecimal.valueOf(budget).divide(BigDecimal.valueOf(period), MathContext.DECIMAL128);
    }

    public VirtualMachine withServer(double newPeriod, double newBudget, double newOverhead) {
        return new VirtualMachine(name, newPeriod, newBudget, newOverhead, core, offset, scheduler, priority, tasks, params, vcpus);
    }

    public VirtualMachine withTasks(List<Task> newTasks) {
        return new VirtualMachine(name, period, budget, overhead, core, offset, scheduler, priority, newTasks, params, vcpus);
    }

    public VirtualMachine withScheduler(GuestScheduler s) {
        return new VirtualMachine(name, period, budget, overhead, core, offset, s, priority, tasks, params, vcpus);
    }

    public VirtualMachine withName(String n) {
        return new VirtualMachine(n, period, budget, overhead, core, offset, scheduler, priority, tasks, params, vcpus);
    }

    public VirtualMachine withCore(int c) {
        return new VirtualMachine(name, period, budget, overhead, c, offset, scheduler, priority, tasks, params, vcpus);
    }

    public VirtualMachine withPriority(Integer p) {
        return new VirtualMachine(name, period, budget, overhead, core, offset, scheduler, p, tasks, params, vcpus);
    }

    public VirtualMachine withOffset(double o) {
        return new VirtualMachine(name, period, budget, overhead, core, o, scheduler, priority, tasks, params, vcpus);
    }

    public VirtualMachine withParams(VmParams p) {
        return new VirtualMachine(name, period, budget, overhead, core, offset, scheduler, priority, tasks, p, vcpus);
    }

    /** This VM's parameters under {@code policy}: its own when they are that policy's, else the defaults. */
    public VmParams paramsFor(HypervisorPolicy policy, HypervisorParams hp) {
        return params != null && params.policy().equals(policy) ? params : VmParams.defaults(policy, hp);
    }
}
