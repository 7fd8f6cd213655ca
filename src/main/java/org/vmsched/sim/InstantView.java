package org.vmsched.sim;


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
        int i = lanes.running[lane];
        return i < 0 ? -1 : l.sVm[i];
    }

    @Override
    public int runningVcpu(int lane) {
        int i = lanes.running[lane];
        return i < 0 ? 0 : i - l.vmFirstServer[l.sVm[i]];
    }

    @Override
    public boolean global() {
        return k.sched.global();
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
    public int laneVm(int lane) {
        return l.lanePerVm ? l.sVm[lane] : -1; // lane c is server c
    }

    @Override
    public int laneVcpu(int lane) {
        return l.lanePerVm ? lane - l.vmFirstServer[l.sVm[lane]] : 0;
    }

    @Override
    public int vcpus(int vm) {
        return l.vmVcpus[vm];
    }

    @Override
    public int vms() {
        return l.nVm;
    }

    @Override
    public int vmLane(int vm) {
        return l.serverLane[l.vmFirstServer[vm]];
    }

    @Override
    public String vmName(int vm) {
        return l.vmNames[vm];
    }

    @Override
    public long budgetLeft(int vm) {
        int i = l.vmFirstServer[vm]; // its first virtual CPU's
        int c = l.serverLane[i];
        return lanes.running[c] == i ? lanes.budgetLeft[i] - elapsed(c) : lanes.budgetLeft[i];
    }

    @Override
    public long vmDeadline(int vm) {
        return k.sched.serverDeadline(l.vmFirstServer[vm]);
    }

    @Override
    public long nextReplenishment(int vm) {
        return k.sched.nextReplenishment(l.vmFirstServer[vm]); // its first virtual CPU's, as vmDeadline
    }

    @Override
    public long vmPeriod(int vm) {
        return l.vPeriod[vm];
    }

    @Override
    public long vmBudget(int vm) {
        return k.tb.ticks(k.scenario.vms().get(vm).budget());
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
