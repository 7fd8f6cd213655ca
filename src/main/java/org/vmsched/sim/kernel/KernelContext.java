package org.vmsched.sim.kernel;

import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SchedulerContext;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.TimeBase;

/**
 * What a {@link Kernel} run lets its scheduler see and do. A read or change of a VM's budget
 * first settles the lane it runs on, so hooks see every lane's accounting up to now. Not
 * thread-safe.
 */
final class KernelContext implements SchedulerContext {

    private final Kernel k;
    private final Layout l;
    private final Lanes lanes;

    KernelContext(Kernel k) {
        this.k = k;
        this.l = k.l;
        this.lanes = k.lanes;
    }

    @Override
    public Scenario scenario() {
        return k.scenario;
    }

    @Override
    public SimulationOptions options() {
        return k.options;
    }

    @Override
    public TimeBase timeBase() {
        return k.tb;
    }

    @Override
    public int vmCount() {
        return l.nVm;
    }

    @Override
    public int laneCount() {
        return l.nLane;
    }

    @Override
    public VirtualMachine vm(int v) {
        return k.scenario.vms().get(v);
    }

    @Override
    public int lane(int v) {
        return l.vmLane[v];
    }

    @Override
    public int[] vmsOn(int lane) {
        return l.laneVms[lane];
    }

    @Override
    public boolean ready(int v) {
        return k.ready.count[v] > 0;
    }

    @Override
    public long budget(int v) {
        int c = l.vmLane[v];
        if (lanes.running[c] == v) {
            lanes.settle(c, k.now);
        }
        return lanes.budgetLeft[v];
    }

    @Override
    public void setBudget(int v, long ticks) {
        if (ticks < 0) {
            throw new IllegalArgumentException("budget must not be negative, got " + ticks);
        }
        int c = l.vmLane[v];
        lanes.settle(c, k.now);
        lanes.budgetLeft[v] = ticks;
        lanes.dirty[c] = true;
    }

    @Override
    public int running(int lane) {
        return lanes.running[lane];
    }

    @Override
    public long supplied(int v) {
        lanes.settle(l.vmLane[v], k.now);
        return k.stats.supply[v];
    }

    @Override
    public void timer(long t, int id) {
        push(t, EventQueue.TIMER, id, "timer");
    }

    @Override
    public void replenishAt(long t, int v) {
        push(t, EventQueue.REPLENISH, v, "replenishment");
    }

    private void push(long t, int kind, int index, String what) {
        if (t < k.now) {
            throw new IllegalArgumentException(what + " at tick " + t + " is before now (" + k.now + ")");
        }
        if (t < k.horizon) {
            k.queue.push(t, kind, index);
        }
    }

    @Override
    public void reschedule(int lane) {
        lanes.dirty[lane] = true;
    }

    @Override
    public void chargeOverhead(int v, long ticks, long switches) {
        lanes.charged[v] = ticks;
        lanes.chargedSwitches[v] = switches;
        lanes.dirty[l.vmLane[v]] = true;
    }

    @Override
    public void oweOverheadAtBudget(int v, long level, long switches) {
        lanes.tailAt[v] = level;
        lanes.tailSwitches[v] = switches;
    }

    @Override
    public void releaseTasksAt(int v, long t) {
        for (int g : l.vmTasks[v]) {
            l.tFirst[g] = t;
        }
    }
}
