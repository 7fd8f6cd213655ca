package org.vmsched.analysis.mpr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.ExactDecimal;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The guest half of {@link GlobalAnalysis}: a VM's tests on one supply (THEORY.md §15.11, §15.16,
 * §15.21) and, where the EDP supply proves nothing, on the sharper supplies of the host's own
 * schedule (§15.19) and level by level (§15.20). Stateless.
 */
final class GuestAnalysis {

    private GuestAnalysis() {
    }

    /** A VM's guest tests on one supply: their answer and, under EDP, §15.16's bounds (null under RM). */
    record Guest(MprResult result, GlobalEdfResponseTimes.Bounds rta) {
    }

    /** The guest tests of §15.11 on {@code supply}: SEL, BCL or §15.16 under EDF (deferrable: §15.14's), RM-BCL under RM. */
    static Guest guest(VirtualMachine vm, GuestSupply supply, List<GlobalTask> tasks, boolean deferrable) {
        return guest(vm, supply, tasks, deferrable, false);
    }

    /**
     * As {@link #guest(VirtualMachine, GuestSupply, List, boolean)}; {@code undelayed}: deferrable vCPUs with a core
     * each, whose supply holds over every window in which the VM is backlogged, so that one vCPU's busy-window tests
     * (the request bound, the processor demand) apply to them too (§15.24).
     */
    static Guest guest(VirtualMachine vm, GuestSupply supply, List<GlobalTask> tasks, boolean deferrable, boolean undelayed) {
        boolean early = !deferrable || undelayed;
        boolean byDeadline = vm.scheduler() == GuestScheduler.GLOBAL_EDF || vm.scheduler() == GuestScheduler.EDF;
        if (!byDeadline) {
            // §15.21: response times, and the request bound where one vCPU serves (its window starts before
            // the job's release: for deferrable vCPUs only with a core each, §15.24)
            GlobalEdfResponseTimes.Bounds rta = GlobalRmOnMpr.responseTimes(supply, tasks);
            MprResult one = early ? GlobalRmOnMpr.oneProcessor(supply, tasks) : null;
            MprResult result = GlobalAnalysis.either(GlobalRmOnMpr.bertognaCirineiLipari(supply, tasks), rta.result());
            return new Guest(one == null ? result : GlobalAnalysis.either(result, one), rta);
        }
        // response times (§15.16) under EDF; deferrable vCPUs: only the tests whose window starts at the job's release (§15.14),
        // and on one vCPU with a core each the processor demand (§15.24)
        GlobalEdfResponseTimes.Bounds rta = GlobalEdfResponseTimes.onMpr(supply, tasks);
        MprResult result = deferrable ? GlobalAnalysis.either(DeferrableVcpus.guest((MprSupply) supply, tasks, true), rta.result())
                : GlobalAnalysis.either(GlobalAnalysis.either(GlobalEdfOnMpr.shinEaswaranLee(supply, tasks), GlobalEdfOnMpr.bertognaCirineiLipari(supply, tasks)),
                        rta.result());
        // §15.24: one vCPU, the processor demand against the supply over the VM's busy window
        MprResult one = early ? OneVcpuEdf.demandBound(supply, tasks) : null;
        return new Guest(one == null ? result : GlobalAnalysis.either(result, one), rta);
    }

    /** One supply tried (THEORY.md §15.17–§15.20): its tests' answer, or ({@code result} null) why it was not used. */
    record Attempt(ProvedOn on, MprResult result, String notUsed) {
    }

    /** What the sharper supplies proved (its guest and supply, or null and NONE) and every one tried, in order. */
    record Sharper(Guest guest, ProvedOn on, List<Attempt> attempts) {

        static Sharper of(Guest last, ProvedOn on, List<Attempt> tried) {
            boolean proved = last != null && last.result().schedulable();
            return new Sharper(proved ? last : null, proved ? on : ProvedOn.NONE, tried);
        }
    }

