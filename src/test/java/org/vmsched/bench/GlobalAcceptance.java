package org.vmsched.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.mpr.GlobalEdfOnMpr;
import org.vmsched.analysis.mpr.GlobalEdfResponseTimes;
import org.vmsched.analysis.mpr.GlobalRmOnMpr;
import org.vmsched.analysis.mpr.GlobalTask;
import org.vmsched.analysis.mpr.HostGlobalEdf;
import org.vmsched.analysis.mpr.HostSchedule;
import org.vmsched.analysis.ExactDecimal;
import org.vmsched.analysis.mpr.GuestSupply;
import org.vmsched.analysis.mpr.ScheduleSupply;
import org.vmsched.analysis.mpr.VcpuServer;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.VcpuResponseTimes;
import org.vmsched.sim.global.GlobalSoundnessAgainstSimulationProperties;

/**
 * The acceptance table of BENCHMARKS.md, "Global EDF: what each test accepts" (issue 32 item 2):
 * on one fixed population of random global-EDF systems (seed 32, heavier than the soundness
 * property's: hosts at 0.4–0.95 of their cores, tasks at 0.3–1.0 of their VM's useful rate), the
 * share each sufficient test (host and guest) and their combinations prove, against the share no
 * simulation run misses (synchronous from 0 and with the offsets, 0..300), for periodic servers
 * (overheads 0–0.05) and for deferrable ones (X = 0). Prints one row per test set, the count of
 * proved systems a run missed (must be 0), and where the unproved systems without a miss fail:
 * the host test, a guest test, and (periodic servers) how many miss when each vCPU replays the worst
 * pattern of the supply the guest tests read (worst-case mode; since THEORY.md §15.17 the EDP
 * supply): there no test on that supply can help. Run its {@code main} on the test class path (after
 * {@code ./mvnw -B -o -q test-compile}; {@code dependency:build-classpath -Dmdep.includeScope=test}
 * for the jars); arguments: the number of systems (default 1,400), then {@code periodic} or {@code deferrable} to run
 * one half only.
 */
public final class GlobalAcceptance {

    private GlobalAcceptance() {
    }

    /** Which tests a row may use: host (GFB, BCL, RTA; a core each always) and guest (SEL, BCL, RTA; RM guests RM-BCL). */
    private record Row(String name, boolean hGfb, boolean hBcl, boolean hRta, boolean gSel, boolean gBcl, boolean gRta, boolean edp,
                       boolean exact, boolean table) {

        Row(String name, boolean hGfb, boolean hBcl, boolean hRta, boolean gSel, boolean gBcl, boolean gRta) {
            this(name, hGfb, hBcl, hRta, gSel, gBcl, gRta, false, false, false);
        }

        Row(String name, boolean hGfb, boolean hBcl, boolean hRta, boolean gSel, boolean gBcl, boolean gRta, boolean edp) {
            this(name, hGfb, hBcl, hRta, gSel, gBcl, gRta, edp, false, false);
        }

        Row(String name, boolean hGfb, boolean hBcl, boolean hRta, boolean gSel, boolean gBcl, boolean gRta, boolean edp, boolean exact) {
            this(name, hGfb, hBcl, hRta, gSel, gBcl, gRta, edp, exact, false);
        }
    }

