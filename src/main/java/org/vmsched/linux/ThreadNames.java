package org.vmsched.linux;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The thread name each task runs under, as {@code export-config --target rt-app} writes it and
 * {@code trace} looks for it: the task's name cut to the kernel's {@link #COMM_LENGTH} characters,
 * or, when two tasks would then share a name (the same task name in two VMs, two long names alike),
 * every task's "v&lt;i&gt;t&lt;j&gt;_" (VM and task index from 0) before its name, cut the same way. Stateless.
 */
public final class ThreadNames {

    /** Characters of a thread name the kernel keeps (TASK_COMM_LEN 16 with the terminating zero). */
    public static final int COMM_LENGTH = 15;

    private ThreadNames() {
    }

    /** "VM/task" to thread name, in the scenario's order. */
    public static Map<String, String> of(Scenario s) {
        Map<String, String> plain = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        boolean clash = false;
        for (VirtualMachine vm : s.vms()) {
            for (Task t : vm.tasks()) {
                String n = cut(t.name());
                clash |= !seen.add(n) || n.isBlank();
                plain.put(vm.name() + "/" + t.name(), n);
            }
        }
        if (!clash) {
            return plain;
        }
        Map<String, String> indexed = new LinkedHashMap<>();
        for (int i = 0; i < s.vms().size(); i++) {
            VirtualMachine vm = s.vms().get(i);
            for (int j = 0; j < vm.tasks().size(); j++) {
                Task t = vm.tasks().get(j);
                indexed.put(vm.name() + "/" + t.name(), cut("v" + i + "t" + j + "_" + t.name().replaceAll("\\s", "_")));
            }
        }
        return indexed;
    }

    /** {@code name} as the kernel keeps it: its first {@link #COMM_LENGTH} bytes of UTF-8, never half a character. */
    public static String cut(String name) {
        String n = name;
        while (n.getBytes(StandardCharsets.UTF_8).length > COMM_LENGTH) {
            n = n.substring(0, n.offsetByCodePoints(n.length(), -1));
        }
        return n;
    }
}
