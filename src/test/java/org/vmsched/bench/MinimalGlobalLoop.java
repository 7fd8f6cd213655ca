package org.vmsched.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.TaskStats;
import org.vmsched.sim.VmStats;

/**
 * An upper-bound experiment for issue 21 item 7, not a simulator of the product: a global EDF loop
 * written for {@link SimulationBenchmark#globalFourCores} alone (4 cores, 4 VMs of 2 periodic
 * vCPUs, 20 tasks, X = 0.01 in ticks of 0.01), doing the least work that schedule needs: no trace,
 * no statistics but each task's largest response time, no deferrable servers, no migration cost,
 * no checks, fixed sizes. Its schedule is the product's ({@link #main} compares the 20 largest
 * response times with {@link Simulator#run} and exits 1 when one differs), so the jobs per CPU
 * second it reaches bound what any loop doing the product's work more can reach on this machine
 * (BENCHMARKS.md, "A minimal loop as the ceiling").
 *
 * <p>Per instant: settle the running cores; complete, release, replenish; plan again (top 4 of the
 * servers with budget by deadline, a running vCPU first among its VM's vCPUs of one deadline, a new
 * one on its last core when free, else the lowest free one, paying X) only when a budget was
 * replenished or spent; then place the jobs of the VMs touched (GLOBAL_EDF by deadline, GLOBAL_RM
 * by rate, a job kept on its core when it stays among the best).
 *
 * <pre>java -cp target/classes:target/test-classes:$(cat target/cp.txt) org.vmsched.bench.MinimalGlobalLoop 1e6 30</pre>
 */
public final class MinimalGlobalLoop {

    private static final long NEVER = Long.MAX_VALUE;
    private static final int SERVERS = 8;
    private static final int CORES = 4;
    private static final int VMS = 4;
    private static final int TASKS = 20;
    private static final long X = 1;

    private final long[] sPeriod = new long[SERVERS];
    private final long[] sBudget = new long[SERVERS];
    private final long[] sDeadline = new long[SERVERS];
    private final long[] sLeft = new long[SERVERS];
    private final long[] sNext = new long[SERVERS];
    private final int[] sVm = new int[SERVERS];
    private final int[] sCore = new int[SERVERS];
    private final int[] sLastCore = new int[SERVERS];
    private final int[] coreServer = new int[CORES];
    private final int[] coreJob = new int[CORES];
    private final long[] coreOverhead = new long[CORES];
    private final long[] coreSince = new long[CORES];
    private final long[] tPeriod = new long[TASKS];
    private final long[] tWcet = new long[TASKS];
    private final long[] tNext = new long[TASKS];
    private final long[] tRemaining = new long[TASKS];
    private final long[] tRelease = new long[TASKS];
    private final long[] tDeadline = new long[TASKS];
    private final int[] tVm = new int[TASKS];
    private final int[] tBacklog = new int[TASKS];
    final long[] maxResponse = new long[TASKS];
    private final boolean[] rateMonotonic = new boolean[VMS];
    private final boolean[] touched = new boolean[VMS];
    private final int[] picked = new int[CORES];
    private final boolean[] chosen = new boolean[SERVERS];
    private boolean stale = true;
    private long nextRelease;
    private long nextReplenishment;
    long jobs;
    long instants;

    MinimalGlobalLoop() {
        long[] periods = {500, 600, 800, 1000};
        long[] taskPeriods = {1000, 2000, 2500, 5000, 10000};
        for (int v = 0; v < VMS; v++) {
            rateMonotonic[v] = v % 2 == 1;
            for (int k = 0; k < 2; k++) {
                int s = 2 * v + k;
                sVm[s] = v;
                sPeriod[s] = periods[v];
                sBudget[s] = periods[v] * 4 / 10;
                sCore[s] = -1;
                sLastCore[s] = -1;
            }
            for (int i = 0; i < 5; i++) {
                int g = 5 * v + i;
                tVm[g] = v;
                tPeriod[g] = taskPeriods[i] * (1 + v % 2);
                tWcet[g] = tPeriod[g] / 10;
            }
        }
        Arrays.fill(coreServer, -1);
        Arrays.fill(coreJob, -1);
    }

