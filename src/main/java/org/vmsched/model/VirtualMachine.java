package org.vmsched.model;

import java.util.List;

/**
 * A VM as a periodic server: {@code budget} C_VM in every {@code period} T_VM, of which
 * {@code overhead} X is lost at each start (THEORY.md §2). It runs on core {@code core}
 * (0-based), first replenished at {@code offset}, and schedules its {@code tasks} with
 * {@code scheduler}. {@code priority} is used only under the FP hypervisor policy and may be
 * null otherwise. Immutable; the task list is an unmodifiable copy.
 */
public record VirtualMachine(String name, double period, double budget, double overhead, int core,
                             double offset, GuestScheduler scheduler, Integer priority, List<Task> tasks) {

    public VirtualMachine {
        tasks = List.copyOf(tasks);
    }

    /** A VM on core 0, no offset, RM inside. */
    public static VirtualMachine of(String name, double period, double budget, double overhead, List<Task> tasks) {
        return new VirtualMachine(name, period, budget, overhead, 0, 0, GuestScheduler.RM, null, tasks);
    }

    /** Bandwidth α = C_VM / T_VM. */
    public double bandwidth() {
        return budget / period;
    }

    public VirtualMachine withServer(double newPeriod, double newBudget, double newOverhead) {
        return new VirtualMachine(name, newPeriod, newBudget, newOverhead, core, offset, scheduler, priority, tasks);
    }

    public VirtualMachine withTasks(List<Task> newTasks) {
        return new VirtualMachine(name, period, budget, overhead, core, offset, scheduler, priority, newTasks);
    }

    public VirtualMachine withScheduler(GuestScheduler s) {
        return new VirtualMachine(name, period, budget, overhead, core, offset, s, priority, tasks);
    }

    public VirtualMachine withName(String n) {
        return new VirtualMachine(n, period, budget, overhead, core, offset, scheduler, priority, tasks);
    }

    public VirtualMachine withCore(int c) {
        return new VirtualMachine(name, period, budget, overhead, c, offset, scheduler, priority, tasks);
    }

    public VirtualMachine withPriority(Integer p) {
        return new VirtualMachine(name, period, budget, overhead, core, offset, scheduler, p, tasks);
    }

    public VirtualMachine withOffset(double o) {
        return new VirtualMachine(name, period, budget, overhead, core, o, scheduler, priority, tasks);
    }
}
