package org.vmsched.io;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vmsched.model.Problem;
import org.w3c.dom.Element;

/**
 * Where each value of a scenario that {@link ForeignFormats} generates came from in the CARTS or
 * SimSo file, so that a problem {@code ScenarioValidator} finds in the generated scenario is
 * reported where the user wrote it: the element as {@code <component> 1 (a), <task> 1 (t)} and the
 * attribute as spelled in the file ({@code attribute e (the wcet)}), with the validator's own words
 * for the problem. No JSON path of the generated scenario ({@code vms[0].tasks[0].wcet}) reaches the
 * user: they never saw that scenario. Values the import derives (a VM's placeholder period and
 * budget, the host's cores) are named as such; a problem of a derived value is left out when a
 * value written in the same component is refused too (it follows from that one). Filled while a
 * file is read, then used once.
 */
final class ImportOrigins {

    /** One generated value's origin: an element, and what in it (null: the element itself). */
    private record Place(String element, String what) {

        /** As a refusal starts: "<component> 1 (a), <task> 1 (t): attribute e (the wcet)". */
        String head() {
            return element == null ? what : what == null ? element : element + ": " + what;
        }

        /** Inside a sentence: "attribute p (the period) of <component> 1 (a), <task> 2 (u)". */
        String inline() {
            return element == null ? what : what == null ? element : what + " of " + element;
        }
    }

    private record TaskOrigin(String element, Element xml) {
    }

    private record VmOrigin(String element, Element xml, String nameAttribute, List<TaskOrigin> tasks) {
    }

    private static final Pattern PATH = Pattern.compile("vms\\[(\\d+)](?:\\.tasks\\[(\\d+)])?(?:\\.([A-Za-z]+(?:\\.[A-Za-z]+)*))?");

    private final String vmsElement;
    private final String coresPlace;
    private final Map<String, String> taskAttributes;
    private final List<VmOrigin> vms = new ArrayList<>();

    /**
     * @param vmsElement     the element whose children become the VMs (or the tasks), as it is named in a refusal
     * @param coresPlace     what the host's core count was taken from
     * @param taskAttributes each task field (wcet, period, deadline, offset, name) to its attribute in the file
     */
    ImportOrigins(String vmsElement, String coresPlace, Map<String, String> taskAttributes) {
        this.vmsElement = vmsElement;
        this.coresPlace = coresPlace;
        this.taskAttributes = Map.copyOf(taskAttributes);
    }

    /**
     * The next VM comes from element {@code xml}, named {@code element} in a refusal; its name from
     * attribute {@code nameAttribute} (null: the import names it).
     */
    void vm(String element, Element xml, String nameAttribute) {
        vms.add(new VmOrigin(element, xml, nameAttribute, new ArrayList<>()));
    }

    /** The last VM's next task comes from element {@code xml}, named {@code element} in a refusal. */
    void task(String element, Element xml) {
        vms.get(vms.size() - 1).tasks().add(new TaskOrigin(element, xml));
    }

    /** The validator's problems of the generated scenario, each said of the file. */
    List<Problem> translate(List<Problem> problems) {
        Set<Integer> vmsWithTaskProblems = new HashSet<>();
        Set<String> tasksWithWrittenProblems = new HashSet<>();
        Set<Integer> vmsWithPeriodProblems = new HashSet<>();
        for (Problem p : problems) {
            Matcher m = PATH.matcher(p.path());
            if (!m.matches()) {
                continue;
            }
            int v = Integer.parseInt(m.group(1));
            if (m.group(2) != null) {
                vmsWithTaskProblems.add(v);
                if (written(v, Integer.parseInt(m.group(2)), m.group(3))) {
                    tasksWithWrittenProblems.add(v + "/" + m.group(2));
                }
            } else if ("period".equals(m.group(3))) {
                vmsWithPeriodProblems.add(v);
            }
        }
        Set<String> out = new LinkedHashSet<>();
        for (Problem p : problems) {
            Matcher m = PATH.matcher(p.path());
            if (m.matches() && vm(m.group(1)) != null) {
                int v = Integer.parseInt(m.group(1));
                String field = m.group(3);
                if (m.group(2) != null) {
                    int t = Integer.parseInt(m.group(2));
                    if (!written(v, t, field) && tasksWithWrittenProblems.contains(v + "/" + t)) {
                        continue; // a default (d = p) refused with the value it was taken from
                    }
                } else if (field != null && !field.equals("name") && !field.equals("tasks")
                        && (vmsWithTaskProblems.contains(v) || field.equals("budget") && vmsWithPeriodProblems.contains(v))) {
                    continue; // a placeholder derived from a task value refused too, or the budget equal to the period
                }
            }
            out.add(place(p.path()).head() + " " + inSentence(p.message()));
        }
        return out.stream().map(text -> new Problem("", text)).toList();
    }

