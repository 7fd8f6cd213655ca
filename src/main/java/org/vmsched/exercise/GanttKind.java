package org.vmsched.exercise;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Limits;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationInputException;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SliceKind;
import org.vmsched.sim.StepRecorder;
import org.vmsched.sim.TraceSlice;

/**
 * {@code gantt}: who runs in each unit slot [k, k + 1) of a small two-level schedule on one core
 * (the hypervisor picks a VM with budget, the VM's guest scheduler a ready task; THEORY.md §2,
 * §14): one step per slot, the answer a task's name or {@code idle} (case-insensitive). The
 * schedule is the simulator's own ({@link StepRecorder}, synchronous mode), and the working of a
 * slot is the {@link org.vmsched.sim.Narrator}'s account of the instant that decided it (what ran
 * and why: the deadline, period or priority that won), which tells nothing of later slots. Every
 * value of the scenario is a whole number and X = 0, so each slot has one owner. Stateless.
 */
final class GanttKind implements ExerciseKind {

    /** Slots of an exercise at most. */
    static final int MAX_SLOTS = 40;

    /** The answer for a slot in which no task runs. */
    static final String IDLE = "idle";

    private static final int[] VM_PERIODS = {4, 5, 6, 8};

    @Override
    public String name() {
        return "gantt";
    }

    @Override
    public String teaches() {
        return "who runs in each slot of a two-level schedule: the hypervisor's choice of a VM with budget, then the"
                + " VM's choice of a ready task";
    }

