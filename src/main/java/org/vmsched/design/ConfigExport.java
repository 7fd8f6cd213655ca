package org.vmsched.design;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.MigrationCost;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * A scenario's VM interfaces in a hypervisor's own units and syntax (THEORY.md §12.5), rounded only
 * in the safe direction (periods down, budgets up) and re-analysed as rounded:
 * <ul>
 *   <li>Xen RTDS: {@code xl sched-rtds -d DOMAIN -v VCPU -p PERIOD -b BUDGET}, microseconds, with
 *       {@code xl vcpu-pin} to the VM's core (the analysis is partitioned); for a global scenario
 *       (GLOBAL_EDF) {@code -v all} and no pinning;</li>
 *   <li>Linux SCHED_DEADLINE for a KVM/QEMU vCPU thread: {@code chrt --deadline --sched-runtime R
 *       --sched-deadline D --sched-period P --pid 0 TID}, nanoseconds, deadline = period;</li>
 *   <li>Linux cgroup v2 {@code cpu.max}: "QUOTA PERIOD" in microseconds, with the warning that a
 *       CFS bandwidth limit caps a VM and guarantees it nothing.</li>
 * </ul>
 * Each output opens with a comment header: scenario, verdict of the analysis on the rounded
 * values, assumptions (time unit, overhead, server) and the rounding of every value. Stateless.
 */
public final class ConfigExport {

    /** The hypervisors written for. */
    public enum Target {
        RTDS("rtds", 1), SCHED_DEADLINE("sched-deadline", 1000), CPU_MAX("cpu-max", 1);

        private final String cliName;
        private final long perMicro;

        Target(String cliName, long perMicro) {
            this.cliName = cliName;
            this.perMicro = perMicro;
        }

        public String cliName() {
            return cliName;
        }

        /** Output units per microsecond (1 for µs, 1000 for ns). */
        public long perMicro() {
            return perMicro;
        }

        public String unit() {
            return perMicro == 1 ? "us" : "ns";
        }

        public static Target of(String name) {
            for (Target t : values()) {
                if (t.cliName.equals(name)) {
                    return t;
                }
            }
            return null;
        }
    }

    /**
     * A VM period shorter than one unit of the target (a microsecond, a nanosecond): rounded down it
     * would be 0, and raised to one unit it would be longer, which does not only help the VM's tasks
     * (its budget comes later in each period), so the export is refused. The message names the VM,
     * its period in the target's unit and the least the target can set.
     */
    public static final class PeriodBelowOneUnitException extends IllegalArgumentException {
        private final String vm;
        private final double period;
        private final String inUnit;

        PeriodBelowOneUnitException(String vm, double period, String inUnit) {
            super(vm + ": period " + Format.exact(period) + " is " + inUnit + ", below 1 unit of the target");
            this.vm = vm;
            this.period = period;
            this.inUnit = inUnit;
        }

        /** The VM's name. */
        public String vm() {
            return vm;
        }

        /** Its period, in the scenario's time unit. */
        public double period() {
            return period;
        }

        /** Its period in the target's unit, six significant digits and the unit ("0.05 us"). */
        public String inUnit() {
            return inUnit;
        }
    }

    /** One VM's interface as written: in output units, and the rounded scenario's values in time units. */
    public record Rounded(String vm, int core, long period, long budget, double periodUnits, double budgetUnits,
                          double originalPeriod, double originalBudget, long deadline) {
    }

