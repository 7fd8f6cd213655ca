package org.vmsched.sim;

import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * What a {@link Kernel} run lets its scheduler see and do. A server's budget and supply are read as
 * of now (a running VM's lane may be settled later); a change of its budget first settles its
 * lane. Not thread-safe.
 */
final class KernelContext implements SchedulerContext {

    private final Kernel k;
    private final Layout l;
    private final Lanes lanes;
    // the lanes' arrays, read on every decision (one load fewer each)
    private final long[] budgetLeft;
    private final int[] serverLane;
    private final int[] running;
    private final long[] since;

    KernelContext(Kernel k) {
        this.k = k;
        this.l = k.l;
        this.lanes = k.lanes;
        budgetLeft = lanes.budgetLeft;
        serverLane = l.serverLane;
        running = lanes.running;
        since = lanes.since;
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
    public int serverCount() {
        return l.nServer;
    }

    @Override
    public int vmOf(int server) {
        return l.sVm[server];
    }

    @Override
    public int readyTasks(int v) {
        return k.ready.count[v];
    }

    @Override
    public VirtualMachine vm(int v) {
        return k.scenario.vms().get(v);
    }

    @Override
    public int lane(int v) {
        return serverLane[v];
    }

    @Override
    public int[] vmsOn(int lane) {
        return l.laneServers[lane];
    }

    @Override
    public boolean ready(int v) {
        return k.ready.count[v] > 0;
    }

    @Override
    public long budget(int v) {
        int c = serverLane[v];
        return running[c] == v ? budgetLeft[v] - (k.now - since[c]) : budgetLeft[v];
    }

    @Override
    public void setBudget(int v, long ticks) {
        if (ticks < 0) {
            throw new IllegalArgumentException("budget must not be negative, got " + ticks);
        }
        int c = l.serverLane[v];
        lanes.settle(c, k.now);
        lanes.budgetLeft[v] = ticks;
        if (!lanes.global || running[c] == v) {
            // (a global vCPU not running has no core to decide again: its scheduler re-plans; in
            // worst-case mode, one vCPU per lane, every lane is decided at each instant anyway)
            lanes.dirty[c] = true;
        }
    }

    @Override
    public int running(int lane) {
        return running[lane];
    }

    @Override
    public long supplied(int v) {
        return k.stats.supply[v] + lanes.unsettled(v, k.now);
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
        lanes.dirty[l.serverLane[v]] = true;
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
