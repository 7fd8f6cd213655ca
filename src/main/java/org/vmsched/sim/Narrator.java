package org.vmsched.sim;

import org.vmsched.analysis.MigrationCost;
import org.vmsched.text.Format;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;

/**
 * Tells in words what happened at each instant of a run and why, for a student stepping through
 * the schedule: "t = 12: VM1's budget is spent; VM2 has the earliest deadline (20) and starts;
 * 0.5 overhead". It compares the engine's state at an instant with its state at the previous one
 * (jobs released and completed, budgets, deadlines, who holds each core) and names the rule that
 * made the decision (the hypervisor's and the guest's policy, THEORY.md §14). It only reads the
 * engine; it keeps the release times of pending jobs to say a job's response time. Not
 * thread-safe; one per run.
 */
public final class Narrator {

    private final Words words;
    private final NarrationReasons reasons;
    private final boolean deferrable;
    private final boolean abort;
    private final boolean worstCase;
    private final GlobalNarration global;

    private boolean started;
    /** Misses narrated so far (the rest are found at the end of the run). */
    private long told;
    private long prevTick;
    private int[] prevVm;
    private int[] prevTask;
    private long[] prevOverhead;
    private long[] prevBudget;
    private long[] prevDeadline;
    private long[] prevReleased;
    private long[] prevCompleted;
    private long[] prevMissed;
    private List<ArrayDeque<Long>> releases;

    /** A narrator for a run of {@code scenario} with {@code options} (null: the scenario's own settings). */
    public Narrator(Scenario scenario, SimulationOptions options) {
        SimulationOptions o = options == null ? SimulationOptions.from(scenario.simulation()) : options;
        HypervisorPolicy hypervisor = scenario.hypervisor().policy();
        this.words = hypervisor.definition() instanceof Words w ? w : new Words() {
            @Override
            public String schedulerName() {
                return hypervisor.title();
            }

            @Override
            public Rank rank() {
                return Rank.OWN_STATE;
            }
        };
        this.worstCase = o.mode() == SimulationMode.WORST_CASE;
        this.deferrable = !worstCase && o.serverPolicy() == ServerPolicy.DEFERRABLE;
        this.reasons = new NarrationReasons(words, scenario.vms().stream().map(v -> v.scheduler()).toArray(GuestScheduler[]::new),
                deferrable, worstCase);
        this.abort = o.missPolicy() == MissPolicy.ABORT;
        this.global = new GlobalNarration(MigrationCost.of(scenario));
    }

    /** What happened at {@code now} and why, as one line starting "t = …: ". */
    public String narrate(EngineInstant now) {
        if (!started) {
            init(now);
        }
        long t = now.tick();
        List<String> parts = new ArrayList<>();
        completions(now, parts);
        budgets(now, t, parts);
        releases(now, parts);
        if (now.global()) {
            global.decisions(now, parts); // virtual CPUs and jobs that move between cores
        } else {
            for (int c = 0; c < now.lanes(); c++) {
                decision(now, c, t, parts);
            }
        }
        remember(now);
        if (parts.isEmpty()) {
            parts.add("nothing changes");
        }
        return "t = " + Format.label(now.units(t)) + ": " + String.join("; ", parts) + ".";
    }

    /**
     * The last line: where and why the run ended, the jobs found unfinished past their deadline
     * at the end (miss policy continue; not told before) and how many deadlines were missed in all.
     */
    public String end(SimulationResult r, boolean stoppedEarly, int steps) {
        String misses = r.deadlineMisses() == 0 ? "no deadline missed"
                : r.deadlineMisses() + (r.deadlineMisses() == 1 ? " deadline miss" : " deadline misses") + " in all";
        long untold = r.deadlineMisses() - told;
        List<Miss> listed = r.misses();
        if (untold > 0 && untold <= 5 && listed.size() >= untold && !r.missesTruncated()) {
            // the engine lists the misses found at the end after those seen during the run
            List<String> late = new ArrayList<>();
            for (Miss m : listed.subList((int) (listed.size() - untold), listed.size())) {
                late.add(m.vm() + "/" + m.task() + " (released at " + Format.label(m.release()) + ", deadline " + Format.label(m.deadline()) + ")");
            }
            misses = String.join(", ", late) + (untold == 1 ? " is" : " are") + " unfinished past the deadline: "
                    + (untold == 1 ? "a miss" : "misses") + "; " + misses;
        }
        if (stoppedEarly) {
            return "t = " + Format.label(r.end()) + ": stepping stops here after " + steps
                    + " instants (run the whole simulation with F5 for the rest); " + misses + " so far.";
        }
        return "t = " + Format.label(r.end()) + ": end of the run (the horizon); " + misses + ".";
    }