    /**
     * The text, the rounded scenario and its verdict; {@code warnings} name every value below what
     * the target accepts, each with the accepted interface of least bandwidth that keeps the
     * verdict (also in the text's header).
     */
    public record Output(String text, Scenario rounded, AnalysisResult verdict, List<Rounded> vms, List<String> warnings) {
        public Output {
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * The least budget and period a target accepts, in its output units: Xen RTDS refuses budgets
     * and periods under 10 µs ({@code RTDS_MIN_BUDGET}, {@code RTDS_MIN_PERIOD} in
     * xen/common/sched/rt.c); the kernel refuses a SCHED_DEADLINE runtime under 1024 ns
     * ({@code DL_SCALE}) and, by default, a period under 100 µs ({@code sysctl_sched_dl_period_min},
     * kernel/sched/deadline.c); cgroup v2 cpu.max refuses a quota or period under 1 ms
     * (kernel/sched/core.c, {@code min_cfs_quota_period}, {@code min_bw_quota}).
     */
    static long[] minimum(Target t) {
        return switch (t) {
            case RTDS -> new long[] {10, 10};
            case SCHED_DEADLINE -> new long[] {1024, 100_000};
            case CPU_MAX -> new long[] {1000, 1000};
        };
    }

    /**
     * The longest period a target accepts, in its output units: xl reads an RTDS period and budget
     * into a C {@code int} of microseconds (xl_sched.c; the hypercall's are {@code uint32_t}); the
     * kernel refuses, by default, a SCHED_DEADLINE period above 2^22 µs
     * ({@code sysctl_sched_dl_period_max}) and any cpu.max period above 1 s
     * ({@code max_cfs_quota_period}).
     */
    static long maximumPeriod(Target t) {
        return switch (t) {
            case RTDS -> Integer.MAX_VALUE;
            case SCHED_DEADLINE -> 4_194_304_000L;
            case CPU_MAX -> 1_000_000;
        };
    }

    /** Where the target's minimums come from, for the warnings. */
    private static String source(Target t) {
        return switch (t) {
            case RTDS -> "Xen RTDS refuses budgets and periods under 10 us (RTDS_MIN_BUDGET/RTDS_MIN_PERIOD)";
            case SCHED_DEADLINE -> "the kernel refuses a SCHED_DEADLINE runtime under 1024 ns and, by default, a period"
                    + " under 100 us (sysctl kernel.sched_deadline_period_min_us)";
            case CPU_MAX -> "cgroup cpu.max refuses a quota or period under 1000 us (1 ms)";
        };
    }

    /** Where the target's longest period comes from, for the warnings. */
    private static String sourceOfMaximum(Target t) {
        return switch (t) {
            case RTDS -> "xl reads an RTDS period and budget into a C int of microseconds, at most 2147483647 us";
            case SCHED_DEADLINE -> "the kernel refuses, by default, a SCHED_DEADLINE period above 4194304 us"
                    + " (sysctl kernel.sched_deadline_period_max_us)";
            case CPU_MAX -> "cgroup cpu.max refuses a period above 1000000 us (1 s)";
        };
    }

    /** What the verdict in the header is the analysis of: the server rule, or the policy's own (CBS). */
    private static String analysedAs(Scenario s, ServerPolicy server) {
        return serverRule(s) ? "the " + server.jsonName() + " server" : s.hypervisor().policy().title() + "'s own rule";
    }

    /** True when the analysis is of periodic or deferrable servers (EDF, RM, FP, global EDF's vCPUs), not a policy's own rule. */
    private static boolean serverRule(Scenario s) {
        return s.hypervisor().policy().periodicServers() || s.hypervisor().policy().global();
    }

    private ConfigExport() {
    }

    /**
     * The configuration for {@code target}, the scenario's time unit being {@code unitMicros}
     * microseconds.
     */
    public static Output export(Scenario scenario, Target target, double unitMicros) {
        if (!(unitMicros > 0) || Double.isInfinite(unitMicros)) {
            throw new IllegalArgumentException("unitMicros must be a finite number > 0, got " + unitMicros);
        }
        // One output unit, in the scenario's time unit.
        double quantum = BigDecimal.ONE.divide(BigDecimal.valueOf(unitMicros).multiply(BigDecimal.valueOf(target.perMicro())),
                MathContext.DECIMAL64).doubleValue();
        List<Rounded> rounded = new ArrayList<>();
        List<VirtualMachine> vms = new ArrayList<>();
        for (VirtualMachine vm : scenario.vms()) {
            if (SafeRounding.belowOne(vm.period(), quantum)) {
                throw new PeriodBelowOneUnitException(vm.name(), vm.period(),
                        Format.significant(vm.period() * unitMicros * target.perMicro(), 6) + " " + target.unit());
            }
            long p = SafeRounding.periodDown(vm.period(), quantum);
            long b = Math.min(p, SafeRounding.budgetUp(vm.budget(), quantum));
            double pu = SafeRounding.units(p, quantum);
            double bu = SafeRounding.units(b, quantum);
            VirtualMachine server = vm.withServer(pu, bu, vm.overhead());
            // a CBS VM's relative deadline D (SCHED_DEADLINE's sched_deadline) rounded down, never below
            // the runtime: the rounded VM, with it, is what the verdict below is of
            HypervisorPolicy.Definition policy = scenario.hypervisor().policy().definition();
            Double d = policy.reservationDeadline(vm);
            long dl = p;
            if (d != null) {
                dl = Math.max(b, Math.min(p, SafeRounding.periodDown(d, quantum)));
                server = policy.withReservationDeadline(server, SafeRounding.units(dl, quantum));
            }
            rounded.add(new Rounded(vm.name(), vm.core(), p, b, pu, bu, vm.period(), vm.budget(), dl));
            vms.add(server);
        }
        Scenario r = scenario.withVms(vms);
        AnalysisResult verdict = SystemAnalysis.analyze(r);
        List<String> warnings = warnings(r, target, quantum, verdict, rounded);
        StringBuilder out = new StringBuilder();
        header(out, scenario, target, unitMicros, verdict, rounded);
        for (String w : warnings) {
            line(out, "WARNING: " + w);
        }
        boolean global = scenario.hypervisor().policy().global();
        for (int i = 0; i < rounded.size(); i++) {
            Rounded v = rounded.get(i);
            if (global) {
                global(out, target, v, scenario.vms().get(i).vcpus());
                continue;
            }
            pinned(out, target, v);
        }
        return new Output(out.toString(), r, verdict, rounded, warnings);
    }

    /** One VM of a partitioned scenario: its one vCPU pinned to its core, with its rounded period and budget. */
    private static void pinned(StringBuilder out, Target target, Rounded v) {
        switch (target) {
            case RTDS -> {
                out.append("xl vcpu-pin ").append(quote(v.vm())).append(" 0 ").append(v.core()).append('\n');
                out.append("xl sched-rtds -d ").append(quote(v.vm())).append(" -v 0 -p ").append(v.period())
                        .append(" -b ").append(v.budget()).append('\n');
            }
            case SCHED_DEADLINE -> { // one vCPU, pinned to its core
                String tid = "\"$" + shellName(v.vm()) + "_VCPU0_TID\"";
                out.append("taskset -p -c ").append(v.core()).append(' ').append(tid).append('\n');
                out.append("chrt --deadline --sched-runtime ").append(v.budget()).append(" --sched-deadline ")
                        .append(v.deadline()).append(" --sched-period ").append(v.period()).append(" --pid 0 ")
                        .append(tid).append('\n');
            }
            case CPU_MAX -> out.append("echo \"").append(v.budget()).append(' ').append(v.period())
                    .append("\" > /sys/fs/cgroup/").append(shellName(v.vm())).append("/cpu.max\n");
            default -> throw new IllegalStateException();
        }
    }

    /**
     * One VM of a global scenario (THEORY.md §15): its k vCPUs, each a server of the VM's period and
     * budget, left to the scheduler's global EDF over all cores — no pinning. RTDS: one
     * {@code -v all} line; SCHED_DEADLINE (global EDF within its root domain): one {@code chrt} per
     * vCPU thread; cpu.max: the quota of k vCPUs in one period (quota above period is allowed).
     */
    private static void global(StringBuilder out, Target target, Rounded v, int vcpus) {
        switch (target) {
            case RTDS -> out.append("xl sched-rtds -d ").append(quote(v.vm())).append(" -v all -p ").append(v.period())
                    .append(" -b ").append(v.budget()).append('\n');
            case SCHED_DEADLINE -> {
                for (int k = 0; k < vcpus; k++) {
                    String tid = "\"$" + shellName(v.vm()) + "_VCPU" + k + "_TID\"";
                    out.append("chrt --deadline --sched-runtime ").append(v.budget()).append(" --sched-deadline ")
                            .append(v.period()).append(" --sched-period ").append(v.period()).append(" --pid 0 ")
                            .append(tid).append('\n');
                }
            }
            case CPU_MAX -> out.append("echo \"").append(Math.multiplyExact(v.budget(), (long) vcpus)).append(' ')
                    .append(v.period()).append("\" > /sys/fs/cgroup/").append(shellName(v.vm())).append("/cpu.max\n");
            default -> throw new IllegalStateException();
        }
    }

    /**
     * A warning per VM with a budget or period below the target's minimum, offering the accepted
     * interface of least bandwidth that keeps the verdict (THEORY.md §12.5): the exact search of
     * §12.3 over periods at or above the minimum with budgets at or above the minimum
     * ({@link InterfaceDesigner#leastBandwidth}), its period rounded down to three significant
     * digits of the target's unit (not below the minimum), the exact least budget there rounded up
     * to a whole unit (not below the minimum), and the whole scenario re-analysed with it. The
     * nearest interface (the period and budget each raised to the minimum) can cost a whole core:
     * 10 us / 10 us for a VM that 509 us / 10 us serves (THEORY.md §12.5, ConfigExportTest).
     */
    private static List<String> warnings(Scenario r, Target target, double quantum, AnalysisResult verdict,
                                         List<Rounded> rounded) {
        long[] min = minimum(target);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < rounded.size(); i++) {
            Rounded v = rounded.get(i);
            if (v.deadline() < v.period() && target != Target.SCHED_DEADLINE) {
                out.add(v.vm() + "'s deadline " + v.deadline() + " " + target.unit() + " (below its period) cannot be set"
                        + " here: " + target.cliName() + " reserves the budget within the period, so the VM's latency is"
                        + " that of deadline = period, not the one analysed (--target sched-deadline sets it)");
            }
            long max = maximumPeriod(target);
            if (v.period() > max) {
                // a longer period is no help to round to: the VM's interface must be designed again below it
                out.add(v.vm() + "'s period " + v.period() + " " + target.unit() + " is above what the target accepts: "
                        + sourceOfMaximum(target) + "; design it with --max-period "
                        + Format.significant(SafeRounding.units(max, quantum), 9));
                continue;
            }
            if (v.budget() >= min[0] && v.period() >= min[1]) {
                continue;
            }
            String what = v.vm() + "'s " + (v.budget() < min[0] ? "budget " + v.budget() + " " + target.unit() : "")
                    + (v.budget() < min[0] && v.period() < min[1] ? " and " : "")
                    + (v.period() < min[1] ? "period " + v.period() + " " + target.unit() : "") + " is below what "
                    + "the target accepts: " + source(target);
            String redesign = "design it with --min-period " + Format.significant(SafeRounding.units(min[1], quantum), 9);
            if (r.hypervisor().policy().global()) {
                // The least budget of several vCPUs comes from the MPR search, not the single-vCPU one.
                out.add(what + "; " + redesign);
                continue;
            }
            long[] pb = leastAccepted(r, r.vms().get(i), quantum, min);
            String offer;
            if (pb == null) {
                offer = "no interface with a period of at least " + min[1] + " " + target.unit() + " keeps its deadlines; "
                        + redesign;
            } else {
                VirtualMachine vm = r.vms().get(i);
                List<VirtualMachine> vms = new ArrayList<>(r.vms());
                vms.set(i, vm.withServer(SafeRounding.units(pb[0], quantum), SafeRounding.units(pb[1], quantum), vm.overhead()));
                AnalysisResult again = SystemAnalysis.analyze(r.withVms(vms));
                offer = again.verdict() == verdict.verdict()
                        ? String.format(Locale.ROOT, "accepted interface of least bandwidth keeping the verdict %s:"
                        + " period %d %s, budget %d %s (bandwidth %s)", verdict.verdict(), pb[0], target.unit(), pb[1],
                        target.unit(), Format.significant((double) pb[1] / pb[0], 6))
                        : String.format(Locale.ROOT, "period %d %s, budget %d %s would be accepted but the analysis then"
                        + " says %s; %s", pb[0], target.unit(), pb[1], target.unit(), again.verdict(), redesign);
            }
            out.add(what + "; " + offer);
        }
        return out;
    }

