package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;

/**
 * Trying to break THEORY.md §15.23 (a VM's periodic vCPUs with a core each, read in the VM's own time): a seeded
 * battery of small hosts with a core per vCPU (1–3 VMs of 1–4 vCPUs, periodic servers, X in {0, 0.01, 0.05}, VM
 * offsets on a tenth of a unit, some budgets C = T, every task's period and deadline a whole number of its VM's
 * periods, every task offset at or after its VM's) in which the analysis proves a VM {@link ProvedOn#GANG}. Each such
 * VM's tasks are made heavier (wcet × 1.1 at a time) while it stays proved so, to sit at the edge of the proof. Every
 * case is simulated at its task offsets, at {@code -Dgang.offsets} more random offsets at or after the VM's (2 unless
 * set) and in worst-case mode, over a few hyperperiods; no task of a proved VM may miss or take longer than its
 * response-time bound. Counts what it saw and prints it. Cases: {@code -Dgang.cases} (suite 30; {@code -Plong-global}
 * sets more, BENCHMARKS.md).
 */
class GangSoundnessTest {

    private static final int CASES = Integer.getInteger("gang.cases", 30);
    private static final int WHOLE_CASES = Integer.getInteger("gang.whole.cases", 10);
    private static final int OFFSETS = Integer.getInteger("gang.offsets", 2);
    private static final double[] VM_PERIODS = {4, 5, 8, 10};
    private static final int[] MULTIPLES = {1, 2, 3, 4, 6};
    private static final double[] OVERHEADS = {0, 0.01, 0.05};
    /**
     * With C = T the larger X, the more the simulator serves beyond the proof's S (X every period); {@code
     * -Dgang.whole.overheads=0.5,1,1.5} draws others.
     */
    private static final double[] WHOLE_OVERHEADS = Arrays.stream(System.getProperty("gang.whole.overheads", "0.01,0.05,0.1,0.3")
            .split(",")).mapToDouble(Double::parseDouble).toArray();

    @Test
    void noTaskOfAVmProvedInItsOwnTimeMissesOrExceedsItsBound() {
        Battery n = new Battery();
        n.run("drawn budgets", 1523, CASES);
        assertTrue(n.gangVms >= CASES, "every case proves a GANG VM");
    }

    /**
     * The corner the review of §15.23 named: a budget C = T with X > 0. The simulator runs such a vCPU as dedicated
     * (one dispatch, X once), so it serves more than the S of the proof, which charges X every period; the claim's
     * exact change of clock does not describe that run, so `Gang.of` leaves such a VM out (the review's battery of
     * 2,300 such cases, run before, found no miss: BENCHMARKS.md). {@code -Dgang.whole.cases} systems of only such VMs
     * (suite 10; {@code -Plong-global} sets more): none is proved in its own time.
     */
    @Test
    void aWholeBudgetWithAnOverheadIsNotReadInItsOwnTime() {
        Random rnd = new Random(1524);
        for (int c = 0; c < WHOLE_CASES; c++) {
            Scenario s = draw(rnd, true);
            assertEquals(List.of(), gang(SystemAnalysis.analyze(s)), () -> SoundnessBattery.json(s));
        }
    }

    /**
     * The battery's cases: a system that proves a VM in its own time, every such VM sharpened (wcet × 1.1 at a time,
     * up to 15 times, while it stays proved so); run over a few hyperperiods, the closest runs to a bound among the
     * GANG VMs' tasks.
     */
    private static final class Battery extends SoundnessBattery {
        long gangVms;
        long gangWholeBudget;

        Battery() {
            super(OFFSETS);
        }

        @Override
        Scenario draw(Random rnd) {
            return GangSoundnessTest.draw(rnd, false);
        }

        @Override
        Scenario kept(Scenario s) {
            List<Integer> first = gang(SystemAnalysis.analyze(s));
            if (first.isEmpty()) {
                return null;
            }
            for (int v : first) {
                s = sharpened(s, v, 15, t -> t.withWcet(Math.min(t.deadline(), Math.max(t.wcet() + 0.01,
                        Math.round(t.wcet() * 110) / 100.0))), next -> gang(SystemAnalysis.analyze(next)).contains(v));
            }
            List<Integer> proved = gang(SystemAnalysis.analyze(s));
            gangVms += proved.size();
            for (int v : proved) {
                gangWholeBudget += s.vms().get(v).budget() == s.vms().get(v).period() ? 1 : 0;
            }
            return s;
        }

        /** {@code s} with every task's offset drawn again in [o, o + its period) on a tenth, o its VM's offset. */
        @Override
        Scenario reoffset(Scenario s, Random rnd) {
            List<VirtualMachine> vms = new ArrayList<>();
            for (VirtualMachine vm : s.vms()) {
                vms.add(vm.withTasks(vm.tasks().stream().map(t -> new Task(t.name(), t.wcet(), t.period(), t.deadline(),
                        offset(rnd, vm.offset(), t.period()))).toList()));
            }
            return s.withVms(vms);
        }

        @Override
        SimulationOptions options(Scenario s) {
            return SimulationOptions.DEFAULT.withHorizon(horizon(s));
        }

        @Override
        boolean closestCounts(AnalysisResult a, int v) {
            return gang(a).contains(v);
        }