    private void init(EngineInstant now) {
        started = true;
        prevTick = now.tick();
        int lanes = now.lanes();
        int vms = now.vms();
        int tasks = now.tasks();
        prevVm = new int[lanes];
        prevTask = new int[lanes];
        prevOverhead = new long[lanes];
        Arrays.fill(prevVm, -1);
        Arrays.fill(prevTask, -1);
        prevBudget = new long[vms];
        prevDeadline = new long[vms];
        prevReleased = new long[tasks];
        prevCompleted = new long[tasks];
        prevMissed = new long[tasks];
        releases = new ArrayList<>(tasks);
        for (int g = 0; g < tasks; g++) {
            releases.add(new ArrayDeque<>());
        }
    }

    private void remember(EngineInstant now) {
        prevTick = now.tick();
        for (int c = 0; c < now.lanes(); c++) {
            prevVm[c] = now.runningVm(c);
            prevTask[c] = now.runningTask(c);
            prevOverhead[c] = now.overheadLeft(c);
        }
        for (int v = 0; v < now.vms(); v++) {
            prevBudget[v] = now.budgetLeft(v);
            prevDeadline[v] = now.vmDeadline(v);
        }
        for (int g = 0; g < now.tasks(); g++) {
            prevReleased[g] = now.released(g);
            prevCompleted[g] = now.completed(g);
            prevMissed[g] = now.missed(g);
        }
    }

    /** Completions first (the tie order), then jobs dropped at their deadline. */
    private void completions(EngineInstant now, List<String> parts) {
        long t = now.tick();
        for (int g = 0; g < now.tasks(); g++) {
            long done = now.completed(g) - prevCompleted[g];
            long missed = now.missed(g) - prevMissed[g];
            for (long k = 0; k < done; k++) {
                Long rel = releases.get(g).pollFirst();
                String r = rel == null ? "" : ", response time " + Format.label(now.units(t - rel));
                if (!abort && missed > 0) {
                    missed--;
                    told++;
                    parts.add(task(now, g) + " completes late" + r + ": a deadline miss");
                } else {
                    parts.add(task(now, g) + " completes" + r);
                }
            }
            for (long k = 0; k < missed; k++) {
                told++;
                Long rel = releases.get(g).pollFirst();
                parts.add(task(now, g) + " misses its deadline" + (rel == null ? "" : " (released at "
                        + Format.label(now.units(rel)) + ")") + " and its job is dropped");
            }
        }
    }

    /** Budgets spent (by the VM that held its core) and periods begun. */
    private void budgets(EngineInstant now, long t, List<String> parts) {
        for (int v = 0; v < now.vms(); v++) {
            int c = now.vmLane(v);
            boolean ran = prevVm[c] == v;
            boolean spent = ran && prevBudget[v] > 0 && prevBudget[v] - (t - prevTick) <= 0;
            boolean replenished = now.vmDeadline(v) != prevDeadline[v];
            if (spent && replenished) {
                parts.add(now.vmName(v) + "'s budget is spent and its next period begins at once: "
                        + Format.label(now.units(now.budgetLeft(v))) + " of budget until " + Format.label(now.units(now.vmDeadline(v))));
            } else if (spent) {
                parts.add(spent(now, v));
            } else if (replenished) {
                parts.add(now.vmName(v) + " begins a period: " + Format.label(now.units(now.budgetLeft(v))) + " of budget until "
                        + Format.label(now.units(now.vmDeadline(v))));
            }
        }
    }

