package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.mpr.BudgetDeadline;
import org.vmsched.analysis.mpr.DeferrableVcpus;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.analysis.mpr.GlobalEdfResponseTimes;
import org.vmsched.analysis.mpr.GlobalRmOnMpr;
import org.vmsched.analysis.mpr.GlobalTask;
import org.vmsched.analysis.mpr.HostGlobalEdf;
import org.vmsched.analysis.mpr.HostSchedule;
import org.vmsched.analysis.mpr.MprSupply;
import org.vmsched.analysis.mpr.VcpuServer;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;

/**
 * Trying to break THEORY.md §15.14's second addendum (Δ = C + Ī for deferrable vCPUs sharing the cores): a seeded
 * battery of small hosts of deferrable vCPUs (X = M = 0, 2–4 cores, more vCPUs than cores, a third of the VMs
 * "greedy", their tasks asking more than their vCPUs give so that they spend every budget they can and block the
 * others as much as EDF lets them) that the host test proves and in which at least one VM whose Δ is
 * {@link BudgetDeadline.Source#HOST_BLOCKING} is proved. Every case is simulated with deferrable servers from
 * offsets 0, at its task offsets, at two more random task offsets and in worst-case mode (each vCPU replaying the
 * pattern of the EDP supply with that Δ); no task of a VM the analysis proves may miss or take longer than its
 * response-time bound. A second battery draws no greedy VM and keeps only systems whose every VM is proved. Counts
 * what each saw and prints it. Cases of each: {@code -Ddeferrable.blocking.cases} (suite 40;
 * {@code -Plong-global} sets more, BENCHMARKS.md).
 */
class DeferrableBlockingSoundnessTest {

    private static final int CASES = Integer.getInteger("deferrable.blocking.cases", 40);
    /** Runs at random task offsets a case ({@code -Ddeferrable.blocking.offsets}, 2 unless set). */
    private static final int OFFSETS = Integer.getInteger("deferrable.blocking.offsets", 2);
    private static final double HORIZON = 300;
    private static final double[] VM_PERIODS = {4, 5, 8, 10, 20, 40};
    private static final double[] TASK_PERIODS = {20, 40, 60, 120};

    /** Every proved VM beside greedy neighbours: a third of the VMs ask more than their vCPUs give. */
    @Test
    void noTaskOfAProvedVmMissesWhereDeferrableVcpusReadDeltaFromTheirBlocking() {
        battery("beside greedy VMs", 1514, true);
    }

    /** Whole systems proved, every VM's tasks (no greedy VM): the cases the brief of the review names. */
    @Test
    void noTaskMissesInAWholeProvedSystemWhereDeferrableVcpusReadDeltaFromTheirBlocking() {
        battery("every VM proved", 1517, false);
    }

    /**
     * The edge the battery found (THEORY §15.14 review): a vCPU blocked up to exactly T − C (Ī = 7.8, T = 10, C = 2.2)
     * fails BCL at the host (a strict test) but §15.16's host test proves it with R = T = C + Ī; its VM then reads
     * Δ = T (C + Ī is not below T), §15.14's supply, whose lemma needs only Ī ≤ T − C.
     */
    @Test
    void aVcpuBlockedExactlyTMinusCIsProvedAtTheHostByResponseTimesAndReadsDeltaT() {
        List<VcpuServer> servers = new ArrayList<>();
        for (double[] vm : new double[][] {{1.4, 8, 3}, {2.2, 10, 3}, {1.4, 8, 1}}) {
            for (int k = 0; k < vm[2]; k++) {
                servers.add(VcpuServer.of(vm[0], vm[1], true));
            }
        }
        assertEquals(new BigFraction(39, 5), DeferrableVcpus.blocked(2, servers, 3));
        assertTrue(!HostGlobalEdf.bertognaCirineiLipari(2, servers).schedulable());
        GlobalEdfResponseTimes.Bounds host = GlobalEdfResponseTimes.host(2, servers);
        assertTrue(host.result().schedulable());
        assertEquals(new BigFraction(10), host.responseTimes().get(3));
        List<VirtualMachine> vms = new ArrayList<>();
        double[][] shape = {{8, 1.4, 3}, {10, 2.2, 3}, {8, 1.4, 1}};
        for (int v = 0; v < shape.length; v++) {
            vms.add(new VirtualMachine("vm" + v, shape[v][0], shape[v][1], 0, 0, 0, (int) shape[v][2] > 1 ? GuestScheduler.GLOBAL_EDF
                    : GuestScheduler.EDF, null, List.of(new Task("t", 1, 120, 120, 0)), null, (int) shape[v][2]));
        }
        Scenario s = GlobalSoundnessAgainstSimulationProperties.deferrable(new Scenario(2, "edge", "",
                new Platform(HypervisorPolicy.GLOBAL_EDF, 2, null), vms, SimulationSettings.DEFAULT));
        assertEquals(Verdict.SCHEDULABLE, SystemAnalysis.analyze(s).cores().get(0).verdict());
        BudgetDeadline d = GlobalAnalysis.budgetDeadlines(s, HostSchedule.NONE).get(1);
        assertEquals(new BudgetDeadline(new BigFraction(10), BudgetDeadline.Source.PERIOD), d);
    }

