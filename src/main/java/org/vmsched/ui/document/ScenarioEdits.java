package org.vmsched.ui.document;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** Pure structural edits of a scenario (add, duplicate, remove, move). Stateless. */
public final class ScenarioEdits {

    private ScenarioEdits() {
    }

    /** A name from {@code base} not yet taken: base1, base2, ... */
    public static String freshName(String base, Predicate<String> taken) {
        for (int i = 1; ; i++) {
            if (!taken.test(base + i)) {
                return base + i;
            }
        }
    }

    /** A new VM (period 10, budget 5, one task) on {@code core}, appended. */
    public static Scenario addVm(Scenario s, int core) {
        Set<String> names = s.vms().stream().map(VirtualMachine::name).collect(Collectors.toSet());
        String name = freshName("VM", names::contains);
        Integer prio = s.hypervisor().policy().usesPriority() ? s.vms().size() + 1 : null;
        VirtualMachine vm = new VirtualMachine(name, 10, 5, 0, core, 0, GuestScheduler.RM, prio,
                List.of(Task.of("t1", 1, 20)));
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        vms.add(vm);
        return s.withVms(vms);
    }

    /** A new task (wcet 1, period 20) appended to VM {@code v}. */
    public static Scenario addTask(Scenario s, int v) {
        VirtualMachine vm = s.vms().get(v);
        Set<String> names = vm.tasks().stream().map(Task::name).collect(Collectors.toSet());
        List<Task> tasks = new ArrayList<>(vm.tasks());
        tasks.add(Task.of(freshName("t", names::contains), 1, 20));
        return replaceVm(s, v, vm.withTasks(tasks));
    }

    /** A copy of VM {@code v} with a fresh name, right after it. */
    public static Scenario duplicateVm(Scenario s, int v) {
        VirtualMachine vm = s.vms().get(v);
        Set<String> names = s.vms().stream().map(VirtualMachine::name).collect(Collectors.toSet());
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        vms.add(v + 1, vm.withName(freshName(vm.name() + "_copy", names::contains)));
        return s.withVms(vms);
    }

    /** A copy of task {@code t} of VM {@code v} with a fresh name, right after it. */
    public static Scenario duplicateTask(Scenario s, int v, int t) {
        VirtualMachine vm = s.vms().get(v);
        Set<String> names = vm.tasks().stream().map(Task::name).collect(Collectors.toSet());
        List<Task> tasks = new ArrayList<>(vm.tasks());
        tasks.add(t + 1, vm.tasks().get(t).withName(freshName(vm.tasks().get(t).name() + "_copy", names::contains)));
        return replaceVm(s, v, vm.withTasks(tasks));
    }

    public static Scenario removeVm(Scenario s, int v) {
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        vms.remove(v);
        return s.withVms(vms);
    }

    public static Scenario removeTask(Scenario s, int v, int t) {
        VirtualMachine vm = s.vms().get(v);
        List<Task> tasks = new ArrayList<>(vm.tasks());
        tasks.remove(t);
        return replaceVm(s, v, vm.withTasks(tasks));
    }

    /** VM {@code v} moved by {@code delta} places (clamped). */
    public static Scenario moveVm(Scenario s, int v, int delta) {
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        int to = Math.max(0, Math.min(vms.size() - 1, v + delta));
        vms.add(to, vms.remove(v));
        return s.withVms(vms);
    }

    /** Task {@code t} of VM {@code v} moved by {@code delta} places (clamped). */
    public static Scenario moveTask(Scenario s, int v, int t, int delta) {
        VirtualMachine vm = s.vms().get(v);
        List<Task> tasks = new ArrayList<>(vm.tasks());
        int to = Math.max(0, Math.min(tasks.size() - 1, t + delta));
        tasks.add(to, tasks.remove(t));
        return replaceVm(s, v, vm.withTasks(tasks));
    }

    /** One more core. */
    public static Scenario addCore(Scenario s) {
        Platform p = s.hypervisor();
        return s.withHypervisor(p.withCores(p.cores() + 1));
    }

    /** Removes an empty core; VMs on higher cores move down one. Null when the core has VMs or is the last. */
    public static Scenario removeCore(Scenario s, int core) {
        Platform p = s.hypervisor();
        if (core < 0 || core >= p.cores() || p.cores() <= 1 || s.vms().stream().anyMatch(vm -> vm.core() == core)) {
            return null;
        }
        List<VirtualMachine> vms = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            vms.add(vm.core() > core ? vm.withCore(vm.core() - 1) : vm);
        }
        return s.withVms(vms).withHypervisor(p.withCores(p.cores() - 1));
    }

    public static Scenario replaceVm(Scenario s, int v, VirtualMachine vm) {
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        vms.set(v, vm);
        return s.withVms(vms);
    }

    public static Scenario replaceTask(Scenario s, int v, int t, Task task) {
        VirtualMachine vm = s.vms().get(v);
        List<Task> tasks = new ArrayList<>(vm.tasks());
        tasks.set(t, task);
        return replaceVm(s, v, vm.withTasks(tasks));
    }
}