    /**
     * Where the EDP supply ({@code edp}) proves nothing: the least supply of the host's own schedule
     * (§15.19), then the same schedule level by level (§15.20); with a core per vCPU ({@code oneEach},
     * one vCPU's supply, non-null), the levels of vCPUs that all serve at once (§15.20), then ({@code gang} non-null)
     * the tasks in the VM's own time on k dedicated processors (§15.23); and last each
     * task on its own by any test on any of these supplies (§15.22). {@code edp} is null where the host
     * does not give the budgets it assumes (§15.22): then only the schedule's own supplies are tried.
     */
    static Sharper sharper(VirtualMachine vm, List<GlobalTask> tasks, ScheduleSupply.Built table, HostSchedule.Usable usable,
                           MprSupply oneEach, MprSupply edp, Gang.Dilated gang) {
        int[] order = vm.scheduler().byDeadline() ? null : GlobalRmOnMpr.rmOrder(tasks);
        List<Attempt> tried = new ArrayList<>();
        List<GuestSupply> supplies = new ArrayList<>(edp == null ? List.of() : List.of(edp));
        List<List<? extends GuestSupply>> levelLists = new ArrayList<>();
        if (table == null) {
            if (oneEach != null && vm.vcpus() >= 2) {
                List<MprSupply> copies = Collections.nCopies(vm.vcpus(), oneEach);
                Guest r = byLevels(copies, tasks, order);
                tried.add(new Attempt(ProvedOn.CORE_EACH_LEVELS, r.result(), null));
                if (r.result().schedulable()) {
                    return Sharper.of(r, ProvedOn.CORE_EACH_LEVELS, tried);
                }
                levelLists.add(copies);
            }
            Guest own = gang == null ? null : ownTime(vm, gang, tried);
            return own != null ? Sharper.of(own, ProvedOn.GANG, tried) : eachTask(vm, tasks, supplies, levelLists, tried);
        }
        if (table.supply() == null) {
            tried.add(new Attempt(ProvedOn.HOST_SCHEDULE, null, table.reason()));
            return eachTask(vm, tasks, supplies, levelLists, tried);
        }
        Guest onTable = guest(vm, table.supply(), tasks, false);
        tried.add(new Attempt(ProvedOn.HOST_SCHEDULE, onTable.result(), null));
        supplies.add(table.supply());
        if (onTable.result().schedulable()) {
            return Sharper.of(onTable, ProvedOn.HOST_SCHEDULE, tried);
        }
        if (vm.vcpus() < 2) {
            return eachTask(vm, tasks, supplies, levelLists, tried);
        }
        // §15.20: the same schedule level by level, where a job takes at most its own time from each level
        LevelSupply.Built levels = LevelSupply.of(usable, vm.vcpus(), lowestStart(vm, usable));
        if (levels.supply() == null) {
            tried.add(new Attempt(ProvedOn.LEVELS, null, levels.reason()));
            return eachTask(vm, tasks, supplies, levelLists, tried);
        }
        Guest onLevels = guest(vm, levels.supply(), tasks, false);
        MprResult both = onLevels.result();
        if (!onLevels.result().schedulable()) {
            onLevels = byLevels(levels.supply().levels(), tasks, order);
            both = GlobalAnalysis.either(both, onLevels.result()); // the failures of both, or the proof
        }
        tried.add(new Attempt(ProvedOn.LEVELS, both, null));
        if (onLevels.result().schedulable()) {
            return Sharper.of(onLevels, ProvedOn.LEVELS, tried);
        }
        supplies.add(levels.supply());
        levelLists.add(levels.supply().levels());
        return eachTask(vm, tasks, supplies, levelLists, tried);
    }

    /** §15.23: the tasks in the VM's own time on k dedicated processors, the bounds back in real time; null unless proved. */
    private static Guest ownTime(VirtualMachine vm, Gang.Dilated gang, List<Attempt> tried) {
        Guest g = guest(vm, gang.dedicated(), gang.tasks(), false);
        GlobalEdfResponseTimes.Bounds bounds = g.rta() == null ? null : gang.inRealTime(g.rta());
        Guest real = new Guest(inOwnTime(gang, g.result(), bounds), bounds);
        tried.add(new Attempt(ProvedOn.GANG, real.result(), null));
        return real.result().schedulable() ? real : null;
    }

    /**
     * {@code r} with its reason said to be in the VM's own time at rate α (§15.23), and where the response times
     * proved it, their bounds in real time ({@code real}, the task rows' too) in place of those of the VM's time.
     */
    static MprResult inOwnTime(Gang.Dilated gang, MprResult r, GlobalEdfResponseTimes.Bounds real) {
        String own = "in the VM's own time (" + gang.processors() + (gang.processors() == 1 ? " processor" : " processors")
                + " serving " + Exact.text(gang.chunk()) + " of every " + Exact.text(gang.period()) + " together, each task's"
                + " D and T times α = " + Exact.text(gang.rate()) + "), ";
        String body = r.bareReason();
        if (r.schedulable() && real != null && real.result().schedulable() && real.result().test().equals(r.test())) {
            StringBuilder why = new StringBuilder("every task's response time is bounded within its deadline, in real time: ");
            for (int k = 0; k < real.responseTimes().size(); k++) {
                why.append(k == 0 ? "" : ", ").append("R(").append(GlobalTask.label(gang.tasks(), k)).append(") ≤ ")
                        .append(Exact.text(real.responseTimes().get(k)));
            }
            body = why.toString();
        }
        // the test's name says where it ran: on k dedicated processors in the VM's time, not on the MPR supply
        String test = r.test() + ", in the VM's own time on " + gang.processors()
                + (gang.processors() == 1 ? " dedicated processor" : " dedicated processors");
        return r.schedulable() ? MprResult.pass(test, own + body, r.points())
                : MprResult.fails(test, own + body, r.witness(), r.points());
    }

    /** §15.22: each task by any test on any supply tried (periodic vCPUs only; the caller says so). */
    private static Sharper eachTask(VirtualMachine vm, List<GlobalTask> tasks, List<GuestSupply> supplies,
                                    List<List<? extends GuestSupply>> levelLists, List<Attempt> tried) {
        GlobalEdfResponseTimes.Bounds each = TaskByTask.prove(tasks, vm.scheduler().byDeadline(),
                new TaskByTask.Supplies(supplies, true, levelLists));
        tried.add(new Attempt(ProvedOn.TASK_BY_TASK, each.result(), null));
        return Sharper.of(new Guest(each.result(), each), ProvedOn.TASK_BY_TASK, tried);
    }

    /** §15.20's interference test and response times level by level; the bounds where the latter proves. */
    private static Guest byLevels(List<? extends GuestSupply> levels, List<GlobalTask> tasks, int[] order) {
        GlobalEdfResponseTimes.Bounds rta = LevelTests.responseTimes(levels, tasks, order);
        return new Guest(GlobalAnalysis.either(rta.result(), LevelTests.test(levels, tasks, order)), rta);
    }

    /** The VM's first release in the schedule's ticks: no window of its tests starts earlier; rounded down (more windows). */
    static long lowestStart(VirtualMachine vm, HostSchedule.Usable u) {
        BigFraction first = null;
        for (Task t : vm.tasks()) {
            BigFraction o = ExactDecimal.fraction(t.offset());
            first = first == null || o.compareTo(first) < 0 ? o : first;
        }
        return Exact.floor(first.multiply(u.ticksPerUnit())).longValueExact();
    }
}
