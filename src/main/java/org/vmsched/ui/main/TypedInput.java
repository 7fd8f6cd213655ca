package org.vmsched.ui.main;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vmsched.model.Limits;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.document.ScenarioDocument;
import org.vmsched.ui.document.ScenarioEdits;
import org.vmsched.ui.document.ScenarioPaths;
import org.vmsched.ui.main.MainViewModel.TaskField;
import org.vmsched.ui.main.MainViewModel.VmField;

/**
 * Text typed into a field of the window, read at its JSON path: the scenario it makes, or why
 * it cannot go in (not a number, breaks a rule at its field, or makes another value break one).
 * Stateless.
 */
final class TypedInput {

    private TypedInput() {
    }

    /** The window's fields as the document types into them. */
    static final ScenarioDocument.FieldTyping TYPING = new ScenarioDocument.FieldTyping() {
        @Override
        public boolean names(Scenario s, String path, String text) {
            return typed(s, path, text) != null;
        }

        @Override
        public String problem(Scenario s, String path, String text) {
            return draftProblem(s, path, text);
        }

        @Override
        public Scenario apply(Scenario s, String path, String text) {
            return typed(s, path, text).scenario();
        }
    };

    /** The scenario with {@code text} typed at a path, or why the text is not a value there. */
    record Typed(Scenario scenario, String error) {
    }

    private static final Pattern TASK_FIELD = Pattern.compile("vms\\[(\\d+)\\]\\.tasks\\[(\\d+)\\]\\.(\\w+)");
    private static final Pattern VM_FIELD = Pattern.compile("vms\\[(\\d+)\\]\\.(\\w+)");

    /** {@code text} typed at {@code path} of {@code s}; null when the path names no field of {@code s}. */
    static Typed typed(Scenario s, String path, String text) {
        if (path.equals("description")) { // free text: its line breaks kept, only the ends stripped
            return new Typed(s.withDescription(text == null ? "" : text.strip()), null);
        }
        String t = text == null ? "" : text.trim();
        if (path.equals("name")) {
            return new Typed(s.withName(t), null);
        }
        PolicyParam param = PolicyParam.at(s.hypervisor().policy(), path);
        if (param != null) {
            return param(s, path, param, t);
        }
        Matcher m = TASK_FIELD.matcher(path);
        if (m.matches()) {
            return task(s, m, t);
        }
        m = VM_FIELD.matcher(path);
        if (m.matches()) {
            return vm(s, m, t);
        }
        return null;
    }

    /** {@code t} typed at a task's field, {@code m} its path matched by {@link #TASK_FIELD}; null when there is no such field. */
    private static Typed task(Scenario s, Matcher m, String t) {
        int v = Integer.parseInt(m.group(1));
        int k = Integer.parseInt(m.group(2));
        TaskField f = taskField(m.group(3));
        if (f == null || v >= s.vms().size() || k >= s.vms().get(v).tasks().size()) {
            return null;
        }
        Task old = s.vms().get(v).tasks().get(k);
        if (f == TaskField.NAME) {
            return new Typed(ScenarioEdits.replaceTask(s, v, k, old.withName(t)), null);
        }
        Double x = number(t);
        if (x == null) {
            return new Typed(null, "must be a number, got " + Limits.quote(t));
        }
        Task nt = switch (f) {
            case WCET -> old.withWcet(x);
            // a deadline equal to the period follows it (implicit deadline)
            case PERIOD -> new Task(old.name(), old.wcet(), x, old.deadline() == old.period() ? x : old.deadline(), old.offset());
            case DEADLINE -> new Task(old.name(), old.wcet(), old.period(), x, old.offset());
            case OFFSET -> new Task(old.name(), old.wcet(), old.period(), old.deadline(), x);
            case NAME -> old;
        };
        return new Typed(ScenarioEdits.replaceTask(s, v, k, nt), null);
    }