    private static void battery(String label, long seed, boolean greedy) {
        Battery n = new Battery(greedy);
        n.run(label, seed, CASES);
        assertTrue(n.hostBlockingProved >= CASES, "every case proves a HOST_BLOCKING VM");
        assertTrue(greedy || n.casesAllProved == CASES, "every case proves every VM");
        // the battery reaches the addendum's gain: some VMs are proved only on Δ = C + Ī
        assertTrue(n.provedOnlyBelowT * 10 >= n.hostBlockingProved, () -> "only " + n.provedOnlyBelowT + " of "
                + n.hostBlockingProved + " proved VMs needed Δ < T");
    }

    /**
     * The battery's cases: a host the host test proves with a proved HOST_BLOCKING VM (with {@code greedy} false,
     * every VM proved), those VMs sharpened; run from offsets 0 too, with deferrable servers, the host held to its
     * proof in every run.
     */
    private static final class Battery extends SoundnessBattery {
        private final boolean greedy;
        long hostBlockingVms;
        long hostBlockingProved;
        long provedOnlyBelowT;
        long casesAllProved;
        long hostBoundsCompared;

        Battery(boolean greedy) {
            super(OFFSETS);
            this.greedy = greedy;
        }

        @Override
        Scenario draw(Random rnd) {
            return GlobalSoundnessAgainstSimulationProperties.deferrable(DeferrableBlockingSoundnessTest.draw(rnd, greedy));
        }

        /** A host proved with one of its HOST_BLOCKING VMs proved, sharpened. */
        @Override
        Scenario kept(Scenario s) {
            AnalysisResult a = SystemAnalysis.analyze(s);
            if (a.cores().get(0).verdict() != Verdict.SCHEDULABLE || !greedy && a.verdict() != Verdict.SCHEDULABLE) {
                return null;
            }
            List<BudgetDeadline> deltas = GlobalAnalysis.budgetDeadlines(s, HostSchedule.NONE);
            if (provedBlocking(s, a, deltas).isEmpty()) {
                return null;
            }
            hostBoundsCompared += hostImpliesBlockingBelowTheGap(s);
            s = sharpened(s, deltas);
            a = SystemAnalysis.analyze(s);
            List<Integer> proved = provedBlocking(s, a, deltas);
            hostBlockingVms += deltas.stream().filter(d -> d.source() == BudgetDeadline.Source.HOST_BLOCKING).count();
            hostBlockingProved += proved.size();
            for (int v : proved) {
                provedOnlyBelowT += provedAtPeriod(s, s.vms().get(v)) ? 0 : 1;
            }
            casesAllProved += a.verdict() == Verdict.SCHEDULABLE ? 1 : 0;
            return s;
        }

        /**
         * {@code s} with each proved HOST_BLOCKING VM's tasks made heavier (wcet × 1.1 at a time, up to 12 times)
         * while the analysis still proves the host and that VM: the battery runs its tasks near the edge of what
         * Δ = C + Ī proves.
         */
        private Scenario sharpened(Scenario s, List<BudgetDeadline> deltas) {
            for (int v = 0; v < s.vms().size(); v++) {
                if (deltas.get(v).source() != BudgetDeadline.Source.HOST_BLOCKING || !SystemAnalysis.analyze(s).vms().get(v).schedulable()) {
                    continue;
                }
                int vv = v;
                s = sharpened(s, v, 12, t -> t.withWcet(Math.min(t.deadline(), Math.round(t.wcet() * 110) / 100.0)), next -> {
                    AnalysisResult a = SystemAnalysis.analyze(next);
                    return a.cores().get(0).verdict() == Verdict.SCHEDULABLE && a.vms().get(vv).schedulable();
                });
            }
            return s;
        }

