package org.vmsched.ui.exercise;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.vmsched.exercise.Checker;
import org.vmsched.exercise.ExactValue;
import org.vmsched.exercise.Exercise;
import org.vmsched.exercise.ExerciseKind;
import org.vmsched.exercise.ExerciseText;
import org.vmsched.exercise.Exercises;
import org.vmsched.exercise.InvalidExerciseException;
import org.vmsched.exercise.Step;
import org.vmsched.model.Limits;

/**
 * The Exercises window's model (issue 33): an exercise made from a kind, a seed and a level, or
 * opened from a file; one answer per step; Check, Hint, the explanation of the first wrong step
 * and the score. Every field a user types is validated here, with a message naming it. Plain
 * JavaFX properties, no controls: testable with plain JUnit. FX thread only.
 */
public final class ExerciseViewModel {

    /** One step's row: what is asked, the answer typed, and its judgement after a check. */
    public static final class Row {
        private final Step step;
        private final int number;
        private final StringProperty answer = new SimpleStringProperty("");
        private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
        private final ReadOnlyObjectWrapper<Checker.Status> verdict =
                new ReadOnlyObjectWrapper<>();

        Row(int number, Step step) {
            this.number = number;
            this.step = step;
        }

        /** The step's label: "3. w0: the first demand … (w0 = …)". */
        public String label() {
            return number + ". " + step.symbol() + ": " + step.prompt() + "   (" + step.formula() + ")";
        }

        /** The step's number, from 1. */
        public int number() {
            return number;
        }

        /** What the student typed. */
        public StringProperty answerProperty() {
            return answer;
        }

        /** The judgement after the last check ("right", "wrong", …), empty before. */
        public ReadOnlyStringProperty statusProperty() {
            return status.getReadOnlyProperty();
        }

        /** The judgement after the last check, null before one (the lanes colour a wrong slot's column by it). */
        public ReadOnlyObjectProperty<Checker.Status> verdictProperty() {
            return verdict.getReadOnlyProperty();
        }
    }

    /** The kind whose steps are the owners of the slots of a schedule, shown as lanes. */
    private static final String GANTT = "gantt";

    private final StringProperty kind = new SimpleStringProperty(Exercises.KINDS.get(0).name());
    private final StringProperty seed = new SimpleStringProperty("1");
    private final StringProperty level = new SimpleStringProperty("1");
    private final ReadOnlyStringWrapper question = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper scenario = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper explanation = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper score = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Exercise> shown = new ReadOnlyObjectWrapper<>();
    private Exercise exercise;
    private Path file;

    /** The kinds' names, for the chooser. */
    public List<String> kinds() {
        return Exercises.KINDS.stream().map(ExerciseKind::name).toList();
    }

    public StringProperty kindProperty() {
        return kind;
    }

    public StringProperty seedProperty() {
        return seed;
    }

    public StringProperty levelProperty() {
        return level;
    }

    public ReadOnlyStringProperty questionProperty() {
        return question.getReadOnlyProperty();
    }

