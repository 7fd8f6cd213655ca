package org.vmsched.ui.document;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;

/** JSON paths of a scenario ("vms[0].tasks[2].wcet") in the window's words and in document order. Stateless. */
public final class ScenarioPaths {

    private ScenarioPaths() {
    }

    /** A JSON path in the words of the window: "scenario: name", "VM1: budget", "VM1 / t3: wcet". */
    public static String inWords(Scenario s, String path) {
        if (path.equals("name")) {
            return "scenario: name";
        }
        if (path.startsWith("hypervisor.params.")) {
            return "hypervisor: " + words(path.substring("hypervisor.params.".length()));
        }
        if (path.equals("vms")) {
            return "VMs:";
        }
        Matcher m = ITEM.matcher(path);
        if (!m.matches()) {
            return path.replace('.', ' ');
        }
        int v = Integer.parseInt(m.group(1));
        String vmName = v < s.vms().size() && !s.vms().get(v).name().isBlank() ? s.vms().get(v).name() : "VM #" + (v + 1);
        String item = vmName;
        if (m.group(2) != null) {
            int t = Integer.parseInt(m.group(2));
            List<Task> tasks = v < s.vms().size() ? s.vms().get(v).tasks() : List.of();
            item += " / " + (t < tasks.size() && !tasks.get(t).name().isBlank() ? tasks.get(t).name() : "task #" + (t + 1));
        }
        String rest = m.group(3);
        if (rest.startsWith(".params.")) {
            rest = "." + words(rest.substring(".params.".length())); // "VM1: weight", as the editor labels it
        }
        return rest.isEmpty() ? item : item + ": " + rest.substring(1).replace('.', ' ');
    }

    /** A JSON field name in words: "timeSlice" is "time slice". */
    private static String words(String json) {
        return json.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
    }

    /** vms[v], optionally .tasks[t], then the rest of the path (".budget", or empty). */
    public static final Pattern ITEM = Pattern.compile("vms\\[(\\d+)\\](?:\\.tasks\\[(\\d+)\\])?(.*)");

    public static String sortKey(String path) {
        Matcher m = DIGITS.matcher(path);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, "0".repeat(Math.max(0, 10 - m.group().length())) + m.group());
        }
        m.appendTail(b);
        return b.toString();
    }

    private static final Pattern DIGITS = Pattern.compile("\\d+");
}
