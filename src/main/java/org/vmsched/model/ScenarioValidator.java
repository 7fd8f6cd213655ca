package org.vmsched.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a {@link Scenario}'s values against the model's rules and reports every problem with
 * the JSON path a user would look for. Stateless and thread-safe.
 */
public final class ScenarioValidator {

    private ScenarioValidator() {
    }

    /** Every problem in the scenario; empty when it is valid. */
    public static List<Problem> validate(Scenario s) {
        List<Problem> out = new ArrayList<>();
        if (s.schemaVersion() != Scenario.SCHEMA_VERSION) {
            out.add(new Problem("schemaVersion", "must be " + Scenario.SCHEMA_VERSION + ", got " + s.schemaVersion()));
        }
        if (s.name() == null || s.name().isBlank()) {
            out.add(new Problem("name", "must not be empty"));
        }
        int cores = s.hypervisor().cores();
        if (cores < 1) {
            out.add(new Problem("hypervisor.cores", "must be at least 1, got " + cores));
        }
        if (s.vms().isEmpty()) {
            out.add(new Problem("vms", "must hold at least one VM"));
        }
        Set<String> vmNames = new HashSet<>();
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine vm = s.vms().get(v);
            String p = "vms[" + v + "]";
            name(out, p + ".name", vm.name(), vmNames, "VM");
            positive(out, p + ".period", vm.period());
            positive(out, p + ".budget", vm.budget());
            nonNegative(out, p + ".overhead", vm.overhead());
            nonNegative(out, p + ".offset", vm.offset());
            if (valid(vm.period()) && valid(vm.budget()) && vm.budget() > vm.period()) {
                out.add(new Problem(p + ".budget", "must not exceed the period " + Numbers.exact(vm.period()) + ", got " + Numbers.exact(vm.budget())));
            }
            if (valid(vm.budget()) && Double.isFinite(vm.overhead()) && vm.overhead() >= 0 && vm.overhead() >= vm.budget()) {
                out.add(new Problem(p + ".overhead", "must be less than the budget " + Numbers.exact(vm.budget()) + ", got " + Numbers.exact(vm.overhead())));
            }
            if (cores >= 1 && (vm.core() < 0 || vm.core() >= cores)) {
                out.add(new Problem(p + ".core", "must be between 0 and " + (cores - 1) + " (hypervisor.cores is " + cores + "), got " + vm.core()));
            }
            if (s.hypervisor().policy() == HypervisorPolicy.FP && vm.priority() == null) {
                out.add(new Problem(p + ".priority", "is required when hypervisor.policy is FP"));
            }
            if (vm.priority() != null && vm.priority() < 1) {
                out.add(new Problem(p + ".priority", "must be at least 1, got " + vm.priority()));
            }
            if (vm.tasks().isEmpty()) {
                out.add(new Problem(p + ".tasks", "must hold at least one task"));
            }
            Set<String> taskNames = new HashSet<>();
            for (int t = 0; t < vm.tasks().size(); t++) {
                validateTask(out, p + ".tasks[" + t + "]", vm.tasks().get(t), taskNames);
            }
        }
        SimulationSettings sim = s.simulation();
        if (sim.horizon() != null) {
            positive(out, "simulation.horizon", sim.horizon());
        }
        return out;
    }

    /** Problems of one task, with paths under {@code p}. */
    public static void validateTask(List<Problem> out, String p, Task task, Set<String> namesSeen) {
        name(out, p + ".name", task.name(), namesSeen, "task");
        positive(out, p + ".wcet", task.wcet());
        positive(out, p + ".period", task.period());
        positive(out, p + ".deadline", task.deadline());
        nonNegative(out, p + ".offset", task.offset());
        if (valid(task.wcet()) && valid(task.deadline()) && task.wcet() > task.deadline()) {
            out.add(new Problem(p + ".wcet", "must not exceed the deadline " + Numbers.exact(task.deadline()) + ", got " + Numbers.exact(task.wcet())));
        }
        if (valid(task.deadline()) && valid(task.period()) && task.deadline() > task.period()) {
            out.add(new Problem(p + ".deadline", "must not exceed the period " + Numbers.exact(task.period()) + ", got " + Numbers.exact(task.deadline())));
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
        } else if (!seen.add(name)) {
            out.add(new Problem(path, "duplicates the " + what + " name \"" + name + "\""));
        }
    }

    private static boolean valid(double x) {
        return Double.isFinite(x) && x > 0;
    }

    private static void positive(List<Problem> out, String path, double x) {
        if (!Double.isFinite(x)) {
            out.add(new Problem(path, "must be a finite number, got " + Numbers.exact(x)));
        } else if (x <= 0) {
            out.add(new Problem(path, "must be positive, got " + Numbers.exact(x)));
        }
    }

    private static void nonNegative(List<Problem> out, String path, double x) {
        if (!Double.isFinite(x)) {
            out.add(new Problem(path, "must be a finite number, got " + Numbers.exact(x)));
        } else if (x < 0) {
            out.add(new Problem(path, "must not be negative, got " + Numbers.exact(x)));
        }
    }

}