    /**
     * The accepted interface of least bandwidth of {@code vm}, {period, budget} in output units
     * (each at least its minimum in {@code min}, budget first), or null when none keeps its
     * deadlines: the exact optimum over periods from the minimum to twice the longest deadline,
     * rounded as {@link #warnings} says and checked by the exact test; the optimum's own period
     * in whole units when three digits do not pass.
     */
    static long[] leastAccepted(Scenario r, VirtualMachine vm, double quantum, long[] min) {
        ServerModel server = ReservationServer.of(r);
        double lo = SafeRounding.units(min[1], quantum);
        double maxD = 0;
        for (Task t : vm.tasks()) {
            maxD = Math.max(maxD, t.deadline());
        }
        Candidate c = InterfaceDesigner.leastBandwidth(r, vm, server, lo, Math.max(lo, 2 * maxD),
                SafeRounding.units(min[0], quantum));
        if (c == null) {
            return null;
        }
        long whole = SafeRounding.periodDown(c.period(), quantum);
        long three = new BigDecimal(whole).round(new MathContext(3, RoundingMode.FLOOR)).longValueExact();
        for (long p : new long[] {Math.max(three, min[1]), Math.max(whole, min[1])}) {
            double t = SafeRounding.units(p, quantum);
            double least = InterfaceDesigner.minBudget(r, vm, server, t);
            if (Double.isNaN(least)) {
                continue;
            }
            long b = Math.max(min[0], SafeRounding.budgetUp(least, quantum));
            try {
                if (b <= p && BudgetSearch.schedulable(vm, server.shape(r, vm, t).withServer(t, SafeRounding.units(b, quantum)))) {
                    return new long[] {p, b};
                }
            } catch (AnalysisLimitException e) {
                // undecided at this period: try the next
            }
        }
        return null;
    }

