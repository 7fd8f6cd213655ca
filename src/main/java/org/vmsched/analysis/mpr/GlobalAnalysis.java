package org.vmsched.analysis.mpr;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.EdfResult;
import org.vmsched.analysis.ExactDecimal;
import org.vmsched.analysis.MigrationCost;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.text.Format;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The analysis of a validated scenario under a global policy (global EDF over virtual CPUs, Xen
 * RTDS; THEORY.md §15.11): the host test of every virtual CPU as a server task under global EDF on
 * the scenario's cores (a core each when there are at most as many vCPUs as cores, else GFB, BCL;
 * §15.6), and per VM its k virtual CPUs' supply as an MPR interface (Π = T, Θ = k·(C − (1 + P)·X),
 * m′ = k, P = 0 when all vCPUs fit the cores; §15.2; X plus the migration cost M when the scenario
 * sets one, every dispatch counted as a migration) with the guest's tests on it (global EDF: Shin–
 * Easwaran–Lee and BCL; global RM or a VM of one virtual CPU under RM: BCL in RM order). Every test
 * is sufficient: a verdict is schedulable when a test proves it, not schedulable only when a
 * necessary condition fails (the vCPUs' bandwidth above the cores; the load above k·C/T, the VM's
 * whole budget: a load above Θ/Π alone is undecided, Θ being a lower bound), and otherwise
 * undecided with the tests' reasons. Stateless.
 */
public final class GlobalAnalysis {

    private GlobalAnalysis() {
    }