        @Override
        String tally(String label) {
            return String.format("gang (THEORY §15.23, the VM's own time), %s: %d cases of %d drawn, %d GANG VMs (%d with C = T), %d"
                    + " at the edge of their proof after %d sharpening steps; %d runs, %d task runs within their bound, %d misses"
                    + " of proved tasks, %d misses of unproved VMs' tasks; closest run to a bound %.3f of it at offsets, %.3f in"
                    + " worst-case mode", label, cases, drawn, gangVms, gangWholeBudget, atEdge, sharpened, runs,
                    boundedTaskRuns, provedTaskMisses, unprovedMisses, closest, closestWorst);
        }
    }

    private static List<Integer> gang(AnalysisResult a) {
        List<Integer> out = new ArrayList<>();
        for (int v = 0; v < a.vms().size(); v++) {
            VmVerdict vm = a.vms().get(v);
            if (vm.schedulable() && vm.provedOn() == ProvedOn.GANG) {
                out.add(v);
            }
        }
        return out;
    }

    /** The latest first release plus three hyperperiods of every period in the system. */
    private static double horizon(Scenario s) {
        long h = 1;
        double latest = 0;
        for (VirtualMachine vm : s.vms()) {
            h = lcm(h, (long) vm.period());
            for (Task t : vm.tasks()) {
                h = lcm(h, (long) t.period());
                latest = Math.max(latest, t.offset());
            }
        }
        return latest + 3 * h;
    }

    private static long lcm(long a, long b) {
        long x = a;
        long y = b;
        while (y != 0) {
            long r = x % y;
            x = y;
            y = r;
        }
        return a / x * b;
    }

    private static double offset(Random rnd, double vmOffset, double period) {
        return rnd.nextInt(3) == 0 ? vmOffset : Math.round((vmOffset + rnd.nextInt((int) period * 10) / 10.0) * 10) / 10.0;
    }

    /**
     * A random host with a core per vCPU (and one spare core in three): 1–3 VMs of 1–4 vCPUs (one in four a single
     * vCPU), periodic servers, each VM's budget on a tenth (C = T one VM in six), X from {0, 0.01, 0.05}, the offset 0
     * or (one VM in two) on a tenth of its period; tasks whose periods and deadlines are whole numbers of its period.
     */
    private static Scenario draw(Random rnd, boolean wholeBudgets) {
        int nVm = 1 + rnd.nextInt(3);
        int total = 0;
        List<VirtualMachine> vms = new ArrayList<>();
        for (int v = 0; v < nVm; v++) {
            int k = rnd.nextInt(4) == 0 ? 1 : 2 + rnd.nextInt(3);
            total += k;
            double period = VM_PERIODS[rnd.nextInt(VM_PERIODS.length)];
            double x = wholeBudgets ? WHOLE_OVERHEADS[rnd.nextInt(WHOLE_OVERHEADS.length)] : OVERHEADS[rnd.nextInt(OVERHEADS.length)];
            double budget = wholeBudgets || rnd.nextInt(6) == 0 ? period
                    : Math.min(period, Math.max(0.2, Math.round(period * (0.2 + 0.8 * rnd.nextDouble()) * 10) / 10.0));
            double offset = rnd.nextBoolean() ? 0 : rnd.nextInt((int) period * 10) / 10.0;
            boolean edf = rnd.nextBoolean();
            GuestScheduler g = k > 1 ? (edf ? GuestScheduler.GLOBAL_EDF : GuestScheduler.GLOBAL_RM)
                    : (edf ? GuestScheduler.EDF : GuestScheduler.RM);
            double alpha = (budget - x) / period;
            // where the supplies stop proving and the VM's own time still proves (a scratch census of 1,500 one-VM
            // draws): one vCPU with one or two tasks asking all it gives, or several vCPUs with 3–5 tasks at 45–75 %
            double share = k == 1 ? 0.9 + 0.15 * rnd.nextDouble() : 0.45 + 0.3 * rnd.nextDouble();
            List<Task> tasks = tasks(rnd, k == 1 ? 1 + rnd.nextInt(2) : 3 + rnd.nextInt(3), k * alpha * share, period, alpha, offset);
            vms.add(new VirtualMachine("vm" + v, period, budget, x, 0, offset, g, null, tasks, null, k));
        }
        int cores = total + (rnd.nextInt(3) == 0 ? 1 : 0);
        return new Scenario(2, "gang", "", new Platform(HypervisorPolicy.GLOBAL_EDF, cores, null), vms,
                SimulationSettings.DEFAULT);
    }

    /** {@code n} tasks sharing {@code load}, periods and deadlines whole numbers of {@code vmPeriod}, offsets from {@code o}. */
    private static List<Task> tasks(Random rnd, int n, double load, double vmPeriod, double alpha, double o) {
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int m = MULTIPLES[rnd.nextInt(MULTIPLES.length)];
            double tp = m * vmPeriod;
            double deadline = rnd.nextInt(4) == 0 ? (1 + rnd.nextInt(m)) * vmPeriod : tp;
            double wcet = Math.max(0.01, Math.floor(Math.min(load / n * tp, alpha * deadline) * 100) / 100.0);
            tasks.add(new Task("t" + i, wcet, tp, deadline, offset(rnd, o, tp)));
        }
        return tasks;
    }
}