    private static void header(StringBuilder out, Scenario s, Target target, double unitMicros, AnalysisResult verdict,
                               List<Rounded> rounded) {
        String title = switch (target) {
            case RTDS -> "Xen RTDS scheduler (xl sched-rtds), period and budget in microseconds";
            case SCHED_DEADLINE -> "Linux SCHED_DEADLINE for KVM/QEMU vCPU threads (chrt), runtime/deadline/period in"
                    + " nanoseconds";
            case CPU_MAX -> "Linux cgroup v2 cpu.max (\"quota period\"), microseconds";
        };
        line(out, "VMSched configuration for " + title);
        line(out, "Scenario: " + s.name());
        line(out, "Verdict of the analysis on the rounded values: " + verdict.verdict()
                + (verdict.schedulable() ? "" : " -- do not deploy as is"));
        String hostNote = verdict.cores().isEmpty() ? null : verdict.cores().get(0).note();
        if (verdict.schedulable() && hostNote != null && hostNote.contains(GlobalAnalysis.SHORT_BUT_PROVED)) {
            // a budget short at these offsets: the tasks hold on what the schedule gives, not on the budgets
            line(out, "Note: the host's own schedule leaves a vCPU short of its budget at the VMs' start times as written;"
                    + " every VM's tasks are proved on what that schedule gives them (THEORY.md §15.22), so start the VMs"
                    + " at those times, or raise the budgets: " + hostNote.substring(hostNote.indexOf(GlobalAnalysis.SHORT_BUT_PROVED) + GlobalAnalysis.SHORT_BUT_PROVED.length()));
        }
        if (s.hypervisor().policy().global()) {
            StringBuilder k = new StringBuilder();
            for (VirtualMachine vm : s.vms()) {
                k.append(k.length() == 0 ? "" : ", ").append(vm.name()).append(' ').append(vm.vcpus());
            }
            line(out, String.format(Locale.ROOT, "Assumptions: one time unit of the scenario = %s us; GLOBAL scheduling:"
                    + " every vCPU a server of its VM's period and budget, all scheduled by global EDF on all %d cores,"
                    + " none pinned (no vcpu-pin/taskset lines); vCPUs per VM: %s; each budget includes the switch"
                    + " overhead X", Format.significant(unitMicros, 9), s.hypervisor().cores(), k));
        } else {
            line(out, String.format(Locale.ROOT, "Assumptions: one time unit of the scenario = %s us; one vCPU per VM, bound"
                    + " to its core (partitioned); %s hypervisor policy per core; each budget includes the VM's switch"
                    + " overhead X", Format.significant(unitMicros, 9), s.hypervisor().policy()));
        }
        StringBuilder xs = new StringBuilder("Overhead X per VM switch (time units):");
        for (VirtualMachine vm : s.vms()) {
            xs.append(' ').append(vm.name()).append(" = ").append(Format.significant(vm.overhead(), 9)).append(';');
        }
        line(out, xs.substring(0, xs.length() - 1));
        double migration = MigrationCost.of(s);
        if (migration > 0) {
            line(out, "Migration cost per vCPU dispatch on another core (time units): " + Format.significant(migration, 9)
                    + "; a model of the cache loss, not a " + (target == Target.RTDS ? "Xen" : "kernel") + " setting"
                    + " (nothing here sets it); the analysis charges X + it at every dispatch (THEORY.md §15.2)");
        }
        serverNote(out, s, target);
        line(out, "Rounding (periods down, budgets up, to whole " + target.unit() + "; both only help the VM's tasks;"
                + " the cores were re-tested):");
        double perUnit = unitMicros * target.perMicro();
        for (Rounded v : rounded) {
            line(out, String.format(Locale.ROOT, "  %s: period %s -> %d %s (%s %s), budget %s -> %d %s (%s %s)", v.vm(),
                    Format.significant(v.originalPeriod(), 9), v.period(), target.unit(),
                    signed(v.period() - v.originalPeriod() * perUnit), target.unit(), Format.significant(v.originalBudget(), 9), v.budget(),
                    target.unit(), signed(v.budget() - v.originalBudget() * perUnit), target.unit()));
        }
    }