    /**
     * The whole verdict: one core verdict per core (the host test is one for all cores), one per VM;
     * {@code schedule} gives the host's own schedule of periodic vCPUs (§15.18), or
     * {@link HostSchedule#NONE}.
     */
    public static AnalysisResult analyze(Scenario s, HostSchedule schedule) {
        boolean deferrable = s.simulation().serverPolicy() == ServerPolicy.DEFERRABLE;
        List<VcpuServer> servers = new ArrayList<>();
        int[] first = new int[s.vms().size()];
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine vm = s.vms().get(v);
            first[v] = servers.size();
            for (int k = 0; k < vm.vcpus(); k++) {
                servers.add(VcpuServer.of(vm.budget(), vm.period(), deferrable).named("vCPU " + vm.name() + "#" + k));
            }
        }
        int m = s.hypervisor().cores();
        MprResult coreEach = HostGlobalEdf.aCoreEach(m, servers);
        // the host's own schedule (§15.18): periodic servers sharing the cores; a core each needs none
        HostSchedule.Times times = deferrable || coreEach.schedulable() ? HostSchedule.Times.none("") : schedule.of(s);
        MprResult host = coreEach.schedulable() ? coreEach
                : either(either(HostGlobalEdf.goossensFunkBaruah(m, servers), HostGlobalEdf.bertognaCirineiLipari(m, servers)),
                        GlobalEdfResponseTimes.host(m, servers).result()); // §15.16: any sound test that proves it
        if (!host.schedulable() && host.verdict() != Verdict.NOT_SCHEDULABLE && times.perVm() != null) {
            host = exactHost(s, times, host);
        } else if (!host.schedulable() && host.verdict() != Verdict.NOT_SCHEDULABLE && times.shortfall() != null) {
            host = failingHost(s, times.shortfall(), host);
        }
        VcpuDeadlines.Deltas delta = VcpuDeadlines.of(s, servers, first, times);
        // §15.22: a host short of some budget at these offsets still runs every VM on its own schedule
        // (not past the cores' bandwidth: that host is not schedulable, as the classic condition says, §15.6)
        boolean budgetsShort = host.verdict() == Verdict.NOT_SCHEDULABLE && host.test().equals(EXACT_SCHEDULE) && times.usable() != null;
        List<VmVerdict> vms = new ArrayList<>();
        List<ScheduleSupply.Built> tables = deferrable ? null : scheduleSupplies(s, times);
        Verdict guests = Verdict.SCHEDULABLE;
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine vm = s.vms().get(v);
            VmVerdict vv = vm(s, vm, delta.delta()[v], delta.source()[v], deferrable, host, tables == null ? null : tables.get(v),
                    tables == null || tables.get(v) == null ? null : times.usable().get(v), coreEach.schedulable(), budgetsShort);
            vms.add(vv);
            guests = guests.and(vv.verdict());
        }
        if (budgetsShort && guests == Verdict.SCHEDULABLE) {
            host = MprResult.labelled(Verdict.SCHEDULABLE, EXACT_SCHEDULE, "every VM's tasks are proved"
                    + " on the supply the host's own schedule gives its vCPUs" + SHORT_BUT_PROVED
                    + ProofText.unlabelled(host.reason()), false, null, host.points());
        }
        String hostNote = "all " + servers.size() + " virtual CPUs on " + m + (m == 1 ? " core" : " cores")
                + " by global EDF (" + (host.test().equals(EXACT_SCHEDULE) ? "the host's own schedule" : "sufficient tests")
                + "): " + host.reason();
        List<String> names = s.vms().stream().map(VirtualMachine::name).toList();
        List<CoreVerdict> cores = new ArrayList<>();
        for (int c = 0; c < m; c++) {
            cores.add(new CoreVerdict(c, s.hypervisor().policy(), ExactDecimal.utilization(s.vms(), m), names,
                    List.of(), hostNote, host.verdict()));
        }
        Verdict all = host.verdict().and(guests);
        return new AnalysisResult(all, cores, vms);
    }

    private static VmVerdict vm(Scenario s, VirtualMachine vm, BigFraction delta, String source, boolean deferrable, MprResult host,
                                ScheduleSupply.Built table, HostSchedule.Usable usable, boolean coreEach, boolean budgetsShort) {
        List<GlobalTask> tasks = new ArrayList<>();
        for (Task t : vm.tasks()) {
            tasks.add(GlobalTask.of(t.wcet(), t.deadline(), t.period()).named("task " + t.name()));
        }
        Verdict verdict;
        String desc;
        GlobalEdfResponseTimes.Bounds rta = null;
        ProvedOn on = ProvedOn.NONE;
        String by = null;
        String notCovered = deferrable ? DeferrableVcpus.notCovered(dispatchOverhead(s, vm)) : null;
        if (notCovered != null) {
            verdict = Verdict.UNDECIDED;
            desc = Verdicts.labelled(Verdict.UNDECIDED, notCovered);
        } else {
            Supply one = vcpuSupply(s, vm);
            MprSupply supply = supply(vm.vcpus(), one, delta);
            GuestAnalysis.Guest g = GuestAnalysis.guest(vm, supply, tasks, deferrable, deferrable && coreEach);
            MprResult onEdp = g.result();
            List<GuestAnalysis.Attempt> tried = new ArrayList<>(List.of(new GuestAnalysis.Attempt(ProvedOn.EDP, onEdp, null)));
            on = onEdp.schedulable() ? ProvedOn.EDP : ProvedOn.NONE;
            if (!onEdp.schedulable() || budgetsShort) {
                // with a budget short the EDP supply is no guarantee: only the schedule's own supplies (§15.22)
                GuestAnalysis.Sharper sh = deferrable ? new GuestAnalysis.Sharper(null, ProvedOn.NONE, List.of())
                        : GuestAnalysis.sharper(vm, tasks, table, usable, coreEach ? supply(1, one, delta) : null, budgetsShort ? null : supply,
                        Gang.of(s, vm, tasks, coreEach));
                g = sh.guest() != null ? sh.guest() : g;
                on = sh.guest() != null || !onEdp.schedulable() ? sh.on() : on; // else proved on EDP given the budgets
                tried.addAll(sh.attempts());
            }
            rta = g.rta();
            by = on == ProvedOn.NONE ? null : g.result().test();
            verdict = g.result().verdict();
            String decided = verdict == Verdict.NOT_SCHEDULABLE ? wholeBudget(s, vm, tasks, onEdp.reason()) : null;
            verdict = verdict == Verdict.NOT_SCHEDULABLE && withinWholeBudget(vm, tasks) ? Verdict.UNDECIDED : verdict;
            desc = ProofText.of(on, g.result(), decided, (deferrable ? "deferrable vCPUs, as periodic ones on the host's guarantee (THEORY.md §15.14): " : "")
                    + "MPR (Π = " + Format.exact(vm.period()) + ", Θ = " + thetaText(s, vm, supply, one.preemptions()) + ", m′ = " + vm.vcpus()
                    + edpText(vm, delta, source, supply)
                    + "), " + (vm.multiVcpu() ? "global " : "") + (vm.scheduler().byDeadline() ? "EDF" : "RM")
                    + " inside (sufficient)", tried, host.schedulable() || onSchedule(budgetsShort, on))
                    + (onSchedule(budgetsShort, on) ? ". The MPR supply assumes every vCPU's budget, which the host does not give at these offsets"
                    + " (THEORY.md §15.22); the host's own schedule's supply assumes none" : "");
        }
        return verdictOf(vm, verdict, desc, rta, host, !onSchedule(budgetsShort, on), on, by);
    }

    /** Whether a VM on a host short of a budget was proved on its own schedule's supply, which needs no budget (§15.22). */
    private static boolean onSchedule(boolean budgetsShort, ProvedOn on) {
        return budgetsShort && on != ProvedOn.NONE && on != ProvedOn.EDP;
    }


    /**
     * A guest's "not schedulable" kept only when the load exceeds the VM's whole budget k·C/T (THEORY.md
     * §15.11): Θ charges X + M at every dispatch and P preemptions, a lower bound. Returns the reason,
     * labelled undecided when the whole budget would carry the load.
     */
    private static String wholeBudget(Scenario s, VirtualMachine vm, List<GlobalTask> tasks, String reason) {
        BigFraction rate = wholeRate(vm);
        String wholeRate = "the whole budget k·C/T = " + Format.table(ExactDecimal.nearest(rate));
        String label = Verdicts.label(Verdict.NOT_SCHEDULABLE);
        String why = reason.startsWith(label) ? reason.substring(label.length()) : reason;
        if (withinWholeBudget(vm, tasks)) {
            return Verdicts.labelled(Verdict.UNDECIDED, why + ", which counts X" + (MigrationCost.of(s) > 0 ? " + M" : "")
                    + " at every dispatch and P preemptions, but not " + wholeRate
                    + ": a run with fewer switches may meet every deadline; this is no proof of a miss");
        }
        return reason + " and even " + wholeRate;
    }

    /** k·C/T, the VM's whole budget: a rate no run exceeds. */
    private static BigFraction wholeRate(VirtualMachine vm) {
        return ExactDecimal.fraction(vm.budget()).multiply(vm.vcpus()).divide(ExactDecimal.fraction(vm.period()));
    }

    /** Whether the tasks' load is at most the VM's whole budget k·C/T. */
    private static boolean withinWholeBudget(VirtualMachine vm, List<GlobalTask> tasks) {
        BigFraction load = BigFraction.ZERO;
        for (GlobalTask t : tasks) {
            load = load.add(t.utilization());
        }
        return load.compareTo(wholeRate(vm)) <= 0;
    }

    /** Θ's words: P only counts through the overhead it charges (with none, Θ is k·C; a bare "P = 2" beside Π read as a second period, issue 32). */
    private static String thetaText(Scenario s, VirtualMachine vm, MprSupply supply, int p) {
        double m = MigrationCost.of(s);
        return dispatchOverhead(s, vm) == 0 ? vm.vcpus() + "·C = " + Format.exact(supply.budget().doubleValue())
                : vm.vcpus() + "·(C − (1 + P)·" + (m > 0 ? "(X + M)) = " : "X) = ") + Format.exact(supply.budget().doubleValue())
                + " with P = " + p + " preemptions per period"
                + (m > 0 ? ", M = " + Format.exact(m) + " the migration cost per dispatch" : "");
    }

    /**
     * The VM's verdict: the tasks carry the guest's; a host short of a guarantee makes them conditional (VmVerdict)
     * where the proof {@code needsBudgets} (every supply but the host's own schedule's, §15.22).
     */
    private static VmVerdict verdictOf(VirtualMachine vm, Verdict verdict, String desc, GlobalEdfResponseTimes.Bounds rta, MprResult host,
                                       boolean needsBudgets, ProvedOn on, String by) {
        List<TaskVerdict> tv = new ArrayList<>();
        boolean bounded = rta != null && !rta.responseTimes().isEmpty() && verdict == Verdict.SCHEDULABLE;
        for (int i = 0; i < vm.tasks().size(); i++) {
            Task t = vm.tasks().get(i);
            // a response-time bound where §15.16's test gives one (rounded up: a bound stays a bound)
            Double r = bounded ? atLeast(rta.responseTimes().get(i)) : null;
            tv.add(new TaskVerdict(t.name(), t.wcet(), t.period(), t.deadline(), r, verdict));
        }
        String coreNote = null;
        if (host.verdict() != Verdict.SCHEDULABLE && needsBudgets) { // a proof on the schedule's own supply needs none (§15.22)
            coreNote = hostNotGuaranteed(host.verdict()) + ": " + host.reason();
            verdict = verdict.and(host.verdict() == Verdict.NOT_SCHEDULABLE ? Verdict.NOT_SCHEDULABLE : Verdict.UNDECIDED);
        }
        String note = verdict == Verdict.UNDECIDED && coreNote == null ? desc : null;
        return new VmVerdict(vm.name(), vm.period(), vm.budget(), vm.overhead(), vm.bandwidthAsWritten(), verdict, Double.NaN,
                List.of(), Double.NaN, tv, note, null, coreNote, null, List.of(), desc,
                note == null ? null : Verdict.UNDECIDED, bounded, on, by); // the note is the undecided reason; R per task where §15.16 bounds it
    }

    /**
     * Per VM, the least supply of the host's own schedule (§15.19) when {@code times} carries its usable
     * intervals (else null entries): for windows from the VM's earliest task offset (no job is released before).
     */
    public static List<ScheduleSupply.Built> scheduleSupplies(Scenario s, HostSchedule.Times times) {
        List<ScheduleSupply.Built> out = new ArrayList<>();
        boolean overCores = times.usable() != null && times.shortfall() != null && pastTheCores(s);
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine vm = s.vms().get(v);
            if (times.usable() == null || vm.tasks().isEmpty() || overCores) { // past its cores the host is not schedulable (§15.22)
                out.add(null);
                continue;
            }
            HostSchedule.Usable u = times.usable().get(v);
            out.add(ScheduleSupply.of(u, vm.vcpus(), GuestAnalysis.lowestStart(vm, u)));
        }
        return out;
    }

    /** Whether the vCPUs' bandwidth exceeds the cores (§15.6), where §15.22 reads no table. */
    private static boolean pastTheCores(Scenario s) {
        BigFraction u = BigFraction.ZERO;
        for (VirtualMachine vm : s.vms()) {
            u = u.add(wholeRate(vm));
        }
        return u.compareTo(new BigFraction(s.hypervisor().cores())) > 0;
    }

    /**
     * The words joining a host's proof on its own schedule to the shortfall it still names (§15.22); what a
     * reader of the host's note (export-config) looks for.
     */
    public static final String SHORT_BUT_PROVED = " (THEORY.md §15.22), although ";

    /**
     * The host proved by its own schedule (§15.18): every vCPU held a core for its whole budget within
     * each of its periods, at the VMs' offsets as written; {@code tests} the host tests that did not prove it.
     */
    private static MprResult exactHost(Scenario s, HostSchedule.Times times, MprResult tests) {
        StringBuilder worst = new StringBuilder();
        for (int v = 0; v < s.vms().size(); v++) {
            BigFraction r = times.perVm().get(v);
            if (r.compareTo(ExactDecimal.fraction(s.vms().get(v).period())) > 0) {
                return tests; // (a time above T is no guarantee; the schedule's run says so by giving none)
            }
            worst.append(v == 0 ? "" : ", ").append(s.vms().get(v).name()).append(" ")
                    .append(Format.exact(ExactDecimal.nearest(r)));
        }
        // unlabelled: the host's note reads "…(the host's own schedule): the host's own schedule of …"
        String proof = "the host's own schedule of the periodic vCPUs at the VMs' offsets (THEORY.md §15.18) gives every"
                + " vCPU its budget within its period; longest time to the budget per VM: " + worst + " (the tests: "
                + tests.reason() + ")";
        return new MprResult(Verdict.SCHEDULABLE, EXACT_SCHEDULE, proof, proof, false, null, tests.points());
    }

    /** The name of the host's own schedule as a host test (§15.18). */
    private static final String EXACT_SCHEDULE = "exact schedule";

    /**
     * The host proved to fail by its own schedule (§15.18 Claim 5): in the period {@code f} the vCPU held
     * a core for less than its budget, in every run at the VMs' offsets as written; {@code tests} the
     * host tests that did not decide.
     */
    private static MprResult failingHost(Scenario s, HostSchedule.Shortfall f, MprResult tests) {
        VirtualMachine vm = s.vms().get(f.vm());
        BigFraction c = ExactDecimal.fraction(vm.budget());
        BigFraction end = f.release().add(ExactDecimal.fraction(vm.period()));
        return MprResult.labelled(Verdict.NOT_SCHEDULABLE, EXACT_SCHEDULE,
                "the host's own schedule of the periodic vCPUs at the VMs' offsets as written (THEORY.md §15.18)"
                + " gives vCPU " + vm.name() + "#" + f.vcpu() + " (period T = " + Format.exact(vm.period())
                + ", budget C = " + Format.exact(vm.budget()) + ") a core for only " + exact(f.held())
                + " in its period from " + exact(f.release()) + " to " + exact(end) + ", " + exact(c.subtract(f.held()))
                + " short; other offsets are other schedules (the tests: " + tests.reason() + ")", false, null, tests.points());
    }

    static String exact(BigFraction f) {
        return Format.exact(ExactDecimal.nearest(f));
    }

    /**
     * The head of a VM's note when the host test does not guarantee its virtual CPUs' budgets; the
     * note goes on with ": " and the host test's reason, which a report printing the host's test
     * once may leave out.
     */
    public static String hostNotGuaranteed(Verdict host) {
        return (host == Verdict.UNDECIDED ? Verdicts.label(Verdict.UNDECIDED) : "")
                + "the host test does not guarantee the virtual CPUs' budgets";
    }

    /**
     * The supply of one of {@code vm}'s periodic virtual CPUs as its MPR supply reads it (§15.2):
     * budget, period and overhead X of the VM, at most P preemptions per period under global EDF
     * ({@link HostGlobalEdf#preemptionsPerPeriod}), starting late when a task is released before
     * the VM's first replenishment (as {@link VmSupply}, §6.1); k copies make the VM's MPR supply.
     * Simulation's worst-case mode replays it on each virtual CPU.
     */
    public static Supply vcpuSupply(Scenario s, VirtualMachine vm) {
        if (s.vms().stream().noneMatch(j -> j == vm)) {
            throw new IllegalArgumentException("VM " + vm.name() + " is not in scenario " + s.name());
        }
        // no vCPU is preempted when they all fit the cores (§15.2): none ever waits for one. Else P counts, as
        // HostGlobalEdf.preemptionsPerPeriod does vCPU by vCPU, ⌈(T − T_j)/T_j⌉ for every vCPU of a shorter period,
        // here VM by VM (a VM's vCPUs share its period): one exact period per VM, not every server built per VM
        int vcpus = 0;
        for (VirtualMachine j : s.vms()) {
            vcpus += j.vcpus();
        }
        long p = 0;
        if (vcpus > s.hypervisor().cores()) {
            BigFraction t = Exact.fraction(vm.period());
            for (VirtualMachine j : s.vms()) {
                p += j.vcpus() * HostGlobalEdf.preemptionsBy(t, Exact.fraction(j.period()));
            }
        }
        double start = 0;
        for (Task t : vm.tasks()) {
            if (t.offset() < vm.offset()) {
                start = vm.offset(); // a task waits for the VM's first replenishment (as VmSupply, §6.1)
            }
        }
        return new Supply(vm.period(), vm.budget(), dispatchOverhead(s, vm), Math.toIntExact(p), Supply.Kind.PERIODIC, start);
    }

    /**
     * What the analysis charges each dispatch of one of {@code vm}'s virtual CPUs: X, plus the
     * scenario's migration cost M ({@link MigrationCost}), since any dispatch but the first may be on
     * another core (THEORY.md §15.2). The sum of the two decimals as written, exactly (0.1 + 0.2 is 0.3).
     */
    public static double dispatchOverhead(Scenario s, VirtualMachine vm) {
        double m = MigrationCost.of(s);
        return m == 0 ? vm.overhead()
                : BigDecimal.valueOf(vm.overhead()).add(BigDecimal.valueOf(m)).doubleValue();
    }

    /**
     * The MPR supply VM {@code vm}'s tasks are analysed on: {@link #vcpuSupply} with each periodic vCPU's
     * budget within Δ = {@link #vcpuDeadline} of its release (THEORY.md §15.17); under deferrable
     * servers (§15.14) Δ from the most a vCPU is blocked (C with a core each, at most T: §15.2's supply).
     */
    public static MprSupply mprSupply(Scenario s, VirtualMachine vm, HostSchedule schedule) {
        return mprSupply(s, vm, vcpuDeadline(s, vm, schedule));
    }

    /** {@link #vcpuSupply}'s k copies, each budget within {@code delta} (C ≤ Δ ≤ T) of its release (§15.17). */
    public static MprSupply mprSupply(Scenario s, VirtualMachine vm, BigFraction delta) {
        return supply(vm.vcpus(), vcpuSupply(s, vm), delta);
    }

    /**
     * Δ of VM {@code vm}'s vCPUs as periodic servers (THEORY.md §15.17): the host-level bound on how
     * long after its release each vCPU has received its whole budget C — C when the host has a core
     * for every vCPU, else the largest of the VM's vCPUs' bounds by the host's response-time test
     * (§15.16) rounded up to the grid of the scenario's server values, and T (no sharper bound) when
     * that test bounds not every vCPU; where {@code schedule} gives the host's own schedule (§15.18),
     * the largest time from a replenishment of one of the VM's vCPUs to its whole budget, when that is
     * less. Under deferrable servers (§15.14): C with a core each (its addendum), else C plus the most a vCPU of
     * the VM is blocked in one period ({@link DeferrableVcpus#blocked}) on the grid, or T when that is not less.
     * Exact, in [C, T].
     */
    public static BigFraction vcpuDeadline(Scenario s, VirtualMachine vm, HostSchedule schedule) {
        int index = s.vms().indexOf(vm);
        if (index < 0) {
            throw new IllegalArgumentException("VM " + vm.name() + " is not in scenario " + s.name());
        }
        return vcpuDeadlines(s, schedule).get(index);
    }

    /** {@link #vcpuDeadline} of every VM of {@code s}, in order (one look at the host's schedule). */
    public static List<BigFraction> vcpuDeadlines(Scenario s, HostSchedule schedule) {
        return budgetDeadlines(s, schedule).stream().map(BudgetDeadline::delta).toList();
    }

    /** {@link #vcpuDeadlines}, each Δ with where it comes from (a core each, the host's bound or its own schedule). */
    public static List<BudgetDeadline> budgetDeadlines(Scenario s, HostSchedule schedule) {
        List<VcpuServer> servers = new ArrayList<>();
        int[] first = new int[s.vms().size()];
        boolean deferrable = s.simulation().serverPolicy() == ServerPolicy.DEFERRABLE;
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine j = s.vms().get(v);
            first[v] = servers.size();
            for (int k = 0; k < j.vcpus(); k++) {
                servers.add(VcpuServer.of(j.budget(), j.period(), deferrable)); // as analyze builds them
            }
        }
        VcpuDeadlines.Deltas d = VcpuDeadlines.of(s, servers, first, hostTimes(s, schedule));
        List<BudgetDeadline> out = new ArrayList<>();
        for (int v = 0; v < d.delta().length; v++) {
            out.add(new BudgetDeadline(d.delta()[v], d.kind()[v]));
        }
        return out;
    }

    /**
     * The host's own schedule as the analysis reads it (§15.18, §15.19): {@code schedule}'s times for
     * periodic vCPUs that share the cores, none (an empty reason) with a core each or deferrable vCPUs.
     */
    public static HostSchedule.Times hostTimes(Scenario s, HostSchedule schedule) {
        int vcpus = 0;
        for (VirtualMachine vm : s.vms()) {
            vcpus += vm.vcpus();
        }
        return vcpus <= s.hypervisor().cores() || s.simulation().serverPolicy() == ServerPolicy.DEFERRABLE
                ? HostSchedule.Times.none("") : schedule.of(s);
    }

    /**
     * k copies of the periodic server {@code one} whose useful budget of each period arrives within
     * {@code delta} of its release (§15.17; Δ = T is §15.2's supply): blackout
     * B = (T − C) + (Δ − C) + (2P + 1)·X, Θ = k·(C − (1 + P)·X), m′ = k; a late start (tasks released
     * before the VM's first replenishment O) makes the first gap at most O + Δ − Θ₁.
     */
    static MprSupply supply(int k, Supply one, BigFraction delta) {
        MprSupply early = MprSupply.ofVirtualCpus(k, new Supply(one.period(), one.budget(), one.overhead(),
                one.preemptions(), one.kind()));
        BigFraction t = ExactDecimal.fraction(one.period());
        BigFraction c = ExactDecimal.fraction(one.budget());
        if (delta.compareTo(c) < 0 || delta.compareTo(t) > 0) {
            throw new IllegalArgumentException("the vCPUs' budget deadline Δ must be in [C, T], got " + delta);
        }
        BigFraction blackout = early.blackout().subtract(t.subtract(delta)); // 2(T − C) + (2P + 1)X less T − Δ
        if (one.start() > 0) {
            BigFraction chunk = ExactDecimal.fraction(one.exactChunk());
            BigFraction late = ExactDecimal.fraction(one.start()).add(delta).subtract(chunk);
            blackout = late.compareTo(blackout) > 0 ? late : blackout;
        }
        return new MprSupply(early.period(), early.budget(), k, blackout);
    }

    /** The analysis's words for Δ when it is below T (§15.17) and where it comes from, else nothing. */
    private static String edpText(VirtualMachine vm, BigFraction delta, String source, MprSupply supply) {
        if (delta.compareTo(ExactDecimal.fraction(vm.period())) >= 0) {
            return source.isEmpty() ? "" : ", Δ = T (" + source + ")";
        }
        return ", each vCPU's budget within Δ = " + Format.exact(ExactDecimal.nearest(delta))
                + " of its release (EDP, THEORY.md §15.17" + (source.isEmpty() ? "" : "; " + source) + "): blackout "
                + Format.exact(ExactDecimal.nearest(supply.blackout()));
    }

    /** The least double not below {@code f}: a response-time bound read as a double stays a bound. */
    static double atLeast(BigFraction f) {
        double d = ExactDecimal.nearest(f);
        return new BigFraction(d).compareTo(f) < 0 ? Math.nextUp(d) : d;
    }

    /** The better of two sufficient tests of the same thing: a proof from either, a necessary failure from either. */
    static MprResult either(MprResult a, MprResult b) {
        if (a.verdict() == Verdict.SCHEDULABLE) {
            return a;
        }
        if (b.verdict() == Verdict.SCHEDULABLE || b.verdict() == Verdict.NOT_SCHEDULABLE) {
            return b;
        }
        if (a.verdict() == Verdict.NOT_SCHEDULABLE) {
            return a;
        }
        // both undecided: the reason "undecided: a; undecided: b" as ever, the bare reason "a; undecided: b"
        return MprResult.labelled(Verdict.UNDECIDED, a.test() + "; " + b.test(), a.bareReason() + "; " + b.reason(),
                a.limitReached() || b.limitReached(), a.witness(), a.points() + b.points());
    }
}