    /** {@code t} typed at a VM's field, {@code m} its path matched by {@link #VM_FIELD}; null when there is no such field. */
    private static Typed vm(Scenario s, Matcher m, String t) {
        int v = Integer.parseInt(m.group(1));
        VmField f = vmField(m.group(2));
        if (f == null || v >= s.vms().size()) {
            return null;
        }
        VirtualMachine old = s.vms().get(v);
        if (f == VmField.NAME) {
            return new Typed(ScenarioEdits.replaceVm(s, v, old.withName(t)), null);
        }
        if (f == VmField.PRIORITY && t.isEmpty()) {
            return new Typed(ScenarioEdits.replaceVm(s, v, old.withPriority(null)), null);
        }
        Double x = number(t);
        if (x == null) {
            return new Typed(null, "must be a number, got " + Limits.quote(t));
        }
        boolean whole = f == VmField.CORE || f == VmField.VCPUS || f == VmField.PRIORITY;
        if (whole && x != Math.rint(x)) {
            return new Typed(null, "must be a whole number, got " + Limits.quote(t));
        }
        if (whole && Math.abs(x) > Integer.MAX_VALUE) {
            return new Typed(null, "is too large, got " + Limits.quote(t));
        }
        VirtualMachine nv = switch (f) {
            case PERIOD -> old.withServer(x, old.budget(), old.overhead());
            case BUDGET -> old.withServer(old.period(), x, old.overhead());
            case OVERHEAD -> old.withServer(old.period(), old.budget(), x);
            case CORE -> old.withCore((int) Math.round(x));
            case VCPUS -> old.withVcpusAndTwinScheduler((int) Math.round(x));
            case PRIORITY -> old.withPriority((int) Math.round(x));
            case OFFSET -> old.withOffset(x);
            case NAME -> old;
        };
        return new Typed(ScenarioEdits.replaceVm(s, v, nv), null);
    }

    /** A policy parameter typed: empty puts its default back; only under its policy (else its field is gone). */
    private static Typed param(Scenario s, String path, PolicyParam p, String t) {
        if (!s.hypervisor().policy().equals(p.policy)) {
            return null;
        }
        int v = 0;
        if (!p.hypervisorWide) {
            Matcher m = VM_FIELD_PREFIX.matcher(path);
            v = m.lookingAt() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
            if (v >= s.vms().size()) {
                return null;
            }
        }
        if (t.isEmpty()) {
            return new Typed(p.with(s, v, null), null);
        }
        Double x = number(t);
        if (x == null) {
            return new Typed(null, "must be a number, got " + Limits.quote(t));
        }
        if (p.whole() && x != Math.rint(x)) {
            return new Typed(null, "must be a whole number, got " + Limits.quote(t));
        }
        if (p.whole() && Math.abs(x) > Integer.MAX_VALUE) {
            return new Typed(null, "is too large, got " + Limits.quote(t));
        }
        return new Typed(p.with(s, v, x), null);
    }

    private static final Pattern VM_FIELD_PREFIX = Pattern.compile("vms\\[(\\d+)\\]");

    static Double number(String t) {
        try {
            double v = Double.parseDouble(t);
            return Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static TaskField taskField(String json) {
        for (TaskField f : TaskField.values()) {
            if (f.json.equals(json)) {
                return f;
            }
        }
        return null;
    }

    static VmField vmField(String json) {
        for (VmField f : VmField.values()) {
            if (f.json.equals(json)) {
                return f;
            }
        }
        return null;
    }

    /**
     * Why {@code text} typed at {@code path} cannot go into {@code s}, or null when it can: it is
     * not a value there, breaks a rule at its own path, or makes a value elsewhere break one that
     * {@code s} keeps (a period below the budget).
     */
    static String draftProblem(Scenario s, String path, String text) {
        Typed t = typed(s, path, text);
        if (t == null) {
            return "no such field";
        }
        if (t.error() != null) {
            return t.error();
        }
        List<Problem> after = ScenarioValidator.validate(t.scenario());
        for (Problem p : after) {
            if (p.path().equals(path)) {
                return p.message();
            }
        }
        Set<String> before = new HashSet<>();
        for (Problem p : ScenarioValidator.validate(s)) {
            before.add(p.path());
        }
        for (Problem p : after) {
            if (!before.contains(p.path())) {
                return "not applied, because then " + ScenarioPaths.inWords(s, p.path()) + " " + p.message();
            }
        }
        return null;
    }
}
