package org.vmsched.model;

import org.vmsched.text.Format;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Checks a {@link Scenario}'s values against the model's rules and reports every problem with
 * the JSON path a user would look for. Stateless and thread-safe.
 */
public final class ScenarioValidator {

    private ScenarioValidator() {
    }

    /** Why a name is refused: it holds a character {@link Limits#escape} would change (a line break, an escape, a bidi control). */
    private static final String NOT_PRINTABLE = "must not contain control or format characters or line breaks";

    /** Every problem in the scenario; empty when it is valid. */
    public static List<Problem> validate(Scenario s) {
        List<Problem> out = new ArrayList<>();
        if (s.schemaVersion() < Scenario.SCHEMA_VERSION || s.schemaVersion() > Scenario.LATEST_SCHEMA_VERSION) {
            out.add(new Problem("schemaVersion", "must be " + Scenario.SCHEMA_VERSION + " to " + Scenario.LATEST_SCHEMA_VERSION
                    + ", got " + s.schemaVersion()));
        }
        if (s.name() == null || s.name().isBlank()) {
            out.add(new Problem("name", "must not be empty"));
        } else if (!Limits.printable(s.name())) {
            out.add(new Problem("name", NOT_PRINTABLE + ", got " + Limits.quote(s.name())));
        } else {
            length(out, "name", s.name(), Limits.MAX_NAME);
        }
        length(out, "description", s.description(), Limits.MAX_DESCRIPTION);
        int cores = s.hypervisor().cores();
        if (cores < 1) {
            out.add(new Problem("hypervisor.cores", "must be at least 1, got " + cores));
        } else if (cores > Limits.MAX_CORES) {
            out.add(new Problem("hypervisor.cores", "must be at most " + Limits.MAX_CORES + ", got " + cores));
        }
        if (s.vms().isEmpty()) {
            out.add(new Problem("vms", "must hold at least one VM"));
        } else if (s.vms().size() > Limits.MAX_VMS) {
            out.add(new Problem("vms", "must hold at most " + Limits.MAX_VMS + " VMs, got " + s.vms().size()));
        }
        long taskCount = 0;
        for (VirtualMachine vm : s.vms()) {
            taskCount += vm.tasks().size();
        }
        if (taskCount > Limits.MAX_TASKS) {
            out.add(new Problem("vms", "must hold at most " + Limits.MAX_TASKS + " tasks in all, got " + taskCount));
        }
        Set<String> vmNames = new HashSet<>();
        for (int v = 0; v < s.vms().size(); v++) {
            validateVm(out, s, v, vmNames, cores);
        }
        PolicyValidator.platform(out, s);
        SimulationSettings sim = s.simulation();
        if (sim.horizon() != null) {
            positive(out, "simulation.horizon", sim.horizon());
        }
        if (out.isEmpty()) {
            ratio(out, s);
        }
        return out;
    }

    /** The problems of VM number {@code v}: its name, server, vCPUs, core, priority and tasks, in that order. */
    private static void validateVm(List<Problem> out, Scenario s, int v, Set<String> vmNames, int cores) {
        VirtualMachine vm = s.vms().get(v);
        String p = "vms[" + v + "]";
        name(out, p + ".name", vm.name(), vmNames, "VM");
        positive(out, p + ".period", vm.period());
        positive(out, p + ".budget", vm.budget());
        nonNegative(out, p + ".overhead", vm.overhead());
        nonNegative(out, p + ".offset", vm.offset());
        if (valid(vm.period()) && valid(vm.budget()) && vm.budget() > vm.period()) {
            out.add(new Problem(p + ".budget", "must not exceed the period " + Format.typed(vm.period()) + ", got " + Format.typed(vm.budget())));
        }
        if (valid(vm.budget()) && Double.isFinite(vm.overhead()) && vm.overhead() >= 0 && vm.overhead() >= vm.budget()) {
            out.add(new Problem(p + ".overhead", "must be less than the budget " + Format.typed(vm.budget()) + ", got " + Format.typed(vm.overhead())));
        }
        vcpus(out, p, s, vm);
        if (cores >= 1 && (vm.core() < 0 || vm.core() >= cores)) {
            out.add(new Problem(p + ".core", "must be between 0 and " + (cores - 1) + " (hypervisor.cores is " + cores + "), got " + vm.core()));
        }
        if (s.hypervisor().policy().usesPriority() && vm.priority() == null) {
            out.add(new Problem(p + ".priority", "is required when hypervisor.policy is " + s.hypervisor().policy().title()));
        }
        PolicyValidator.vm(out, p, s, vm);
        if (vm.priority() != null && vm.priority() < 1) {
            out.add(new Problem(p + ".priority", "must be at least 1, got " + vm.priority()));
        } else if (vm.priority() != null && vm.priority() > Limits.MAX_PRIORITY) {
            out.add(new Problem(p + ".priority", "must be at most " + Limits.MAX_PRIORITY + ", got " + vm.priority()));
        }
        if (vm.tasks().isEmpty()) {
            out.add(new Problem(p + ".tasks", "must hold at least one task"));
        } else if (vm.tasks().size() > Limits.MAX_TASKS_PER_VM) {
            out.add(new Problem(p + ".tasks", "must hold at most " + Limits.MAX_TASKS_PER_VM + " tasks, got "
                    + vm.tasks().size()));
        }
        Set<String> taskNames = new HashSet<>();
        for (int t = 0; t < vm.tasks().size(); t++) {
            validateTask(out, p + ".tasks[" + t + "]", vm.tasks().get(t), taskNames);
        }
    }

