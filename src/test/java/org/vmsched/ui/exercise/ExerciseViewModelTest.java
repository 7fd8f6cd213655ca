package org.vmsched.ui.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.exercise.ExactValue;

/** The Exercises window's model, without a display. */
class ExerciseViewModelTest {

    private static ExerciseViewModel made() {
        ExerciseViewModel m = new ExerciseViewModel();
        m.kindProperty().set("rta");
        m.seedProperty().set("7");
        m.levelProperty().set("1");
        assertTrue(m.newExercise(), m.errorProperty().get());
        return m;
    }

    // an opened gantt exercise left the chooser at rta: New Exercise then made another kind
    @Test
    void anExerciseShownFromAFileSetsTheChooserToItsKindSeedAndLevel() {
        ExerciseViewModel m = made();
        org.vmsched.exercise.Exercise gantt = org.vmsched.exercise.Exercises.kind("kind", "gantt").generate(3, 2);
        m.show(gantt, java.nio.file.Path.of("gantt-3.json"));
        assertEquals("gantt", m.kindProperty().get());
        assertEquals("3", m.seedProperty().get());
        assertEquals("2", m.levelProperty().get());
        assertTrue(m.newExercise(), m.errorProperty().get());
        assertEquals(gantt.answers(), m.exercise().answers(), "New Exercise makes the same one again");
    }

    @Test
    void theSolutionTypedInIsAllRightWithFullScore() {
        ExerciseViewModel m = made();
        List<ExactValue> solution = m.exercise().answers();
        for (int i = 0; i < solution.size(); i++) {
            m.rows().get(i).answerProperty().set(solution.get(i).text());
        }
        assertTrue(m.check());
        assertEquals("Every step is right.", m.explanationProperty().get());
        assertEquals("Score: " + solution.size() + " of " + solution.size() + " steps right", m.scoreProperty().get());
        assertEquals("right", m.rows().get(0).statusProperty().get());
    }

    @Test
    void aWrongStepIsExplainedAndAHintWorksOnlyTheNextStep() {
        ExerciseViewModel m = made();
        List<ExactValue> solution = m.exercise().answers();
        m.rows().get(0).answerProperty().set(solution.get(0).text());
        m.rows().get(1).answerProperty().set("999");
        assertTrue(m.check());
        assertEquals("wrong", m.rows().get(1).statusProperty().get());
        assertEquals("not answered", m.rows().get(2).statusProperty().get());
        assertTrue(m.explanationProperty().get().startsWith("First wrong: step 2 (B): you wrote 999"),
                m.explanationProperty().get());
        assertTrue(m.hint());
        assertTrue(m.explanationProperty().get().startsWith("Hint: step 2 (B)"), m.explanationProperty().get());
    }

    @Test
    void aTypedValueThatIsNoNumberIsNamedByItsStepAndNothingIsChecked() {
        ExerciseViewModel m = made();
        m.rows().get(2).answerProperty().set("NaN");
        assertFalse(m.check());
        assertTrue(m.errorProperty().get().startsWith("Step 3 (w0) must be an integer"), m.errorProperty().get());
        assertEquals("", m.scoreProperty().get());
    }

    @Test
    void aBadSeedOrLevelIsRefusedNamingTheField() {
        ExerciseViewModel m = new ExerciseViewModel();
        m.seedProperty().set("abc");
        assertFalse(m.newExercise());
        assertTrue(m.errorProperty().get().startsWith("Seed must be a whole number"), m.errorProperty().get());
        m.seedProperty().set("3");
        m.levelProperty().set("9");
        assertFalse(m.newExercise());
        assertTrue(m.errorProperty().get().startsWith("Level must be 1 to 3"), m.errorProperty().get());
        assertFalse(m.check());
        assertEquals("Make or open an exercise first", m.errorProperty().get());
    }

    @Test
    void aGanttExerciseHasOneLanePerTaskThenIdleAndTheOtherKindsNone() {
        ExerciseViewModel m = made();
        assertEquals(List.of(), m.lanes(), "rta is typed");
        m.kindProperty().set("gantt");
        m.seedProperty().set("3");
        assertTrue(m.newExercise(), m.errorProperty().get());
        assertEquals(List.of("a1", "b1", "b2", "idle"), m.lanes());
        m.rows().get(0).answerProperty().set("a1"); // the string a click writes, as typed
        assertTrue(m.check());
        assertEquals(org.vmsched.exercise.Checker.Status.WRONG, m.rows().get(0).verdictProperty().get(), "slot 0 is b1's");
    }
}
