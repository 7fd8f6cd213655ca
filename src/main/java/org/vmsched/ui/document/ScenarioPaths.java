package org.vmsched.ui.document;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;

/** JSON paths of a scenario ("vms[0].tasks[2].wcet") in the window's words and in document order. Stateless. */
public final class ScenarioPaths {

    private ScenarioPaths() {
    }

    /**
     * A JSON path in the words of the window: "scenario: name", "VM1: budget", "VM1 / t3: wcet",
     * "control: vCPUs", "hypervisor: migration cost". A field of the VM editor or a policy
     * parameter is named by the label beside it ({@link #word}), so a message says what the user
     * sees; a file's messages keep the JSON path (vms[0].vcpus).
     */
    public static String inWords(Scenario s, String path) {
        if (path.equals("name") || path.equals("description")) {
            return "scenario: " + path;
        }
        if (path.startsWith("hypervisor.params.")) {
            String json = path.substring("hypervisor.params.".length());
            return "hypervisor: " + paramWord(s.hypervisor().policy().definition().hypervisorSchema(), json);
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
            // "VM1: weight", as the editor labels it
            rest = "." + paramWord(s.hypervisor().policy().definition().vmSchema(), rest.substring(".params.".length()));
        } else if (m.group(2) == null && rest.startsWith(".") && vmFieldLabel(rest.substring(1), s.hypervisor().policy()) != null) {
            rest = "." + word(vmFieldLabel(rest.substring(1), s.hypervisor().policy()));
        }
        return rest.isEmpty() ? item : item + ": " + rest.substring(1).replace('.', ' ');
    }

    /**
     * The VM editor's label of the VM field {@code json} under {@code policy} ("Period T_VM", CBS's
     * "Runtime Q", "vCPUs"), or null for a field it does not show.
     */
    public static String vmFieldLabel(String json, HypervisorPolicy policy) {
        return switch (json) {
            case "name" -> "Name";
            case "period" -> policy.periodLabel();
            case "budget" -> policy.budgetLabel();
            case "overhead" -> "Overhead X";
            case "core" -> "Core";
            case "vcpus" -> "vCPUs";
            case "priority" -> "Priority (FP)";
            case "offset" -> "Offset";
            case "scheduler" -> "Scheduler";
            default -> null;
        };
    }

    /**
     * A field's label as a message names it: without a symbol or unit after it ("Period T_VM" is
     * "period", "Cap (%)" is "cap", "Runtime Q" is "runtime"), in lower case but for a word that is
     * written with capitals inside ("vCPUs").
     */
    public static String word(String label) {
        String w = label.replaceAll("\\s*\\([^)]*\\)$", "").trim();
        int space = w.lastIndexOf(' ');
        if (space > 0 && w.substring(space + 1).matches("[A-Z](_[A-Za-z]+)?")) {
            w = w.substring(0, space);
        }
        if (w.length() > 1 && Character.isUpperCase(w.charAt(0)) && Character.isLowerCase(w.charAt(1))) {
            w = Character.toLowerCase(w.charAt(0)) + w.substring(1);
        }
        return w;
    }

    /** A policy parameter by its label's {@link #word} ("migration cost"), else its JSON name in words. */
    private static String paramWord(ParamSchema schema, String json) {
        ParamSpec spec = schema.param(json);
        return spec != null ? word(spec.label()) : words(json);
    }

    /**
     * A message of the validator in the window's words: the JSON names it uses for a file
     * ("with vcpus 2 use GLOBAL_RM", "hypervisor.policy is FP") as the window shows those things
     * ("with vCPUs 2 use Global RM", "the hypervisor policy is FP").
     */
    public static String inWindowWords(String message) {
        if (message == null) {
            return null;
        }
        String m = NEEDS_GLOBAL.matcher(message).replaceAll(
                Matcher.quoteReplacement("the hypervisor policy " + HypervisorPolicy.GLOBAL_EDF.title()) + ": $1");
        m = m.replace("hypervisor.policy GLOBAL_EDF", "the hypervisor policy " + HypervisorPolicy.GLOBAL_EDF.title())
                .replace("hypervisor.policy is", "the hypervisor policy is")
                .replace("the budget (runtime)", "the runtime");
        m = CORES.matcher(m).replaceAll("(the host has $1 cores)");
        m = m.replaceAll("\\bvcpus\\b", "vCPUs");
        return m.replaceAll("\\bGLOBAL_(EDF|RM)\\b", "Global $1");
    }

    /** "need hypervisor.policy GLOBAL_EDF (EDF runs …)": the policy's title has brackets of its own. */
    private static final Pattern NEEDS_GLOBAL = Pattern.compile("hypervisor\\.policy GLOBAL_EDF \\((.*)\\)$");
    private static final Pattern CORES = Pattern.compile("\\(hypervisor\\.cores is (\\d+)\\)");

    /** A JSON field name in words: "timeSlice" is "time slice". */
    private static String words(String json) {
        return json.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
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
