package org.vmsched.linux;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.design.SafeRounding;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * A scenario as a run on a real Linux kernel (THEORY.md §17): each VM an RT cgroup (cgroup v1
 * {@code cpu.rt_runtime_us} per {@code cpu.rt_period_us}, its budget and period in microseconds)
 * and its tasks SCHED_FIFO threads of one {@code rt-app} process, with rate-monotonic priorities,
 * {@code run} = WCET and {@code timer.period} = period, pinned to the VM's core; and a script
 * {@code run.sh} ({@link RunScript}) that makes the groups, runs the processes in them, records
 * the scheduler's events and removes what it made. Under RT group scheduling a group competes at
 * the priority of its highest ready thread, so the VMs get disjoint bands of priorities in the
 * host's order (FP: the VMs' priorities; RM: their periods). Periods are rounded down to whole
 * microseconds, budgets and WCETs up. What does not map onto the kernel is refused
 * ({@link Unmappable}: an EDF, CBS, Credit or global host, EDF inside a VM, several vCPUs, a total
 * bandwidth above the root's 0.95) or flagged in the header and the warnings (overhead X, offsets),
 * never approximated in silence. Stateless.
 */
public final class RtAppExport {

    /** The root group's RT bandwidth by default: {@code sched_rt_runtime_us} 950000 per {@code sched_rt_period_us} 1000000. */
    public static final double ROOT_BANDWIDTH = 0.95;

    /** The highest priority written; 91–99 stay for the kernel's own threads (watchdog, migration). */
    public static final int TOP_PRIORITY = 90;

    /**
     * run.sh's exit status when rt-app ended before the seconds asked (a signal stopped it: rt-app
     * then exits with status 0); the trace of what ran is kept.
     */
    public static final int CUT_SHORT = 4;

    /** A scenario that has no faithful image under RT group scheduling; the message says why and what to do. */
    public static final class Unmappable extends IllegalArgumentException {
        Unmappable(String message) {
            super(message);
        }
    }

    /** One task as written: its thread name, priority and values in microseconds. */
    public record Thread(String vm, String task, String name, int priority, int cpu, long runUs, long periodUs) {
    }

    /** One VM as written: its file, group name, core and reservation in microseconds. */
    public record Group(String vm, String file, String group, int cpu, long periodUs, long runtimeUs, List<Thread> threads) {
        public Group {
            threads = List.copyOf(threads);
        }
    }

    /**
     * The files to write (name to text, in order: one rt-app JSON per VM, {@code threads.json},
     * {@code run.sh}), the groups and the analysis of the rounded scenario as the kernel runs it
     * (deferrable servers), and the warnings, each also in the script's header.
     */
    public record Output(Map<String, String> files, List<Group> groups, Scenario rounded, AnalysisResult verdict,
                         List<String> warnings) {
        public Output {
            files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
            groups = List.copyOf(groups);
            warnings = List.copyOf(warnings);
        }
    }

    private RtAppExport() {
    }

    /** Why {@code s} cannot run as RT groups of SCHED_FIFO threads, or null when it can. */
    public static String unmappable(Scenario s) {
        HypervisorPolicy p = s.hypervisor().policy();
        if (!p.equals(HypervisorPolicy.FP) && !p.equals(HypervisorPolicy.RM)) {
            return "the hypervisor policy " + p.title() + " does not map onto RT group scheduling, whose groups compete at"
                    + " fixed priorities (the highest ready thread's): --target rt-app takes FP or RM hosts"
                    + (p.equals(HypervisorPolicy.EDF) || p.equals(HypervisorPolicy.CBS)
                    ? " (an EDF or CBS host is SCHED_DEADLINE: --target sched-deadline)" : "");
        }
        for (VirtualMachine vm : s.vms()) {
            if (vm.vcpus() != 1) {
                return vm.name() + " has " + vm.vcpus() + " vCPUs: an RT group here is one server on one CPU";
            }
            if (vm.scheduler() != GuestScheduler.RM) {
                return vm.name() + " schedules its tasks by " + vm.scheduler() + ": SCHED_FIFO threads in an RT group"
                        + " are fixed priority (RM); SCHED_DEADLINE threads cannot live in an RT group";
            }
        }
        double u = 0;
        for (VirtualMachine vm : s.vms()) {
            u += vm.budget() / vm.period();
        }
        if (u > ROOT_BANDWIDTH + 1e-12) {
            return "the VMs' bandwidths add up to " + Format.significant(u, 6) + ", above the root group's "
                    + ROOT_BANDWIDTH + " (sched_rt_runtime_us 950000 per sched_rt_period_us 1000000): the kernel refuses"
                    + " the groups whatever CPUs they are pinned to";
        }
        return null;
    }

    /** The files for {@code s}, one time unit being {@code unitMicros} microseconds. */
    public static Output export(Scenario s, double unitMicros) {
        if (!(unitMicros > 0) || Double.isInfinite(unitMicros)) {
            throw new IllegalArgumentException("unitMicros must be a finite number > 0, got " + unitMicros);
        }
        String why = unmappable(s);
        if (why != null) {
            throw new Unmappable(why);
        }
        double quantum = BigDecimal.ONE.divide(BigDecimal.valueOf(unitMicros), MathContext.DECIMAL64).doubleValue();
        List<String> warnings = new ArrayList<>();
        List<VirtualMachine> order = hostOrder(s);
        Map<String, String> names = ThreadNames.of(s);
        int next = TOP_PRIORITY;
        List<Group> groups = new ArrayList<>();
        List<VirtualMachine> rounded = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            if (SafeRounding.belowOne(vm.period(), quantum)) {
                throw new Unmappable(vm.name() + ": period " + Format.exact(vm.period()) + " is below 1 us at --unit-us "
                        + Format.significant(unitMicros, 9));
            }
        }
        Map<VirtualMachine, Group> byVm = new LinkedHashMap<>();
        for (VirtualMachine vm : order) {
            long p = SafeRounding.periodDown(vm.period(), quantum);
            long b = Math.max(1, Math.min(p, SafeRounding.budgetUp(vm.budget(), quantum)));
            List<Thread> threads = threads(vm, next, quantum, unitMicros, names, warnings);
            next -= threads.size();
            byVm.put(vm, new Group(vm.name(), fileName(vm.name()) + ".json", "vmsched_" + fileName(vm.name()), vm.core(),
                    p, b, threads));
        }
        for (VirtualMachine vm : s.vms()) {
            Group g = byVm.get(vm);
            groups.add(g);
            if (vm.overhead() > 0) {
                warnings.add(vm.name() + " has overhead X = " + Format.exact(vm.overhead()) + ": the kernel has no such"
                        + " setting; its own switch costs take its place (the budget is written as is), and trace shows"
                        + " the supply actually lost");
            }
            List<Task> ts = roundedTasks(vm, g, quantum);
            rounded.add(vm.withServer(SafeRounding.units(g.periodUs(), quantum), SafeRounding.units(g.runtimeUs(), quantum),
                    vm.overhead()).withTasks(ts).withOffset(0));
        }
        SimulationSettings sim = s.simulation() == null ? SimulationSettings.DEFAULT : s.simulation();
        if (sim.serverPolicy() != ServerPolicy.DEFERRABLE) {
            warnings.add("the scenario analyses its VMs as " + sim.serverPolicy().jsonName() + " servers; an RT group is"
                    + " replenished every period and consumes its runtime only while it runs, a deferrable server: the"
                    + " verdict here is of deferrable servers (set serverPolicy \"deferrable\" to analyse it so)");
        }
        Scenario r = s.withVms(rounded).withSimulation(sim.withServerPolicy(ServerPolicy.DEFERRABLE));
        AnalysisResult verdict = SystemAnalysis.analyze(r);
        Map<String, String> files = new LinkedHashMap<>();
        for (Group g : groups) {
            files.put(g.file(), rtAppJson(g));
        }
        files.put("threads.json", threadsJson(groups));
        files.put("run.sh", RunScript.text(s, groups, verdict, warnings, unitMicros));
        return new Output(files, groups, r, verdict, warnings);
    }

    /**
     * A VM's tasks as SCHED_FIFO threads in rate-monotonic order, priorities from {@code next} down;
     * a warning to {@code warnings} for each offset the run drops.
     */
    private static List<Thread> threads(VirtualMachine vm, int next, double quantum, double unitMicros,
            Map<String, String> names, List<String> warnings) {
        List<Task> tasks = new ArrayList<>(vm.tasks());
        tasks.sort(Comparator.comparingDouble(Task::period)); // RM; a stable sort keeps the file's order on ties
        List<Thread> threads = new ArrayList<>();
        for (Task t : tasks) {
            if (next < 1) {
                throw new Unmappable("more than " + TOP_PRIORITY + " tasks: SCHED_FIFO has priorities 1 to 99 and "
                        + (99 - TOP_PRIORITY) + " stay for the kernel's threads");
            }
            if (SafeRounding.belowOne(t.period(), quantum)) {
                throw new Unmappable(vm.name() + "/" + t.name() + ": period " + Format.exact(t.period())
                        + " is below 1 us at --unit-us " + Format.significant(unitMicros, 9));
            }
            long tp = SafeRounding.periodDown(t.period(), quantum);
            long run = Math.max(1, SafeRounding.budgetUp(t.wcet(), quantum));
            threads.add(new Thread(vm.name(), t.name(), names.get(vm.name() + "/" + t.name()), next--, vm.core(), run, tp));
            if (t.offset() != 0) {
                warnings.add(vm.name() + "/" + t.name() + " has offset " + Format.exact(t.offset()) + ": rt-app starts"
                        + " every thread at once, so the run has no offsets (synchronous release)");
            }
        }
        return threads;
    }

    /** A VM's tasks in file order with their threads' whole-microsecond wcet and period, deadlines at most the period. */
    private static List<Task> roundedTasks(VirtualMachine vm, Group g, double quantum) {
        List<Task> ts = new ArrayList<>();
        for (Task t : vm.tasks()) {
            Thread th = g.threads().stream().filter(x -> x.task().equals(t.name())).findFirst().orElseThrow();
            double wcet = SafeRounding.units(th.runUs(), quantum);
            double period = SafeRounding.units(th.periodUs(), quantum);
            ts.add(new Task(t.name(), wcet, period, Math.min(t.deadline(), period), 0));
        }
        return ts;
    }

    /** The VMs in the host's priority order: FP by their priority (1 first), RM by period; ties in file order. */
    static List<VirtualMachine> hostOrder(Scenario s) {
        List<VirtualMachine> order = new ArrayList<>(s.vms());
        if (s.hypervisor().policy().equals(HypervisorPolicy.FP)) {
            order.sort(Comparator.comparingInt(v -> v.priority() == null ? Integer.MAX_VALUE : v.priority()));
        } else {
            order.sort(Comparator.comparingDouble(VirtualMachine::period));
        }
        return order;
    }

    /** One rt-app process: its threads, SCHED_FIFO, pinned, periodic; {@code duration} is replaced by run.sh. */
    static String rtAppJson(Group g) {
        StringBuilder b = new StringBuilder();
        b.append("{\n  \"global\": {\n    \"duration\": 3,\n    \"calibration\": \"CPU").append(g.cpu())
                .append("\",\n    \"default_policy\": \"SCHED_FIFO\",\n    \"logdir\": \".\",\n    \"log_basename\": ")
                .append(jsonString("rt-app-" + fileName(g.vm()))).append("\n  },\n  \"tasks\": {\n");
        for (int i = 0; i < g.threads().size(); i++) {
            Thread t = g.threads().get(i);
            b.append("    ").append(jsonString(t.name())).append(": { \"priority\": ").append(t.priority())
                    .append(", \"cpus\": [").append(t.cpu()).append("], \"run\": ").append(t.runUs())
                    .append(", \"timer\": { \"ref\": ").append(jsonString("t_" + t.name())).append(", \"period\": ")
                    .append(t.periodUs()).append(" } }").append(i + 1 < g.threads().size() ? "," : "").append('\n');
        }
        return b.append("  }\n}\n").toString();
    }

    /** The thread names as {@code trace --map} reads them: thread name to "VM/task". */
    static String threadsJson(List<Group> groups) {
        StringBuilder b = new StringBuilder("{\n");
        List<Thread> all = groups.stream().flatMap(g -> g.threads().stream()).toList();
        for (int i = 0; i < all.size(); i++) {
            Thread t = all.get(i);
            b.append("  ").append(jsonString(t.name())).append(": ").append(jsonString(t.vm() + "/" + t.task()))
                    .append(i + 1 < all.size() ? "," : "").append('\n');
        }
        return b.append("}\n").toString();
    }

    /** A VM name as a file and cgroup name: letters, digits, '_', '-' and '.'; others as '_'. */
    static String fileName(String name) {
        String f = name.replaceAll("[^A-Za-z0-9_.-]", "_");
        return f.isEmpty() || f.startsWith(".") || f.startsWith("-") ? "vm" + f : f;
    }

    /** {@code s} as a JSON string literal. */
    static String jsonString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append("\\u").append(Integer.toHexString(0x10000 | c).substring(1));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