        /** {@code s} with every task's offset drawn again in [0, its period), whole units. */
        @Override
        Scenario reoffset(Scenario s, Random rnd) {
            List<VirtualMachine> vms = new ArrayList<>();
            for (VirtualMachine vm : s.vms()) {
                vms.add(vm.withTasks(vm.tasks().stream()
                        .map(t -> new Task(t.name(), t.wcet(), t.period(), t.deadline(), rnd.nextInt((int) t.period()))).toList()));
            }
            return s.withVms(vms);
        }

        @Override
        SimulationOptions options(Scenario s) {
            return SimulationOptions.DEFAULT.withHorizon(HORIZON).withServerPolicy(ServerPolicy.DEFERRABLE);
        }

        @Override
        List<Scenario> fixedRuns(Scenario s) {
            return List.of(GlobalSoundnessAgainstSimulationProperties.zeroOffsets(s), s);
        }

        @Override
        void checkRun(Scenario s, SimulationResult run, AnalysisResult a) {
            assertEquals(Verdict.SCHEDULABLE, a.cores().get(0).verdict(), () -> "the host test depends on offsets? " + json(s));
        }

        @Override
        String tally(String label) {
            return String.format("deferrable blocking (THEORY §15.14, Δ = C + Ī), %s: %d cases of %d drawn, %d HOST_BLOCKING VMs"
                    + " proved (of %d), %d of them not proved at Δ = T, %d cases with every VM proved; %d runs, %d task runs"
                    + " within their bound, %d misses of proved tasks, %d misses of unproved VMs' tasks; %d sharpening steps;"
                    + " %d host response-time bounds equal to C + Ī; closest run to a bound %.3f of it on the host, %.3f in worst-case mode",
                    label, cases, drawn, hostBlockingProved, hostBlockingVms, provedOnlyBelowT, casesAllProved, runs,
                    boundedTaskRuns, provedTaskMisses, unprovedMisses, sharpened, hostBoundsCompared, closest, closestWorst);
        }
    }