    /**
     * "VM1's budget is spent until …": when the budget really comes back, and why when that is not
     * the end of the period the VM's deadline marks (the server rule shifts the grid).
     */
    private String spent(EngineInstant now, int v) {
        String vm = now.vmName(v);
        long d = now.vmDeadline(v);
        long next = now.nextReplenishment(v);
        if (next == Long.MAX_VALUE) {
            // Credit, proportional share: the budget was a time slice, not a period's share
            return vm + "'s time slice ends (the " + words.schedulerName() + " scheduler decides when it runs again)";
        }
        if (next <= now.tick()) {
            return vm + "'s budget is spent as its period ends"; // at the horizon, where no replenishment is simulated
        }
        if (next == d) {
            return vm + "'s budget is spent (until its next period at " + label(now, d) + ")";
        }
        long p = now.vmPeriod(v);
        if (worstCase && next > d && next < d + p) {
            // THEORY.md §2, §6.3: the first budget as early as it can come, every later one as late (under
            // global EDF as late as the vCPUs' budget deadline Δ allows, §15.17: the chunk may end before d + p)
            long end = Math.min(d + p, next + now.vmBudget(v));
            return vm + "'s budget is spent until " + label(now, next) + ", not " + label(now, d)
                    + ": in the worst case (THEORY.md §2) the period [" + label(now, d) + ", " + label(now, d + p)
                    + ") gives its " + label(now, end - next) + " as late as it can, in [" + label(now, next) + ", "
                    + label(now, end) + "], so its periods count from " + label(now, next) + " on";
        }
        if (next > d && next - p < d) {
            // a server deadline D before the period's end (CBS with D < P, THEORY.md §9.2)
            return vm + "'s budget is spent: throttled until its next period at " + label(now, next) + " (its server deadline "
                    + label(now, d) + " falls D = " + label(now, d - (next - p)) + " into a period of P = " + label(now, p)
                    + ", and the " + words.schedulerName() + " scheduler gives the budget back only when the period ends)";
        }
        return vm + "'s budget is spent (the " + words.schedulerName() + " scheduler gives it back at " + label(now, next) + ")";
    }

    private static String label(EngineInstant now, long ticks) {
        return Format.label(now.units(ticks));
    }

    private void releases(EngineInstant now, List<String> parts) {
        long t = now.tick();
        for (int g = 0; g < now.tasks(); g++) {
            long n = now.released(g) - prevReleased[g];
            for (long k = 0; k < n; k++) {
                releases.get(g).addLast(t);
            }
            if (n > 0) {
                // the released job is the newest pending one; its deadline is the oldest's only when it is alone
                String d = now.pending(g) == 1 ? " (deadline " + Format.label(now.units(now.oldestDeadline(g))) + ")"
                        : " (" + (now.pending(g) - 1) + " older job" + (now.pending(g) > 2 ? "s" : "") + " still pending)";
                parts.add(task(now, g) + " is released" + d);
            }
        }
    }