    void run(long horizon) {
        while (true) {
            long t = Math.min(nextRelease, nextReplenishment);
            for (int c = 0; c < CORES; c++) {
                int s = coreServer[c];
                if (s >= 0) {
                    long d = coreOverhead[c] > 0 ? Math.min(sLeft[s], coreOverhead[c])
                            : coreJob[c] >= 0 ? Math.min(sLeft[s], tRemaining[coreJob[c]]) : sLeft[s];
                    t = Math.min(t, coreSince[c] + d);
                }
            }
            if (t > horizon) {
                return;
            }
            instants++;
            settle(t);
            if (nextRelease == t) {
                release(t);
            }
            if (nextReplenishment == t) {
                replenish(t);
            }
            if (t == horizon) {
                return;
            }
            if (stale) {
                stale = false;
                plan(t);
            }
            place();
        }
    }

    private void settle(long t) {
        for (int c = 0; c < CORES; c++) {
            int s = coreServer[c];
            long dt = t - coreSince[c];
            coreSince[c] = t;
            if (s < 0 || dt == 0) {
                continue;
            }
            sLeft[s] -= dt;
            if (coreOverhead[c] > 0) {
                coreOverhead[c] -= dt;
                touched[sVm[s]] |= coreOverhead[c] == 0;
            } else if (coreJob[c] >= 0) {
                int g = coreJob[c];
                tRemaining[g] -= dt;
                if (tRemaining[g] == 0) {
                    jobs++;
                    maxResponse[g] = Math.max(maxResponse[g], t - tRelease[g]);
                    if (--tBacklog[g] > 0) {
                        tRelease[g] += tPeriod[g];
                        tRemaining[g] = tWcet[g];
                        tDeadline[g] = tRelease[g] + tPeriod[g];
                    }
                    coreJob[c] = -1;
                    touched[tVm[g]] = true;
                }
            }
            stale |= sLeft[s] == 0;
        }
    }

    private void release(long t) {
        nextRelease = NEVER;
        for (int g = 0; g < TASKS; g++) {
            if (tNext[g] == t) {
                touched[tVm[g]] = true;
                if (tBacklog[g]++ == 0) {
                    tRelease[g] = t;
                    tRemaining[g] = tWcet[g];
                    tDeadline[g] = t + tPeriod[g];
                }
                tNext[g] = t + tPeriod[g];
            }
            nextRelease = Math.min(nextRelease, tNext[g]);
        }
    }

    private void replenish(long t) {
        nextReplenishment = NEVER;
        for (int s = 0; s < SERVERS; s++) {
            if (sNext[s] == t) {
                sLeft[s] = sBudget[s];
                sDeadline[s] = t + sPeriod[s];
                sNext[s] = t + sPeriod[s];
                stale = true;
            }
            nextReplenishment = Math.min(nextReplenishment, sNext[s]);
        }
    }

    private void plan(long t) {
        int n = 0;
        Arrays.fill(chosen, false);
        for (; n < CORES; n++) {
            int best = -1;
            for (int s = 0; s < SERVERS; s++) {
                if (chosen[s] || sLeft[s] <= 0) {
                    continue;
                }
                if (best < 0 || sDeadline[s] < sDeadline[best] || sDeadline[s] == sDeadline[best]
                        && sVm[s] == sVm[best] && sCore[s] >= 0 && sCore[best] < 0) {
                    best = s;
                }
            }
            if (best < 0) {
                break;
            }
            chosen[best] = true;
            picked[n] = best;
        }
        for (int c = 0; c < CORES; c++) {
            int s = coreServer[c];
            if (s >= 0 && !chosen[s]) {
                touched[sVm[s]] = true;
                coreServer[c] = -1;
                coreJob[c] = -1;
                coreOverhead[c] = 0;
                sCore[s] = -1;
            }
        }
        for (int k = 0; k < n; k++) {
            int s = picked[k];
            if (sCore[s] >= 0) {
                continue;
            }
            int c = sLastCore[s] >= 0 && coreServer[sLastCore[s]] < 0 ? sLastCore[s] : firstFree();
            touched[sVm[s]] = true;
            coreServer[c] = s;
            coreJob[c] = -1;
            coreOverhead[c] = X;
            coreSince[c] = t;
            sCore[s] = c;
            sLastCore[s] = c;
        }
    }

    private int firstFree() {
        for (int c = 0; c < CORES; c++) {
            if (coreServer[c] < 0) {
                return c;
            }
        }
        throw new IllegalStateException("no free core");
    }