    /** The scenario's numbers as text (read-only). */
    public ReadOnlyStringProperty scenarioProperty() {
        return scenario.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty explanationProperty() {
        return explanation.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty scoreProperty() {
        return score.getReadOnlyProperty();
    }

    /** The last input problem, naming its field; empty when none. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** One row per step of the exercise shown. */
    public ObservableList<Row> rows() {
        return rows;
    }

    /**
     * The lanes of a {@code gantt} exercise: the answers a slot takes, the tasks in the exercise's
     * order then {@code idle}; row k is the slot [k, k + 1). Empty for the other kinds, whose steps
     * are typed.
     */
    public List<String> lanes() {
        if (exercise == null || !GANTT.equals(exercise.kind()) || exercise.steps().get(0).choices().isEmpty()) {
            return List.of();
        }
        return exercise.steps().get(0).choices();
    }

    /** The exercise shown, or null. */
    public Exercise exercise() {
        return exercise;
    }

    /** The exercise shown, null before the first: the main window shows its scenario (read-only). */
    public ReadOnlyObjectProperty<Exercise> exerciseProperty() {
        return shown.getReadOnlyProperty();
    }

    /** The file the exercise shown was opened from, null when it was made here. */
    public Path file() {
        return file;
    }

    /** Makes the exercise of the kind, seed and level typed; false (and {@link #errorProperty()}) when one is bad. */
    public boolean newExercise() {
        long s;
        try {
            s = Long.parseLong(seed.get().strip());
        } catch (NumberFormatException e) {
            error.set("Seed must be a whole number, got " + Limits.quote(seed.get()));
            return false;
        }
        int l;
        try {
            l = Integer.parseInt(level.get().strip());
        } catch (NumberFormatException e) {
            l = -1;
        }
        if (l < 1 || l > ExerciseKind.MAX_LEVEL) {
            error.set("Level must be 1 to " + ExerciseKind.MAX_LEVEL + ", got " + Limits.quote(level.get()));
            return false;
        }
        try {
            show(Exercises.kind("Kind", kind.get()).generate(s, l), null);
        } catch (InvalidExerciseException e) {
            error.set(e.getMessage());
            return false;
        }
        return true;
    }

    /** Shows {@code e}, made here or opened from {@code from} (null when made here), with empty answers. */
    public void show(Exercise e, Path from) {
        exercise = e;
        file = from;
        // the chooser says what is shown (an opened file's kind, seed and level), so New Exercise
        // makes this one again rather than one of the kind chosen before
        kind.set(e.kind());
        seed.set(Long.toString(e.seed()));
        level.set(Integer.toString(e.level()));
        question.set(e.question());
        scenario.set(String.join("\n", ExerciseText.scenario(e.scenario())));
        List<Row> r = new ArrayList<>();
        for (int i = 0; i < e.steps().size(); i++) {
            r.add(new Row(i + 1, e.steps().get(i)));
        }
        rows.setAll(r);
        explanation.set("");
        score.set("");
        error.set("");
        shown.set(e);
    }

    /** Checks the answers typed; false (and {@link #errorProperty()}) when one cannot be read. */
    public boolean check() {
        List<ExactValue> a = answers();
        if (a == null) {
            return false;
        }
        Checker.Report r = Checker.check(exercise, a);
        for (int i = 0; i < rows.size(); i++) {
            rows.get(i).status.set(ExerciseText.words(r.steps().get(i).status()));
            rows.get(i).verdict.set(r.steps().get(i).status());
        }
        explanation.set(r.explanation() == null ? (r.allRight() ? "Every step is right." : "No step is wrong so far.")
                : "First wrong: " + r.explanation());
        score.set("Score: " + r.score() + " of " + r.steps().size() + " steps right");
        return true;
    }

    /** Works the next step not yet right (that one only) into the explanation. */
    public boolean hint() {
        List<ExactValue> a = answers();
        if (a == null) {
            return false;
        }
        String h = Checker.hint(exercise, a);
        explanation.set(h == null ? "Every step is right: nothing to hint." : "Hint: " + h);
        return true;
    }

    /** The answers typed (null for a blank one), or null with {@link #errorProperty()} set naming the step. */
    private List<ExactValue> answers() {
        if (exercise == null) {
            error.set("Make or open an exercise first");
            return null;
        }
        List<ExactValue> out = new ArrayList<>();
        for (Row r : rows) {
            String text = r.answer.get() == null ? "" : r.answer.get();
            if (text.isBlank()) {
                out.add(null);
                continue;
            }
            try {
                out.add(r.step.read("Step " + r.number + " (" + r.step.symbol() + ")", text));
            } catch (IllegalArgumentException e) {
                r.status.set("not a value");
                error.set(e.getMessage());
                return null;
            }
        }
        error.set("");
        return out;
    }
}
