package org.vmsched.sim.kernel;

import org.vmsched.sim.EngineInstant;

/**
 * A {@link Kernel} at instant {@code now}, for a {@link org.vmsched.sim.ScheduleObserver}. A lane
 * not touched at {@code now} was last settled earlier: its budget, overhead and work are read as
 * settled now. Valid only during the observer's call; not thread-safe.
 */
final class InstantView implements EngineInstant {

    private final Kernel k;
    private final Layout l;
    private final Lanes lanes;
    private final long now;

    InstantView(Kernel k, long now) {
        this.k = k;
        this.l = k.l;
        this.lanes = k.lanes;
        this.now = now;
    }

    private long elapsed(int c) {
        return now - lanes.since[c];
    }

    @Override
    public long tick() {
        return now;
    }

    @Override
    public double units(long ticks) {
        return k.tb.units(ticks);
    }

    @Override
    public int lanes() {
        return l.nLane;
    }

    @Override
    public int laneCore(int lane) {
        return l.laneCore[lane];
    }

    @Override
    public int runningVm(int lane) {
        return lanes.running[lane];
    }

    @Override
    public int runningTask(int lane) {
        return lanes.running[lane] < 0 ? -1 : lanes.runTask[lane];
    }

    @Override
    public long overheadLeft(int lane) {
        return lanes.running[lane] < 0 || lanes.overheadLeft[lane] == 0 ? 0 : lanes.overheadLeft[lane] - elapsed(lane);
    }

    @Override
    public int vms() {
        return l.nVm;
    }

    @Override
    public int vmLane(int vm) {
        return l.vmLane[vm];
    }

    @Override
    public String vmName(int vm) {
        return l.vmNames[vm];
    }

    @Override
    public long budgetLeft(int vm) {
        int c = l.vmLane[vm];
        return lanes.running[c] == vm ? lanes.budgetLeft[vm] - elapsed(c) : lanes.budgetLeft[vm];
    }

    @Override
    public long vmDeadline(int vm) {
        return k.sched.serverDeadline(vm);
    }

    @Override
    public long nextReplenishment(int vm) {
        return k.sched.nextReplenishment(vm);
    }

    @Override
    public long vmPeriod(int vm) {
        return l.vPeriod[vm];
    }

    @Override
    public int vmPriority(int vm) {
        return l.vPriority[vm];
    }

    @Override
    public int tasks() {
        return l.nTask;
    }

    @Override
    public int taskVm(int task) {
        return l.tVm[task];
    }

    @Override
    public String taskName(int task) {
        return l.taskNames[l.tVm[task]][l.tLocal[task]];
    }

    @Override
    public long taskPeriod(int task) {
        return l.tPeriod[task];
    }

    @Override
    public long released(int task) {
        return k.stats.jobs[task];
    }

    @Override
    public long completed(int task) {
        return k.stats.completed[task];
    }

    @Override
    public long missed(int task) {
        return k.stats.missed[task];
    }

    @Override
    public int pending(int task) {
        return k.backlog.size[task];
    }

    @Override
    public long oldestRelease(int task) {
        return k.backlog.headRelease(task);
    }

    @Override
    public long oldestDeadline(int task) {
        return k.backlog.headDeadline[task];
    }
}
