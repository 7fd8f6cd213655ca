package org.vmsched.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The engine's statistics: per task the jobs released, completed and missed, the response times
 * (largest, sum, distribution); per VM the processor time received, split into overhead,
 * execution and idle burn, the switches paid and the migrations; per lane the busy and idle time; the misses
 * themselves up to a cap. Primitive arrays indexed like the engine's (task, VM, lane), updated in
 * place by the engine. Part of {@link Kernel}; not thread-safe.
 */
final class RunStatistics {

    private final int cap;
    final long[] jobs;
    final long[] completed;
    final long[] missed;
    private final long[] maxResp;
    private final double[] sumResp;
    private final ResponseTimeAccumulator[] acc;

    final long[] supply;
    final long[] overheadTime;
    final long[] overheadCount;
    final long[] execution;
    final long[] idleBurn;
    /** Per VM: its servers' dispatches on another lane than their last, its jobs' resumptions on another server. */
    final long[] vcpuMigrations;
    final long[] jobMigrations;

    final long[] busy;
    final long[] idle;

    private final List<Miss> misses = new ArrayList<>();
    private boolean missesTruncated;
    long totalMisses;

    RunStatistics(int tasks, int vms, int lanes, int missCap) {
        cap = missCap;
        jobs = new long[tasks];
        completed = new long[tasks];
        missed = new long[tasks];
        maxResp = new long[tasks];
        sumResp = new double[tasks];
        acc = new ResponseTimeAccumulator[tasks];
        for (int g = 0; g < tasks; g++) {
            acc[g] = new ResponseTimeAccumulator();
        }
        supply = new long[vms];
        overheadTime = new long[vms];
        overheadCount = new long[vms];
        execution = new long[vms];
        idleBurn = new long[vms];
        vcpuMigrations = new long[vms];
        jobMigrations = new long[vms];
        busy = new long[lanes];
        idle = new long[lanes];
    }

    /** A job of task g completed with response time {@code resp}. */
    void completed(int g, long resp) {
        completed[g]++;
        if (resp > maxResp[g]) {
            maxResp[g] = resp;
        }
        sumResp[g] += resp;
        acc[g].add(resp);
    }

    /** A job of task g missed its deadline; {@code miss} builds its record while the cap allows. */
    void missed(int g, Supplier<Miss> miss) {
        missed[g]++;
        totalMisses++;
        if (misses.size() < cap) {
            misses.add(miss.get());
        } else {
            missesTruncated = true;
        }
    }

    /** Takes {@code o}'s per-task job statistics and its VMs' execution and job migrations (a replayed run's, {@link GlobalReplay}). */
    void takeJobs(RunStatistics o) {
        System.arraycopy(o.jobs, 0, jobs, 0, jobs.length);
        System.arraycopy(o.completed, 0, completed, 0, completed.length);
        System.arraycopy(o.maxResp, 0, maxResp, 0, maxResp.length);
        System.arraycopy(o.sumResp, 0, sumResp, 0, sumResp.length);
        System.arraycopy(o.acc, 0, acc, 0, acc.length);
        System.arraycopy(o.execution, 0, execution, 0, execution.length);
        System.arraycopy(o.jobMigrations, 0, jobMigrations, 0, jobMigrations.length);
    }

    TaskStats task(int g, String name, TimeBase tb) {
        double max = completed[g] == 0 ? Double.NaN : tb.units(maxResp[g]);
        // one division, rounded once (sum and count·ticks are exact below 2^53): 109.6744, not 109.67439999999999
        double mean = completed[g] == 0 ? Double.NaN : sumResp[g] / (completed[g] * tb.ticksPerUnit());
        return new TaskStats(name, jobs[g], completed[g], missed[g], max, mean, acc[g].result(tb));
    }

    VmStats vm(int v, String name, int core, List<TaskStats> tasks, TimeBase tb) {
        return new VmStats(name, core, tb.units(supply[v]), tb.units(overheadTime[v]), overheadCount[v],
                tb.units(execution[v]), tb.units(idleBurn[v]), tasks, vcpuMigrations[v], jobMigrations[v]);
    }

    /** Lane c's statistics: a core's ({@code vmName} null) or, run alone, virtual CPU {@code vcpu} of VM {@code vmName}. */
    CoreStats lane(int c, int core, String vmName, int vcpu, TimeBase tb) {
        return vmName == null ? CoreStats.core(core, tb.units(busy[c]), tb.units(idle[c]))
                : new CoreStats(core, vmName, vcpu, tb.units(busy[c]), tb.units(idle[c]));
    }

    List<Miss> misses() {
        return misses;
    }

    boolean missesTruncated() {
        return missesTruncated;
    }
}