    /** What the target's reservation is beside the server the analysis used; for cpu.max, that it guarantees nothing. */
    private static void serverNote(StringBuilder out, Scenario s, Target target) {
        ServerPolicy server = s.simulation().serverPolicy();
        switch (target) {
            case RTDS -> line(out, (s.hypervisor().policy().global()
                    ? "RTDS is a deferrable server under global EDF (its default: no vcpu-pin, -v all sets every vCPU);"
                    : "RTDS is a deferrable server under EDF (global unless pinned, hence the vcpu-pin lines);")
                    + " the analysis used " + analysedAs(s, server)
                    + (!serverRule(s) ? "" : s.hypervisor().policy().global() ? (server == ServerPolicy.DEFERRABLE
                    ? " (derived without switch overhead or migration cost, THEORY.md §15.14)"
                    : ": analyse with serverPolicy \"deferrable\" for RTDS's exact behaviour (derived without switch overhead"
                    + " or migration cost, THEORY.md §15.14)") : server == ServerPolicy.DEFERRABLE ? ""
                    : ": analyse with serverPolicy \"deferrable\" for RTDS's exact behaviour"));
            case SCHED_DEADLINE -> {
                line(out, "SCHED_DEADLINE is a constant bandwidth server (EDF on deadlines); the analysis used "
                        + analysedAs(s, server) + ". Set each <VM>_VCPU0_TID to the thread id of the VM's vCPU 0"
                        + (s.hypervisor().policy().global() ? " (and _VCPU1_TID, … for its other vCPUs; global EDF"
                        + " over the root domain's CPUs, no taskset)" : ""));
                line(out, "(e.g. QEMU with -name NAME,debug-threads=on names it \"CPU 0/KVM\"). The kernel needs"
                        + " runtime >= 1024 ns and runtime <= deadline <= period, and by default 100 us <= period <= 4194304 us"
                        + " (sysctl kernel.sched_deadline_period_min_us, _max_us).");
            }
            case CPU_MAX -> {
                line(out, "WARNING: a CFS bandwidth limit (cpu.max) CAPS a VM's CPU time; it GUARANTEES it nothing.");
                line(out, "The verdict above holds only for a reservation (RTDS, SCHED_DEADLINE); with cpu.max the VMs'");
                line(out, "deadlines are not guaranteed, whatever the analysis says.");
            }
            default -> throw new IllegalStateException();
        }
    }

    private static void line(StringBuilder out, String text) {
        out.append("# ").append(text).append('\n');
    }

    private static String signed(double d) {
        return (d >= 0 ? "+" : "") + Format.significant(d, 9);
    }

    /** A VM name for a shell command line: as is when plain, else in single quotes. */
    static String quote(String name) {
        return name.matches("[A-Za-z0-9_.-]+") ? name : "'" + name.replace("'", "'\\''") + "'";
    }

    /** A VM name as a shell-safe identifier (letters, digits, underscore). */
    static String shellName(String name) {
        String s = name.replaceAll("[^A-Za-z0-9_]", "_");
        return s.isEmpty() || Character.isDigit(s.charAt(0)) ? "VM_" + s : s;
    }
}