    /** Who holds lane c from now on, and why. */
    private void decision(EngineInstant now, int c, long t, List<String> parts) {
        int v = now.runningVm(c);
        int was = prevVm[c];
        long overhead = now.overheadLeft(c);
        long owed = Math.max(0, prevOverhead[c] - (t - prevTick));
        // worst case: lane c runs one virtual CPU alone, and there are as many lanes as virtual CPUs, not VMs
        String core = now.lanes() == 1 ? "the core"
                : worstCase ? vcpu(now, now.laneVm(c), now.laneVcpu(c)) + "'s lane" : "core " + now.laneCore(c);
        if (v < 0) {
            if (was >= 0) {
                parts.add(core + " idles: no VM has budget" + (deferrable ? " and a ready task" : ""));
            }
            return;
        }
        boolean switched = v != was;
        if (switched || overhead > owed) {
            StringBuilder s = new StringBuilder(vcpu(now, v, now.runningVcpu(c))).append(' ').append(reasons.whyVm(now, c, v)).append(" and starts");
            if (switched && was >= 0 && reasons.eligible(now, was)) {
                s.append(", preempting ").append(now.vmName(was));
            } else if (!switched) {
                s.append(" a new chunk");
            }
            if (overhead > 0) {
                s.append("; ").append(Format.label(now.units(overhead))).append(" overhead");
            }
            parts.add(s.toString());
            parts.add(taskChoice(now, v, now.runningTask(c), overhead > 0));
            return;
        }
        keeps(now, c, v, t, parts);
        int g = now.runningTask(c);
        if (prevOverhead[c] > 0 && overhead == 0) {
            parts.add(vcpu(now, v, now.runningVcpu(c)) + "'s overhead is paid; " + taskChoice(now, v, g, false));
        } else if (g != prevTask[c]) {
            if (g >= 0 && prevTask[c] >= 0 && now.pending(prevTask[c]) > 0) {
                parts.add(task(now, g) + " " + reasons.whyTask(now, v, g) + " and preempts " + now.taskName(prevTask[c]));
            } else {
                parts.add(taskChoice(now, v, g, false));
            }
        }
    }

    /**
     * A VM that could have taken lane c at t (its period began, or its first task became ready)
     * and did not: why the running VM v keeps the core (ties go to the running VM).
     */
    private void keeps(EngineInstant now, int c, int v, long t, List<String> parts) {
        for (int w = 0; w < now.vms(); w++) {
            if (w == v || now.vmLane(w) != c || !reasons.eligible(now, w)) {
                continue;
            }
            boolean newcomer = now.vmDeadline(w) != prevDeadline[w] || prevBudget[w] <= 0;
            if (!newcomer) {
                continue;
            }
            String why = switch (words.rank()) {
                case DEADLINE -> "its deadline (" + Format.label(now.units(now.vmDeadline(v))) + ") is not later than "
                        + now.vmName(w) + "'s (" + Format.label(now.units(now.vmDeadline(w))) + ")";
                case PERIOD -> "its period (" + Format.label(now.units(now.vmPeriod(v))) + ") is not longer than "
                        + now.vmName(w) + "'s (" + Format.label(now.units(now.vmPeriod(w))) + ")";
                case PRIORITY -> "its priority (" + now.vmPriority(v) + ") is not lower than "
                        + now.vmName(w) + "'s (" + now.vmPriority(w) + ")";
                // the policies behind the scheduler seam keep their own state (THEORY.md §9)
                case OWN_STATE -> "the " + words.schedulerName() + " scheduler keeps it running";
            };
            parts.add(now.vmName(v) + " keeps the core: " + why);
            return;
        }
    }

    private String taskChoice(EngineInstant now, int v, int g, boolean afterOverhead) {
        if (g < 0) {
            return "no task of " + now.vmName(v) + " is ready: its budget runs idle";
        }
        return (afterOverhead ? "then " : "") + task(now, g) + " " + reasons.whyTask(now, v, g) + " and runs";
    }

    /**
     * The words a hypervisor policy's module gives the narration: the scheduler's name and the VM
     * attribute that decides which VM runs. Stateless.
     */
    public interface Words {

        /** The scheduler's name in "is picked by the … scheduler": "Credit", "CBS (SCHED_DEADLINE)". */
        String schedulerName();

        /** What decides which VM of a core runs. */
        Rank rank();
    }

    /** What decides which VM of a core runs, as the narration explains it. */
    public enum Rank {
        /** The earliest VM deadline. */
        DEADLINE,
        /** The shortest VM period. */
        PERIOD,
        /** The best VM priority (1 highest). */
        PRIORITY,
        /** The scheduler's own state (credits, virtual time, server deadlines). */
        OWN_STATE
    }

    /** A VM's name, with the number of its virtual CPU ("control#1") when it has several. */
    private static String vcpu(EngineInstant now, int vm, int i) {
        return now.vcpus(vm) > 1 ? now.vmName(vm) + "#" + i : now.vmName(vm);
    }

    private static String task(EngineInstant now, int g) {
        return now.vmName(now.taskVm(g)) + "/" + now.taskName(g);
    }
}