    /**
     * What the fall-back Δ = T rests on (THEORY §15.14): a host the analysis proves blocks no deferrable vCPU for
     * more than T − C in a period (Ī ≤ T − C), since only BCL and the response-time test prove deferrable servers and
     * both fail for a vCPU with Ī > T − C (BCL, strict, already at Ī = T − C, where the response-time bound is T).
     * And the host's response-time bound of a deferrable vCPU (slack 0) is C + Ī itself: Δ = C + Ī is the host's
     * bound, as §15.17 reads it for periodic vCPUs.
     */
    private static long hostImpliesBlockingBelowTheGap(Scenario s) {
        List<VcpuServer> servers = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            for (int k = 0; k < vm.vcpus(); k++) {
                servers.add(VcpuServer.of(vm.budget(), vm.period(), true));
            }
        }
        int m = s.hypervisor().cores();
        GlobalEdfResponseTimes.Bounds host = GlobalEdfResponseTimes.host(m, servers);
        long compared = 0;
        for (int i = 0; i < servers.size(); i++) {
            BigFraction blocked = DeferrableVcpus.blocked(m, servers, i);
            BigFraction gap = servers.get(i).period().subtract(servers.get(i).budget());
            int ii = i;
            assertTrue(blocked.compareTo(gap) <= 0, () -> "host proved, yet vCPU " + ii + " is blocked up to " + blocked
                    + " > T − C in " + SoundnessBattery.json(s));
            if (host.result().schedulable()) {
                compared++;
                assertEquals(servers.get(i).budget().add(blocked), host.responseTimes().get(i), () -> "vCPU " + ii + " in " + SoundnessBattery.json(s));
            }
        }
        return compared;
    }

    /** The VMs whose Δ is HOST_BLOCKING and which the analysis proves. */
    private static List<Integer> provedBlocking(Scenario s, AnalysisResult a, List<BudgetDeadline> deltas) {
        List<Integer> out = new ArrayList<>();
        for (int v = 0; v < s.vms().size(); v++) {
            if (deltas.get(v).source() == BudgetDeadline.Source.HOST_BLOCKING && a.vms().get(v).schedulable()) {
                out.add(v);
            }
        }
        return out;
    }

    /** Whether the guest tests of a deferrable VM (§15.14: BCL or RM-BCL, and response times) prove it at Δ = T. */
    private static boolean provedAtPeriod(Scenario s, VirtualMachine vm) {
        MprSupply atT = GlobalAnalysis.mprSupply(s, vm, new BigFraction(vm.period()));
        List<GlobalTask> tasks = vm.tasks().stream().map(t -> GlobalTask.of(t.wcet(), t.deadline(), t.period())).toList();
        boolean byDeadline = vm.scheduler() == GuestScheduler.EDF || vm.scheduler() == GuestScheduler.GLOBAL_EDF;
        GlobalEdfResponseTimes.Bounds rta = byDeadline ? GlobalEdfResponseTimes.onMpr(atT, tasks) : GlobalRmOnMpr.responseTimes(atT, tasks);
        return DeferrableVcpus.guest(atT, tasks, byDeadline).schedulable() || rta.result().schedulable();
    }

    /**
     * A random host: 2–4 cores, 2–5 VMs of 1–3 vCPUs, more vCPUs than cores, the vCPUs loading the cores to 30–70 %,
     * each VM's tasks light (proved, mostly) or, one VM in three when {@code greedy}, greedy (asking 100–150 % of what
     * its vCPUs give).
     */
    private static Scenario draw(Random rnd, boolean greedyVms) {
        int cores = 2 + rnd.nextInt(3);
        int nVm = 2 + rnd.nextInt(4);
        int[] vcpus = new int[nVm];
        int total = 0;
        for (int v = 0; v < nVm; v++) {
            vcpus[v] = 1 + rnd.nextInt(3);
            total += vcpus[v];
        }
        while (total <= cores) {
            vcpus[rnd.nextInt(nVm)]++;
            total++;
        }
        double hostLoad = cores * (0.3 + 0.4 * rnd.nextDouble());
        List<VirtualMachine> vms = new ArrayList<>();
        for (int v = 0; v < nVm; v++) {
            double period = VM_PERIODS[rnd.nextInt(VM_PERIODS.length)];
            double alpha = Math.min(0.9, Math.max(0.05, hostLoad / total * (0.5 + rnd.nextDouble())));
            double budget = Math.max(0.1, Math.round(alpha * period * 10) / 10.0);
            int k = vcpus[v];
            boolean edf = rnd.nextBoolean();
            GuestScheduler g = k > 1 ? (edf ? GuestScheduler.GLOBAL_EDF : GuestScheduler.GLOBAL_RM)
                    : (edf ? GuestScheduler.EDF : GuestScheduler.RM);
            boolean greedy = rnd.nextInt(3) == 0 && greedyVms;
            double share = greedy ? 1.0 + 0.5 * rnd.nextDouble() : 0.05 + 0.6 * rnd.nextDouble();
            List<Task> tasks = tasks(rnd, k * budget / period * share, greedy);
            // a third of the VMs first replenished later, on a tenth of a unit, so that replenishments fall just apart
            double offset = rnd.nextInt(3) == 0 ? rnd.nextInt((int) period * 10) / 10.0 : 0;
            vms.add(new VirtualMachine("vm" + v, period, budget, 0, 0, offset, g, null, tasks, null, k));
        }
        return new Scenario(2, "deferrable-blocking", "", new Platform(HypervisorPolicy.GLOBAL_EDF, cores, null), vms,
                SimulationSettings.DEFAULT);
    }

    /** 1–4 tasks sharing {@code load}; a quarter with a constrained deadline; offsets in [0, period). */
    private static List<Task> tasks(Random rnd, double load, boolean greedy) {
        int n = 1 + rnd.nextInt(4);
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double tp = TASK_PERIODS[rnd.nextInt(TASK_PERIODS.length)];
            double wcet = Math.max(0.1, Math.round(load / n * tp * 100) / 100.0);
            wcet = Math.min(wcet, greedy ? tp : tp / 2);
            double deadline = rnd.nextInt(4) == 0 ? Math.max(wcet, Math.round(tp * (0.5 + 0.5 * rnd.nextDouble()))) : tp;
            tasks.add(new Task("t" + i, wcet, tp, deadline, rnd.nextInt((int) tp)));
        }
        return tasks;
    }
}