    /**
     * The largest and smallest positive time values of a valid scenario at most
     * {@link Limits#MAX_RATIO} apart: the simulator's integer ticks must span both.
     */
    private static void ratio(List<Problem> out, Scenario s) {
        String[] minPath = {null};
        String[] maxPath = {null};
        double[] range = {Double.POSITIVE_INFINITY, 0};
        BiConsumer<String, Double> see = (path, x) -> {
            if (x > 0 && x < range[0]) {
                range[0] = x;
                minPath[0] = path;
            }
            if (x > range[1]) {
                range[1] = x;
                maxPath[0] = path;
            }
        };
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine vm = s.vms().get(v);
            String p = "vms[" + v + "]";
            see.accept(p + ".period", vm.period());
            see.accept(p + ".budget", vm.budget());
            see.accept(p + ".overhead", vm.overhead());
            see.accept(p + ".offset", vm.offset());
            for (int t = 0; t < vm.tasks().size(); t++) {
                Task task = vm.tasks().get(t);
                String q = p + ".tasks[" + t + "]";
                see.accept(q + ".wcet", task.wcet());
                see.accept(q + ".period", task.period());
                see.accept(q + ".deadline", task.deadline());
                see.accept(q + ".offset", task.offset());
            }
        }
        if (s.simulation().horizon() != null) {
            see.accept("simulation.horizon", s.simulation().horizon());
        }
        if (minPath[0] != null && range[1] / range[0] > Limits.MAX_RATIO) {
            out.add(new Problem(minPath[0], "is " + Format.typed(range[0]) + ", more than " + Format.scientific(Limits.MAX_RATIO)
                    + " times smaller than " + maxPath[0] + " = " + Format.typed(range[1])
                    + " (time values may be at most " + Format.scientific(Limits.MAX_RATIO) + " times apart; use another time unit)"));
        }
    }

    /**
     * {@code vcpus} in 1 … {@link VirtualMachine#MAX_VCPUS}; more than one only under a global
     * policy; the global guest schedulers with more than one, RM and EDF with one (issue 21).
     */
    private static void vcpus(List<Problem> out, String p, Scenario s, VirtualMachine vm) {
        int k = vm.vcpus();
        if (k < 1 || k > VirtualMachine.MAX_VCPUS) {
            out.add(new Problem(p + ".vcpus", "must be an integer from 1 to " + VirtualMachine.MAX_VCPUS + ", got " + k));
            return;
        }
        if (k > 1 && !s.hypervisor().policy().global()) {
            out.add(new Problem(p + ".vcpus", "is " + k + ", but several virtual CPUs need hypervisor.policy GLOBAL_EDF"
                    + " (" + s.hypervisor().policy().title() + " runs one virtual CPU per VM on its core)"));
        }
        if (vm.scheduler() == null) {
            return;
        }
        if (k > 1 && !vm.scheduler().global()) {
            out.add(new Problem(p + ".scheduler", "is " + vm.scheduler() + ", which runs on one virtual CPU; with vcpus "
                    + k + " use GLOBAL_" + vm.scheduler()));
        } else if (k == 1 && vm.scheduler().global()) {
            out.add(new Problem(p + ".scheduler", "is " + vm.scheduler() + ", which needs vcpus above 1; with one virtual"
                    + " CPU use " + vm.scheduler().name().substring("GLOBAL_".length())));
        }
    }

    private static void length(List<Problem> out, String path, String text, int max) {
        if (text != null && text.length() > max) {
            out.add(new Problem(path, "must be at most " + max + " characters long, got " + text.length()));
        }
    }

    /** Problems of one task, with paths under {@code p}. */
    public static void validateTask(List<Problem> out, String p, Task task, Set<String> namesSeen) {
        name(out, p + ".name", task.name(), namesSeen, "task");
        positive(out, p + ".wcet", task.wcet());
        positive(out, p + ".period", task.period());
        // a deadline left out is the period (ScenarioJson): a bad period is said once, for the period
        if (!(task.deadline() == task.period() && !validTime(task.period()))) {
            positive(out, p + ".deadline", task.deadline());
        }
        nonNegative(out, p + ".offset", task.offset());
        if (valid(task.wcet()) && valid(task.deadline()) && task.wcet() > task.deadline()) {
            out.add(new Problem(p + ".wcet", "must not exceed the deadline " + Format.typed(task.deadline()) + ", got " + Format.typed(task.wcet())));
        }
        if (valid(task.deadline()) && valid(task.period()) && task.deadline() > task.period()) {
            out.add(new Problem(p + ".deadline", "must not exceed the period " + Format.typed(task.period()) + ", got " + Format.typed(task.deadline())));
        }
    }

    /** Throws with every problem when the scenario is invalid. */
    public static void check(String source, Scenario s) throws InvalidScenarioException {
        List<Problem> problems = validate(s);
        if (!problems.isEmpty()) {
            throw new InvalidScenarioException(source, problems);
        }
    }

    private static void name(List<Problem> out, String path, String name, Set<String> seen, String what) {
        if (name == null || name.isBlank()) {
            out.add(new Problem(path, "must not be empty"));
        } else if (name.length() > Limits.MAX_NAME) {
            out.add(new Problem(path, "must be at most " + Limits.MAX_NAME + " characters long, got " + name.length()));
        } else if (!Limits.printable(name)) {
            // A name is printed in tables, traces and CSV files: a newline or an escape would break them.
            out.add(new Problem(path, NOT_PRINTABLE + ", got " + Limits.quote(name)));
        } else if (!seen.add(name)) {
            out.add(new Problem(path, "duplicates the " + what + " name " + Limits.quote(name)));
        }
    }

    static boolean valid(double x) {
        return Double.isFinite(x) && x > 0;
    }

    /** A positive time value within [MIN_TIME, MAX_TIME]: what {@link #positive} accepts. */
    private static boolean validTime(double x) {
        return valid(x) && x >= Limits.MIN_TIME && x <= Limits.MAX_TIME;
    }

    static void positive(List<Problem> out, String path, double x) {
        if (!Double.isFinite(x)) {
            out.add(new Problem(path, "must be a finite number, got " + Format.typed(x)));
        } else if (x <= 0) {
            out.add(new Problem(path, "must be positive, got " + Format.typed(x)));
        } else {
            magnitude(out, path, x, false);
        }
    }

    static void nonNegative(List<Problem> out, String path, double x) {
        if (!Double.isFinite(x)) {
            out.add(new Problem(path, "must be a finite number, got " + Format.typed(x)));
        } else if (x < 0) {
            out.add(new Problem(path, "must not be negative, got " + Format.typed(x)));
        } else if (x > 0) {
            magnitude(out, path, x, true);
        }
    }

    /** A positive time value within [MIN_TIME, MAX_TIME]: subnormal and absurd numbers stop here. */
    private static void magnitude(List<Problem> out, String path, double x, boolean zeroAllowed) {
        if (x < Limits.MIN_TIME) {
            out.add(new Problem(path, "must be " + (zeroAllowed ? "0 or " : "") + "at least " + Format.scientific(Limits.MIN_TIME)
                    + ", got " + Format.typed(x)));
        } else if (x > Limits.MAX_TIME) {
            out.add(new Problem(path, "must be at most " + Format.scientific(Limits.MAX_TIME) + ", got " + Format.typed(x)));
        }
    }
}
