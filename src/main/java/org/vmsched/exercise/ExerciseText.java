package org.vmsched.exercise;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * An exercise as lines of plain text: the question, the scenario's numbers and the steps, with
 * or without the worked solution (a sheet's questions and solutions, the terminal). Stateless.
 */
public final class ExerciseText {

    private ExerciseText() {
    }

    /** The heading of exercise number {@code n} (from 1). */
    public static String heading(int n, Exercise e) {
        return "Exercise " + n + " (" + e.kind() + (e.level() > 0 ? ", level " + e.level() + ", seed " + e.seed() : "")
                + ")";
    }

    /** The exercise's lines: question, scenario, steps; each step worked when {@code solved}. */
    public static List<String> lines(Exercise e, boolean solved) {
        List<String> out = new ArrayList<>();
        out.add(e.question());
        out.add("");
        out.addAll(scenario(e.scenario()));
        out.add("");
        List<Worked> worked = solved ? e.solution() : null;
        List<String> figure = Exercises.kind("kind", e.kind()).figure(e, worked);
        if (!figure.isEmpty()) {
            out.addAll(figure);
            out.add("");
        }
        for (int i = 0; i < e.steps().size(); i++) {
            Step s = e.steps().get(i);
            out.add((i + 1) + ". " + s.symbol() + ": " + s.prompt() + ".   " + s.formula());
            out.add(solved ? "      " + worked.get(i).working() : "      " + s.symbol() + " = ______________");
        }
        return out;
    }

    /** The scenario's numbers: each VM's server and its tasks. */
    public static List<String> scenario(Scenario s) {
        List<String> out = new ArrayList<>();
        out.add("Hypervisor: " + s.hypervisor().policy().title() + ", " + s.hypervisor().cores() + " core"
                + (s.hypervisor().cores() == 1 ? "" : "s") + "; servers: " + s.simulation().serverPolicy().jsonName() + ".");
        for (VirtualMachine vm : s.vms()) {
            out.add("VM " + vm.name() + " on core " + vm.core() + ": T = " + Num.t(vm.period()) + ", C = "
                    + Num.t(vm.budget()) + ", X = " + Num.t(vm.overhead()) + ", " + vm.scheduler().name() + " inside.");
            for (Task t : vm.tasks()) {
                out.add("    task " + t.name() + ": C = " + Num.t(t.wcet()) + ", T = " + Num.t(t.period()) + ", D = "
                        + Num.t(t.deadline()));
            }
        }
        return out;
    }

    /** A checked answer as lines: one per step (number, symbol, the value given, the judgement), the explanation, the score. */
    public static List<String> report(Exercise e, Checker.Report r) {
        List<String> out = new ArrayList<>();
        for (Checker.StepResult s : r.steps()) {
            String given = s.given() == null ? "—" : s.given().text();
            out.add(String.join("  ", pad(Integer.toString(s.index() + 1), 3), pad(s.symbol(), 8), pad(given, 12),
                    words(s.status())));
        }
        if (r.explanation() != null) {
            out.add("");
            out.add("First wrong: " + r.explanation());
        }
        if (r.steps().stream().anyMatch(s -> s.status() == Checker.Status.ROUNDED)) {
            out.add("A rounded value is right but not exact: give it as a fraction (22/3) or in full.");
        }
        out.add("");
        out.add("Score: " + r.score() + " of " + r.steps().size() + " steps right.");
        return out;
    }

    /** A judgement in words. */
    public static String words(Checker.Status s) {
        return switch (s) {
            case RIGHT -> "right";
            case ROUNDED -> "right, rounded (give it exactly)";
            case FOLLOWS -> "follows from your earlier numbers (method right)";
            case WRONG -> "wrong";
            case MISSING -> "not answered";
        };
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
