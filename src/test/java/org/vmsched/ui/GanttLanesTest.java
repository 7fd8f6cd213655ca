package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.vmsched.exercise.Checker;
import org.vmsched.exercise.ExactValue;
import org.vmsched.exercise.Exercises;
import org.vmsched.ui.exercise.ExerciseView;
import org.vmsched.ui.exercise.ExerciseViewModel;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * Issue 33, item 4: a gantt exercise in the Exercises window is answered by clicking its lanes
 * (one row per task and idle, one column per slot); the click writes the same answer the text
 * field held, so Check and the score work unchanged; a wrong slot's column is marked; the
 * keyboard reaches every cell; present mode grows the cells with the type.
 */
class GanttLanesTest extends OneWindowPerClass {

    private static final long SEED = 3;

    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.show(() -> new MainViewModel(Platform::runLater, Background.daemon("test-analysis"),
                Background.daemon("test-sim"), 0, RecentFiles.inMemory(), SimulationBackend.unavailable()),
                vm -> vm.openExample("thesis-example.json"), 1024, 768);
    }

    /** The worked solution of the exercise the test makes: the owner of each slot, from the engine. */
    private static List<String> solution() {
        return Exercises.kind("kind", "gantt").generate(SEED, 1).answers().stream().map(ExactValue::word).toList();
    }

    private ExerciseView ganttExercise(FxRobot robot) {
        Pulses.onFx(() -> view.files().openExercise(null, null));
        ExerciseView ev = robot.lookup("#exerciseView").queryAs(ExerciseView.class);
        Pulses.onFx(() -> {
            ev.viewModel().kindProperty().set("gantt");
            ev.viewModel().seedProperty().set(Long.toString(SEED));
            ev.viewModel().levelProperty().set("1");
            assertTrue(ev.viewModel().newExercise(), ev.viewModel().errorProperty().get());
        });
        Pulses.settle(ev.getScene());
        return ev;
    }

    /** Closes the Exercises window; the next size, or the fixture after the test, waits for the main window's pulses. */
    @AfterEach
    void closeExercise(FxRobot robot) {
        robot.lookup("#exerciseView").tryQuery().ifPresent(n -> Pulses.onFx(() -> ((Stage) n.getScene().getWindow()).close()));
    }

    private static Label cell(FxRobot robot, String lane, int slot) {
        return robot.lookup("#cell-" + lane + "-" + slot).queryAs(Label.class);
    }

    private static boolean filled(Label cell) {
        return !cell.getStyle().contains("-fx-background-color: white;");
    }

    @Test
    void clickingTheSolutionsCellsScoresFullAndOneWrongClickIsReportedInItsColumn(FxRobot robot) {
        ExerciseView ev = ganttExercise(robot);
        ExerciseViewModel m = ev.viewModel();
        List<String> owners = solution();
        List<String> lanes = m.lanes();
        assertEquals("idle", lanes.get(lanes.size() - 1), "an idle lane after the tasks");
        assertTrue(robot.lookup(n -> n.getId() != null && n.getId().startsWith("answer-")).queryAll().isEmpty(),
                "no text fields for a gantt exercise");
        assertEquals(Integer.toString(owners.size() - 1), robot.lookup("#slot-" + (owners.size() - 1)).queryAs(Label.class).getText(),
                "each column is labelled with its slot's time");

        for (int k = 0; k < owners.size(); k++) {
            robot.clickOn(cell(robot, owners.get(k), k));
        }
        for (int k = 0; k < owners.size(); k++) {
            assertEquals(owners.get(k), m.rows().get(k).answerProperty().get(), "slot " + k);
        }
        robot.clickOn("#exerciseCheck");
        assertEquals("Score: " + owners.size() + " of " + owners.size() + " steps right", m.scoreProperty().get());
        assertEquals("Every step is right.", m.explanationProperty().get());

        int k = 4;
        String wrong = lanes.stream().filter(l -> !l.equals(owners.get(k))).findFirst().orElseThrow();
        robot.clickOn(cell(robot, wrong, k));
        for (String lane : lanes) {
            assertEquals(lane.equals(wrong), filled(cell(robot, lane, k)), lane + " in the clicked column");
        }
        robot.clickOn("#exerciseCheck");
        assertEquals(Checker.Status.WRONG, m.rows().get(k).verdictProperty().get());
        assertTrue(m.explanationProperty().get().startsWith("First wrong: step " + (k + 1) + " (slot " + k + ")"),
                m.explanationProperty().get());
        assertEquals("✗", robot.lookup("#status-" + (k + 1)).queryAs(Label.class).getText(), "the wrong column is marked");
        assertEquals("", robot.lookup("#status-" + k).queryAs(Label.class).getText(), "a right column is not");
        assertTrue(robot.lookup("#slot-" + k).queryAs(Label.class).getStyle().contains("-fx-background-color"),
                "the wrong column's time is highlighted");
        assertFalse(robot.lookup("#slot-" + (k - 1)).queryAs(Label.class).getStyle().contains("-fx-background-color"));
        assertEquals("Score: " + (owners.size() - 1) + " of " + owners.size() + " steps right", m.scoreProperty().get());
    }

    @Test
    void spaceAndEnterSetTheFocusedCellAndTheArrowsMoveBetweenCells(FxRobot robot) {
        ExerciseView ev = ganttExercise(robot);
        ExerciseViewModel m = ev.viewModel();
        List<String> lanes = m.lanes();
        Pulses.onFx(() -> cell(robot, lanes.get(0), 0).requestFocus());
        robot.push(KeyCode.SPACE);
        assertEquals(lanes.get(0), m.rows().get(0).answerProperty().get());
        robot.push(KeyCode.RIGHT);
        robot.push(KeyCode.DOWN);
        assertTrue(cell(robot, lanes.get(1), 1).isFocused(), "right then down: lane 2, slot 1");
        robot.push(KeyCode.ENTER);
        assertEquals(lanes.get(1), m.rows().get(1).answerProperty().get());
        robot.push(KeyCode.UP);
        robot.push(KeyCode.SPACE);
        assertEquals(lanes.get(0), m.rows().get(1).answerProperty().get(), "one owner per column: the new one");
        assertFalse(filled(cell(robot, lanes.get(1), 1)), "the column's other cell is cleared");
        robot.push(KeyCode.LEFT);
        assertTrue(cell(robot, lanes.get(0), 0).isFocused());
    }

    @Test
    void presentModeGrowsTheCellsWithTheTypeAtBothProjectorSizes(FxRobot robot) {
        for (double[] size : new double[][] {{1024, 768}, {1280, 720}}) {
            size(robot, size[0], size[1]);
            ExerciseView ev = ganttExercise(robot);
            String lane = ev.viewModel().lanes().get(0);
            double normal = cell(robot, lane, 0).getHeight();
            String wrong = solution().get(0).equals(lane) ? "idle" : lane;
            robot.clickOn(cell(robot, wrong, 0));
            robot.clickOn("#exerciseCheck"); // a wrong slot 0: the longest explanation, the room it takes from the lanes
            Pulses.onFx(() -> ev.presentProperty().set(true));
            Pulses.settle(ev.getScene());
            // a projector's screen: present mode maximizes the window, to the test screen's size here, so set the projector's
            Pulses.onFx(() -> {
                Stage st = (Stage) ev.getScene().getWindow();
                st.setMaximized(false);
                st.setWidth(size[0]);
                st.setHeight(size[1]);
            });
            Pulses.settle(ev.getScene());
            Pulses.onFx(() -> ev.getScene().getRoot().layout());
            Label c = cell(robot, lane, 0);
            double px = ExerciseWindowTest.PRESENT_PX;
            assertTrue(c.getHeight() >= 1.3 * px - 0.5, "a cell " + c.getHeight() + " px high at " + px + " px type, was " + normal);
            assertTrue(c.getWidth() >= 1.7 * px - 0.5, "a cell " + c.getWidth() + " px wide");
            Label idle = robot.lookup("#lane-idle").queryAs(Label.class);
            Node pane = robot.lookup("#exerciseSteps").query();
            javafx.geometry.Bounds idleCell = cell(robot, "idle", 0).localToScene(cell(robot, "idle", 0).getLayoutBounds());
            assertTrue(idleCell.getMaxY() <= pane.localToScene(pane.getLayoutBounds()).getMaxY() + 0.5,
                    "the idle lane in sight without scrolling: " + idleCell + " in " + pane.localToScene(pane.getLayoutBounds()));
            assertTrue(idle.getWidth() >= idle.prefWidth(-1) - 0.5, "the idle lane's name whole, not cut to i…");
            for (String id : new String[] {"#slot-0", "#lane-" + lane, "#exerciseCheck"}) {
                Node n = robot.lookup(id).query();
                assertNotNull(n, id);
                assertTrue(((javafx.scene.control.Labeled) n).getFont().getSize() >= px - 0.01, id);
            }
            Pulses.onFx(() -> ev.presentProperty().set(false));
            closeExercise(robot);
        }
    }

    /**
     * Issue 33: a level-3 exercise's long explanation of a wrong slot (seed 25, slot 18: two instants
     * of the simulator's working, 648 characters) in present mode at both projector sizes: the
     * explanation is whole (readable, scrolled if need be, not cut to "…"), and it, the lanes, Check
     * and the "F11 or Esc" line all lie inside the window.
     */
    @Test
    void aLongExplanationInPresentModeStaysInsideTheWindowAtBothProjectorSizes(FxRobot robot) {
        List<String> owners = Exercises.kind("kind", "gantt").generate(25, 3).answers().stream().map(ExactValue::word).toList();
        int k = 18;
        for (double[] size : new double[][] {{1024, 768}, {1280, 720}}) {
            size(robot, size[0], size[1]);
            Pulses.onFx(() -> view.files().openExercise(null, null));
            ExerciseView ev = robot.lookup("#exerciseView").queryAs(ExerciseView.class);
            ExerciseViewModel m = ev.viewModel();
            Pulses.onFx(() -> {
                m.kindProperty().set("gantt");
                m.seedProperty().set("25");
                m.levelProperty().set("3");
                assertTrue(m.newExercise(), m.errorProperty().get());
                for (int i = 0; i < owners.size(); i++) {
                    m.rows().get(i).answerProperty().set(i == k ? "idle" : owners.get(i));
                }
                m.check();
                ev.presentProperty().set(true);
            });
            Pulses.settle(ev.getScene());
            assertTrue(m.explanationProperty().get().length() > 600, m.explanationProperty().get());
            Pulses.onFx(() -> {
                Stage st = (Stage) ev.getScene().getWindow();
                st.setMaximized(false);
                st.setWidth(size[0]);
                st.setHeight(size[1]);
            });
            Pulses.settle(ev.getScene());
            Pulses.onFx(() -> ev.getScene().getRoot().layout());
            double sceneHeight = ev.getScene().getHeight();
            String at = (int) size[0] + "×" + (int) size[1] + ": ";
            for (String id : new String[] {"#exercisePresentHint", "#exerciseQuestion", "#exerciseSteps", "#exerciseCheck",
                "#exerciseExplanationPane"}) {
                Node n = robot.lookup(id).query();
                javafx.geometry.Bounds b = n.localToScene(n.getLayoutBounds());
                assertTrue(n.isVisible() && b.getHeight() > 0 && b.getMinY() >= -0.5 && b.getMaxY() <= sceneHeight + 0.5,
                        at + id + " at " + b + " in a scene " + sceneHeight + " px high");
            }
            Label explanation = robot.lookup("#exerciseExplanation").queryAs(Label.class);
            double[] whole = new double[1];
            Pulses.onFx(() -> whole[0] = explanation.prefHeight(explanation.getWidth())); // text layout: the FX thread's
            assertTrue(explanation.getHeight() >= whole[0] - 1, at + "the explanation whole: " + explanation.getHeight()
                    + " px of " + whole[0]);
            // in its pane the text keeps the window's colour (a transparent -fx-background made it near white)
            assertEquals(robot.lookup("#exerciseScore").queryAs(Label.class).getTextFill(), explanation.getTextFill(),
                    at + "the explanation's colour");
            Node pane = robot.lookup("#exerciseSteps").query();
            javafx.geometry.Bounds idle = cell(robot, "idle", 0).localToScene(cell(robot, "idle", 0).getLayoutBounds());
            assertTrue(idle.getMaxY() <= pane.localToScene(pane.getLayoutBounds()).getMaxY() + 0.5, at + "the idle lane in sight");
            Pulses.onFx(() -> ev.presentProperty().set(false));
            closeExercise(robot);
        }
    }
}