    private static final List<Row> ROWS = List.of(
            new Row("host GFB or BCL, guest SEL or BCL (the analysis before issue 32, periodic servers)", true, true, false, true, true, false),
            new Row("host GFB, guest SEL", true, false, false, true, false, false),
            new Row("host BCL, guest BCL", false, true, false, false, true, false),
            new Row("host RTA, guest RTA (Bertogna-Cirinei with slack)", false, false, true, false, false, true),
            new Row("host any, guest SEL or RTA", true, true, true, true, false, true),
            new Row("all tests, on the periodic servers' supply (Δ = T; the analysis before the EDP supply)", true, true, true, true, true, true),
            new Row("host RTA, guest RTA, on the EDP supply (Δ = C with a core each, else the host's R; §15.17)",
                    false, false, true, false, false, true, true),
            new Row("all tests, on the EDP supply (the analysis before the host's own schedule)", true, true, true, true, true, true, true),
            new Row("host RTA or its own schedule, guest RTA, on the EDP supply with Δ from the host's schedule (§15.18)",
                    false, false, true, false, false, true, true, true),
            new Row("all tests and the host's own schedule, on the EDP supply (the analysis before §15.19)", true, true, true, true, true,
                    true, true, true),
            new Row("host RTA or its own schedule, guest RTA on the EDP supply or on the least supply of the host's schedule (§15.19)",
                    false, false, true, false, false, true, true, true, true),
            new Row("all tests and the host's own schedule, guest also on its least supply (§15.19; the analysis now)",
                    true, true, true, true, true, true, true, true, true));

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1400;
        String only = args.length > 1 ? args[1] : "";
        if (!only.equals("deferrable")) {
            run("periodic servers", n, false);
        }
        if (!only.equals("periodic")) {
            run("deferrable servers (X = M = 0)", n, true);
        }
    }

    private static void run(String label, int n, boolean deferrable) {
        long[] accepted = new long[ROWS.size()];
        long tool = 0;
        long noMiss = 0;
        long unsound = 0;
        long provedMissed = 0; // proved at the offsets as written, yet the run from offsets 0 missed: not covered
        long gapHost = 0;
        long gapGuest = 0;
        long gapSupply = 0;
        long gapSupplyCoreEach = 0;
        long start = System.nanoTime();
        Random seeds = new Random(32);
        for (int i = 0; i < n; i++) {
            Scenario s = system(new Random(seeds.nextLong()));
            if (deferrable) {
                s = GlobalSoundnessAgainstSimulationProperties.deferrable(s);
            }
            boolean[] ok = accepts(s, deferrable);
            boolean proved = SystemAnalysis.analyze(s).verdict() == Verdict.SCHEDULABLE;
            SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(300.0)
                    .withServerPolicy(deferrable ? ServerPolicy.DEFERRABLE : ServerPolicy.PERIODIC);
            // the host's own schedule depends on the VMs' offsets (THEORY.md §15.18): the run from offsets 0
            // is held to the analysis of the system with offsets 0
            Scenario zero = GlobalSoundnessAgainstSimulationProperties.zeroOffsets(s);
            boolean zeroClean = Simulator.run(zero, o).deadlineMisses() == 0;
            boolean offsetClean = Simulator.run(s, o).deadlineMisses() == 0;
            boolean clean = zeroClean && offsetClean;
            boolean wrong = proved && !offsetClean
                    || !zeroClean && SystemAnalysis.analyze(zero).verdict() == Verdict.SCHEDULABLE;
            for (int r = 0; r < ROWS.size(); r++) {
                accepted[r] += ok[r] ? 1 : 0;
            }
            tool += proved ? 1 : 0;
            provedMissed += proved && !clean && !wrong ? 1 : 0;
            noMiss += clean ? 1 : 0;
            unsound += wrong ? 1 : 0;
            if (clean && !proved) {
                boolean host = hostProved(s, ROWS.get(ROWS.size() - 1), deferrable);
                gapHost += host ? 0 : 1;
                gapGuest += host ? 1 : 0;
                // periodic servers: does the worst pattern of the supply the guest tests read (worst-case mode) miss?
                if (!deferrable && Simulator.run(s, o.withMode(SimulationMode.WORST_CASE)).deadlineMisses() > 0) {
                    gapSupply++;
                    // a core each: the replay is the host's own schedule (Δ = C), the tasks at another phase
                    gapSupplyCoreEach += HostGlobalEdf.aCoreEach(s.hypervisor().cores(), servers(s, false)).schedulable() ? 1 : 0;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s: %d systems (seed 32), %.0f s%n", label, n, (System.nanoTime() - start) / 1e9);
        if (deferrable) {
            System.out.println("| before issue 32 (every VM of deferrable vCPUs undecided) | 0 (0.0 %) |");
        }
        for (int r = 0; r < ROWS.size(); r++) {
            System.out.printf(Locale.ROOT, "| %s | %d (%.1f %%) |%n", ROWS.get(r).name(), accepted[r], 100.0 * accepted[r] / n);
        }
        System.out.printf(Locale.ROOT, "| SystemAnalysis.analyze says schedulable | %d (%.1f %%) |%n", tool, 100.0 * tool / n);
        System.out.printf(Locale.ROOT, "| no miss seen in simulation (synchronous and offsets, 0..300) | %d (%.1f %%) |%n", noMiss,
                100.0 * noMiss / n);
        System.out.printf(Locale.ROOT, "proved at the offsets as written, yet the run from offsets 0 (another schedule of the"
                + " host, not analysed) missed: %d%n", provedMissed);
        System.out.printf(Locale.ROOT, "proved but a run missed (unsound; the run from offsets 0 against the analysis of"
                + " offsets 0): %d; not proved, no miss seen: %d, of which the host"
                + " test fails %d, a guest test fails (host proved) %d; of them the analysed supply's worst pattern"
                + " (worst-case mode, periodic servers only) misses in %d, %d of them with a core for each vCPU%n", unsound,
                gapHost + gapGuest, gapHost, gapGuest, gapSupply, gapSupplyCoreEach);
    }

    private static boolean[] accepts(Scenario s, boolean deferrable) {
        boolean[] out = new boolean[ROWS.size()];
        for (int r = 0; r < ROWS.size(); r++) {
            Row row = ROWS.get(r);
            boolean ok = hostProved(s, row, deferrable);
            for (VirtualMachine vm : s.vms()) {
                ok = ok && guestProved(s, vm, row, deferrable);
            }
            out[r] = ok;
        }
        return out;
    }

    private static List<VcpuServer> servers(Scenario s, boolean deferrable) {
        List<VcpuServer> out = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            for (int k = 0; k < vm.vcpus(); k++) {
                out.add(VcpuServer.of(vm.budget(), vm.period(), deferrable));
            }
        }
        return out;
    }

    private static boolean hostProved(Scenario s, Row row, boolean deferrable) {
        int m = s.hypervisor().cores();
        List<VcpuServer> v = servers(s, deferrable);
        return HostGlobalEdf.aCoreEach(m, v).schedulable()
                || row.hGfb() && HostGlobalEdf.goossensFunkBaruah(m, v).schedulable()
                || row.hBcl() && HostGlobalEdf.bertognaCirineiLipari(m, v).schedulable()
                || row.hRta() && GlobalEdfResponseTimes.host(m, v).result().schedulable()
                || row.exact() && !deferrable && VcpuResponseTimes.of(s).perVm() != null; // every budget within its period
    }

    private static boolean guestProved(Scenario s, VirtualMachine vm, Row row, boolean deferrable) {
        if (guestProvedOn(s, vm, row, deferrable, null)) {
            return true;
        }
        if (!row.table() || deferrable) {
            return false;
        }
        ScheduleSupply.Built b = tables(s).get(s.vms().indexOf(vm));
        return b != null && b.supply() != null && guestProvedOn(s, vm, row, false, b.supply());
    }

    private static Scenario tablesOf;
    private static List<ScheduleSupply.Built> tables;

    /** §15.19's tables of {@code s}'s VMs (the last scenario's kept: every row asks). */
    private static List<ScheduleSupply.Built> tables(Scenario s) {
        if (s != tablesOf) {
            tables = GlobalAnalysis.scheduleSupplies(s, GlobalAnalysis.hostTimes(s, VcpuResponseTimes.EXACT));
            tablesOf = s;
        }
        return tables;
    }

    private static boolean guestProvedOn(Scenario s, VirtualMachine vm, Row row, boolean deferrable, GuestSupply table) {
        GuestSupply supply = table != null ? table
                : row.edp() ? GlobalAnalysis.mprSupply(s, vm, row.exact() ? VcpuResponseTimes.EXACT : HostSchedule.NONE)
                : GlobalAnalysis.mprSupply(s, vm, ExactDecimal.fraction(vm.period()));
        List<GlobalTask> tasks = vm.tasks().stream().map(t -> GlobalTask.of(t.wcet(), t.deadline(), t.period())).toList();
        if (!vm.scheduler().byDeadline()) {
            return GlobalRmOnMpr.bertognaCirineiLipari(supply, tasks).schedulable();
        }
        return row.gSel() && !deferrable && GlobalEdfOnMpr.shinEaswaranLee(supply, tasks).schedulable()
                || row.gBcl() && GlobalEdfOnMpr.bertognaCirineiLipari(supply, tasks).schedulable()
                || row.gRta() && GlobalEdfResponseTimes.onMpr(supply, tasks).result().schedulable();
    }

    /** The soundness property's shape with heavier loads (the figures above say which). */
    static Scenario system(Random rnd) {
        int cores = 2 + rnd.nextInt(7);
        int nVm = 1 + rnd.nextInt(4);
        double[] vmPeriods = {4, 5, 5, 10};
        double[] taskPeriods = {20, 40, 60, 120};
        double hostLoad = cores * (0.4 + 0.55 * rnd.nextDouble());
        List<VirtualMachine> vms = new ArrayList<>();
        int[] vcpus = new int[nVm];
        int total = 0;
        for (int v = 0; v < nVm; v++) {
            vcpus[v] = 1 + rnd.nextInt(Math.min(4, cores));
            total += vcpus[v];
        }
        for (int v = 0; v < nVm; v++) {
            double period = vmPeriods[rnd.nextInt(vmPeriods.length)];
            double alpha = Math.min(0.95, Math.max(0.1, hostLoad / total * (0.8 + 0.4 * rnd.nextDouble())));
            double budget = Math.max(0.5, Math.round(alpha * period * 10) / 10.0);
            double overhead = new double[] {0, 0, 0.01, 0.02, 0.05}[rnd.nextInt(5)];
            int k = vcpus[v];
            boolean edf = rnd.nextInt(4) != 0;
            GuestScheduler g = k > 1 ? (edf ? GuestScheduler.GLOBAL_EDF : GuestScheduler.GLOBAL_RM)
                    : (edf ? GuestScheduler.EDF : GuestScheduler.RM);
            double taskLoad = k * (budget - 2 * overhead) / period * (0.3 + 0.7 * rnd.nextDouble());
            int nt = 1 + rnd.nextInt(5);
            List<Task> tasks = new ArrayList<>();
            for (int i = 0; i < nt; i++) {
                double tp = taskPeriods[rnd.nextInt(taskPeriods.length)];
                double wcet = Math.max(0.1, Math.round(taskLoad / nt * tp * 100) / 100.0);
                wcet = Math.min(wcet, tp * 0.9);
                double deadline = rnd.nextInt(5) == 0 ? Math.max(wcet, Math.round(tp * (0.6 + 0.4 * rnd.nextDouble()))) : tp;
                tasks.add(new Task("t" + i, wcet, tp, deadline, rnd.nextInt(tp > 20 ? 20 : 10)));
            }
            vms.add(new VirtualMachine("vm" + v, period, budget, overhead, 0, rnd.nextInt(3) == 0 ? rnd.nextInt((int) period) : 0,
                    g, null, tasks, null, k));
        }
        return new Scenario(2, "random", "", new Platform(HypervisorPolicy.GLOBAL_EDF, cores, null), vms, SimulationSettings.DEFAULT);
    }
}