    /** The jobs of each touched VM: its two best on its vCPUs that hold a core and have paid X. */
    private void place() {
        for (int v = 0; v < VMS; v++) {
            if (!touched[v]) {
                continue;
            }
            touched[v] = false;
            int ca = sCore[2 * v];
            int cb = sCore[2 * v + 1];
            boolean fa = ca >= 0 && coreOverhead[ca] == 0;
            boolean fb = cb >= 0 && coreOverhead[cb] == 0;
            int j1 = -1;
            int j2 = -1;
            if (fa || fb) {
                long k1 = NEVER;
                long k2 = NEVER;
                for (int g = 5 * v; g < 5 * v + 5; g++) {
                    if (tBacklog[g] == 0) {
                        continue;
                    }
                    long key = rateMonotonic[v] ? g : tDeadline[g];
                    if (key < k1) {
                        j2 = j1;
                        k2 = k1;
                        j1 = g;
                        k1 = key;
                    } else if (key < k2) {
                        j2 = g;
                        k2 = key;
                    }
                }
            }
            if (!(fa && fb)) {
                j2 = -1;
            }
            int ja = fa && coreJob[ca] >= 0 && (coreJob[ca] == j1 || coreJob[ca] == j2) ? coreJob[ca] : -1;
            int jb = fb && coreJob[cb] >= 0 && (coreJob[cb] == j1 || coreJob[cb] == j2) ? coreJob[cb] : -1;
            for (int q = 0; q < 2; q++) {
                int j = q == 0 ? j1 : j2;
                if (j < 0 || j == ja || j == jb) {
                    continue;
                }
                if (fa && ja < 0) {
                    ja = j;
                } else if (fb && jb < 0) {
                    jb = j;
                }
            }
            if (ca >= 0) {
                coreJob[ca] = fa ? ja : -1;
            }
            if (cb >= 0) {
                coreJob[cb] = fb ? jb : -1;
            }
        }
    }

    /** Args: horizon in time units, rounds; each round runs the product's simulator, then this loop. */
    public static void main(String[] args) {
        double horizon = Double.parseDouble(args[0]);
        int rounds = Integer.parseInt(args[1]);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        org.vmsched.model.Scenario s = SimulationBenchmark.globalFourCores();
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(horizon).withTrace(false).withMaxJobs(1_000_000_000L);
        long productCpu = 0;
        long minimalCpu = 0;
        long productJobs = 0;
        long minimalJobs = 0;
        for (int r = 0; r < rounds; r++) {
            long c0 = mx.getCurrentThreadCpuTime();
            SimulationResult res = Simulator.run(s, o, null);
            long c1 = mx.getCurrentThreadCpuTime();
            MinimalGlobalLoop m = new MinimalGlobalLoop();
            m.run(Math.round(horizon * 100));
            long c2 = mx.getCurrentThreadCpuTime();
            long jobs = 0;
            int g = 0;
            for (VmStats v : res.vms()) {
                for (TaskStats t : v.tasks()) {
                    jobs += t.jobs();
                    if (Math.round(t.maxResponseTime() * 100) != m.maxResponse[g++]) {
                        System.out.println("not the product's schedule: " + v.name() + "/" + t.name() + " R " + t.maxResponseTime()
                                + " against " + m.maxResponse[g - 1] / 100.0);
                        System.exit(1);
                    }
                }
            }
            System.out.printf("round %d: product %.2f M jobs/CPU-s, minimal loop %.2f M (%d jobs, %.2f instants a job)%n", r,
                    jobs / ((c1 - c0) / 1e9) / 1e6, m.jobs / ((c2 - c1) / 1e9) / 1e6, m.jobs, (double) m.instants / m.jobs);
            if (r >= rounds / 3) {
                productCpu += c1 - c0;
                minimalCpu += c2 - c1;
                productJobs += jobs;
                minimalJobs += m.jobs;
            }
        }
        System.out.printf("last two thirds: product %.3f M jobs/CPU-s, minimal loop %.3f M, CPU time ratio %.2f%n",
                productJobs / (productCpu / 1e9) / 1e6, minimalJobs / (minimalCpu / 1e9) / 1e6, (double) productCpu / minimalCpu);
    }
}