    private VmOrigin vm(String index) {
        int v = Integer.parseInt(index);
        return v < vms.size() ? vms.get(v) : null;
    }

    private TaskOrigin task(int v, int t) {
        return v < vms.size() && t < vms.get(v).tasks().size() ? vms.get(v).tasks().get(t) : null;
    }

    /** Whether task field {@code field} of task t of VM v was written in the file (not a default). */
    private boolean written(int v, int t, String field) {
        TaskOrigin task = task(v, t);
        String attr = field == null ? null : taskAttributes.get(field);
        return task != null && attr != null && !task.xml().getAttribute(attr).isBlank();
    }

    /** The generated path's origin in the file. */
    private Place place(String path) {
        Matcher m = PATH.matcher(path);
        if (m.matches() && vm(m.group(1)) != null) {
            int v = Integer.parseInt(m.group(1));
            VmOrigin vm = vms.get(v);
            String field = m.group(3);
            if (m.group(2) != null) {
                int t = Integer.parseInt(m.group(2));
                TaskOrigin task = task(v, t);
                if (task != null) {
                    return new Place(task.element(), taskField(v, t, field));
                }
            } else if (field == null || field.equals("tasks")) {
                return new Place(vm.element(), null);
            } else if (field.equals("name")) {
                return new Place(vm.element(), vm.nameAttribute() == null ? "the VM's name (the import's)"
                        : vm.xml().getAttribute(vm.nameAttribute()).isEmpty()
                        ? "the default name (attribute " + vm.nameAttribute() + " is not given)"
                        : "attribute " + vm.nameAttribute());
            } else if (field.equals("period") || field.equals("budget")) {
                return new Place(vm.element(), "the VM's placeholder " + field + " (the shortest task period, within"
                        + " any period range)");
            } else {
                return new Place(vm.element(), "the VM's " + field + " (the import's)");
            }
        }
        return switch (path) {
            case "vms" -> new Place(vmsElement, null);
            case "hypervisor.cores" -> new Place(null, coresPlace);
            case "name" -> new Place(null, "the scenario's name (the file's name without its extension)");
            case "description" -> new Place(null, "the scenario's description (the import's)");
            default -> new Place(null, "the imported scenario's " + (path.isEmpty() ? "content" : path.replaceAll("\\[\\d+]", "")));
        };
    }

    /** "attribute e (the wcet)", "attribute WCET", or what stands for an attribute the file does not give. */
    private String taskField(int v, int t, String field) {
        String attr = field == null ? null : taskAttributes.get(field);
        if (attr == null) {
            return "the task's " + (field == null ? "values" : field) + " (the import's)";
        }
        String gloss = attr.equalsIgnoreCase(field) ? "" : " (the " + field + ")";
        if (written(v, t, field)) {
            return "attribute " + attr + gloss;
        }
        return switch (field) {
            case "name" -> "the default name (attribute name is not given)";
            case "deadline" -> "attribute " + attr + gloss + " (not given: the period)";
            default -> "attribute " + attr + gloss + " (not given: the import's default)";
        };
    }

    /** A message that itself names generated paths (the ratio rule names the largest value's), said of the file. */
    private String inSentence(String message) {
        Matcher m = PATH.matcher(message);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, Matcher.quoteReplacement(place(m.group()).inline()));
        }
        m.appendTail(b);
        return b.toString().replace("hypervisor.cores", "the host's cores").replace("hypervisor.policy", "the host's policy");
    }
}