    @Override
    public Exercise generate(long seed, int level) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x47414e5454L * (level + 7));
        for (int attempt = 0; ; attempt++) {
            int vmCount = level == 3 ? 3 : 2;
            int taskCount = level == 1 ? Num.between(r, 2, 3) : level == 2 ? Num.between(r, 3, 4) : Num.between(r, 4, 5);
            int slots = level == 1 ? Num.between(r, 12, 16) : level == 2 ? Num.between(r, 16, 20) : Num.between(r, 20, 24);
            HypervisorPolicy policy = level == 1 || r.nextBoolean() ? HypervisorPolicy.EDF : HypervisorPolicy.RM;
            List<VirtualMachine> vms = new ArrayList<>();
            int[] perVm = new int[vmCount];
            for (int i = 0; i < taskCount; i++) {
                perVm[i < vmCount ? i : r.nextInt(vmCount)]++;
            }
            double load = 0;
            for (int v = 0; v < vmCount; v++) {
                String letter = String.valueOf((char) ('a' + v));
                int period = VM_PERIODS[r.nextInt(VM_PERIODS.length)];
                int budget = Num.between(r, 1, Math.max(1, period / vmCount));
                load += (double) budget / period;
                List<Task> tasks = new ArrayList<>();
                for (int i = 0; i < perVm[v]; i++) {
                    int tp = Num.between(r, Math.max(3, period - 2), period * 3);
                    tasks.add(Task.of(letter + (i + 1), Num.between(r, 1, Math.max(1, Math.min(3, tp / 3))), tp));
                }
                GuestScheduler g = level > 1 && r.nextInt(3) == 0 ? GuestScheduler.EDF : GuestScheduler.RM;
                vms.add(VirtualMachine.of("vm" + letter, period, budget, 0, tasks).withScheduler(g));
            }
            if (load > 1) {
                continue;
            }
            Scenario s = new Scenario(Scenario.SCHEMA_VERSION, "gantt exercise, seed " + seed + ", level " + level,
                    "Time unit: 1 ms. Periodic servers on one core; every task released at 0.", new Platform(policy, 1),
                    vms, null);
            SortedMap<String, String> params = new TreeMap<>();
            params.put("slots", Integer.toString(slots));
            Exercise e = solve(s, params, seed, level, Exercise.saltOf(name(), seed, level));
            if (fits(e) || attempt >= 10_000) {
                return e;
            }
        }
    }

    /** The level's promise beyond sizes: every task runs in some slot, so every lane has something to fill. */
    static boolean fits(Exercise e) {
        Set<String> ran = new HashSet<>();
        e.answers().forEach(v -> ran.add(v.word()));
        return e.scenario().vms().stream().flatMap(v -> v.tasks().stream())
                .allMatch(t -> ran.contains(t.name().toLowerCase(Locale.ROOT)));
    }

    @Override
    public Exercise solve(Scenario scenario, SortedMap<String, String> params, long seed, int level, String salt) {
        for (String key : params.keySet()) {
            if (!key.equals("slots")) {
                throw new InvalidExerciseException("params." + key + " is not a parameter of gantt (it takes slots)");
            }
        }
        int slots;
        try {
            slots = Integer.parseInt(params.getOrDefault("slots", "").strip());
        } catch (NumberFormatException x) {
            throw new InvalidExerciseException("params.slots must be a whole number of slots, got "
                    + Limits.quote(params.get("slots")));
        }
        if (slots < 1 || slots > MAX_SLOTS) {
            throw new InvalidExerciseException("params.slots must be 1 to " + MAX_SLOTS + ", got " + slots);
        }
        List<String> choices = checkScenario(scenario);
        List<String> owners = new ArrayList<>();
        List<String> why = new ArrayList<>();
        schedule(scenario, slots, owners, why);
        String rule = "the hypervisor (" + scenario.hypervisor().policy().title() + ") runs a VM with budget left, the VM"
                + " its ready task of best rank (RM: shortest period; EDF: earliest deadline)";
        List<Step> steps = new ArrayList<>();
        for (int k = 0; k < slots; k++) {
            String owner = owners.get(k);
            String text = "slot " + k + " = " + owner + ": " + why.get(k);
            steps.add(new Step("slot " + k, "who runs in slot [" + k + ", " + (k + 1) + ")? (a task's name, or idle)", rule,
                    v -> new Worked(ExactValue.word(owner), text), choices));
        }
        String question = "The VMs share one core under " + scenario.hypervisor().policy().title() + " at the hypervisor"
                + " level, each a periodic server (budget C every period T, its deadline the end of the period); inside"
                + " each VM its guest scheduler picks a ready task. Every task is released at 0 and then every period."
                + " For each slot [k, k + 1), k = 0 to " + (slots - 1) + ", who runs: a task's name, or idle when no task runs"
                + " (no VM has budget, or the VM that holds the core has no ready task).";
        return new Exercise(name(), seed, level, scenario, params, question, steps, salt);
    }

    /** The answers a slot takes (the tasks' names in lower case, then idle), or the scenario refused. */
    private static List<String> checkScenario(Scenario s) {
        if (s.hypervisor().cores() != 1 || !(s.hypervisor().policy().equals(HypervisorPolicy.EDF)
                || s.hypervisor().policy().equals(HypervisorPolicy.RM))) {
            throw new InvalidExerciseException("hypervisor: a gantt exercise needs one core under EDF or RM");
        }
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (VirtualMachine vm : s.vms()) {
            if (vm.vcpus() != 1 || vm.scheduler().global()) {
                throw new InvalidExerciseException("vms: a gantt exercise needs VMs of one virtual CPU; " + vm.name()
                        + " has " + vm.vcpus());
            }
            if (vm.overhead() != 0) {
                throw new InvalidExerciseException("vms: a gantt exercise needs overhead 0 (so each slot has one owner); "
                        + vm.name() + " has " + Num.t(vm.overhead()));
            }
            whole(vm.name() + ".period", vm.period());
            whole(vm.name() + ".budget", vm.budget());
            whole(vm.name() + ".offset", vm.offset());
            for (Task t : vm.tasks()) {
                whole(t.name() + ".wcet", t.wcet());
                whole(t.name() + ".period", t.period());
                whole(t.name() + ".deadline", t.deadline());
                whole(t.name() + ".offset", t.offset());
                String n = t.name().toLowerCase(Locale.ROOT);
                if (n.equals(IDLE) || !names.add(n)) {
                    throw new InvalidExerciseException("tasks: a gantt exercise needs task names that differ (in any case)"
                            + " and are not idle; " + Limits.quote(t.name()) + " is not");
                }
            }
        }
        if (names.isEmpty()) {
            throw new InvalidExerciseException("vms: a gantt exercise needs at least one task");
        }
        names.add(IDLE);
        return List.copyOf(names);
    }

    private static void whole(String field, double v) {
        if (!Num.of(v).getDenominator().equals(BigInteger.ONE)) {
            throw new InvalidExerciseException(field + ": a gantt exercise needs whole numbers (so each slot has one"
                    + " owner), got " + Num.t(v));
        }
    }

    /** The simulator's owner of each slot and the narration of the instants that decided it. */
    private static void schedule(Scenario s, int slots, List<String> owners, List<String> why) {
        SimulationOptions o = SimulationOptions.from(s.simulation()).withHorizon((double) slots)
                .withMode(SimulationMode.SYNCHRONOUS).withTrace(true);
        StepRecorder.Recording rec;
        try {
            rec = StepRecorder.record(s, o, StepRecorder.DEFAULT_MAX_STEPS);
        } catch (SimulationInputException x) {
            throw new InvalidExerciseException("scenario: " + x.getMessage());
        }
        Map<Long, String> told = new HashMap<>();
        List<StepRecorder.Step> instants = rec.steps().subList(0, rec.steps().size() - 1); // the last is the run's end
        for (StepRecorder.Step st : instants) {
            told.put(Math.round(st.time()), st.narration());
        }
        String[] owner = new String[slots];
        long[] since = new long[slots];
        for (TraceSlice sl : rec.result().trace().asList()) {
            if (sl.core() != 0) {
                continue;
            }
            long a = Math.round(sl.start());
            long b = Math.round(sl.end());
            if (a != sl.start() || b != sl.end()) {
                throw new InvalidExerciseException("scenario: the schedule changes inside a slot at " + sl.start()
                        + "; a gantt exercise needs whole numbers");
            }
            String who = sl.kind() == SliceKind.EXECUTION ? sl.task().toLowerCase(Locale.ROOT) : IDLE;
            for (long k = a; k < b && k < slots; k++) {
                if (owner[(int) k] != null && !owner[(int) k].equals(who)) {
                    throw new InvalidExerciseException("scenario: slot " + k + " has two owners");
                }
                owner[(int) k] = who;
                since[(int) k] = a;
            }
        }
        for (int k = 0; k < slots; k++) {
            String who = owner[k] == null ? IDLE : owner[k];
            owners.add(who);
            // the instants from the one that gave the slot's owner the core up to the slot's own start
            List<String> parts = new ArrayList<>();
            long from = owner[k] == null ? k : since[k];
            for (long t = from; t <= k; t++) {
                String n = told.get(t);
                if (n != null && !n.endsWith("nothing changes.")) {
                    parts.add(n);
                }
            }
            why.add(parts.isEmpty() ? "nothing changes at " + k : String.join(" ", parts));
        }
    }

    @Override
    public List<String> figure(Exercise e, List<Worked> solution) {
        int slots = e.steps().size();
        List<String> out = new ArrayList<>();
        StringBuilder head = new StringBuilder(pad("slot", 6));
        for (int k = 0; k < slots; k++) {
            head.append(pad(Integer.toString(k), 3));
        }
        out.add(head.toString());
        for (VirtualMachine vm : e.scenario().vms()) {
            for (Task t : vm.tasks()) {
                String n = t.name().toLowerCase(Locale.ROOT);
                StringBuilder row = new StringBuilder(pad(t.name(), 6));
                for (int k = 0; k < slots; k++) {
                    row.append(pad(solution == null ? "." : solution.get(k).value().word().equals(n) ? "#" : ".", 3));
                }
                out.add(row.toString());
            }
        }
        return out;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s.substring(0, width - 1) + " " : s + " ".repeat(width - s.length());
    }
}
