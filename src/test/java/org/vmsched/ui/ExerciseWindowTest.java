package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.exercise.Exercise;
import org.vmsched.exercise.Exercises;
import org.vmsched.io.ExerciseJson;
import org.vmsched.io.OpenedFile;
import org.vmsched.model.Scenario;
import org.vmsched.ui.exercise.ExerciseView;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * Issue 33, item 4: an exercise file opened with File &gt; Open (through the file-chooser seam)
 * opens in the Exercises window, its scenario read-only in the editor; closing it gives back the
 * user's scenario, unsaved edits included; present mode's sizes; bad files.
 */
class ExerciseWindowTest extends OneWindowPerClass {

    @TempDir
    static Path dir;

    /** The present-mode text size at zoom 1: the style sheet's 14 px times {@code .present}'s 1.6em. */
    static final double PRESENT_PX = 14 * 1.6;

    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.show(() -> new MainViewModel(Platform::runLater, Background.daemon("test-analysis"),
                Background.daemon("test-sim"), 0, RecentFiles.inMemory(), SimulationBackend.unavailable()),
                vm -> vm.openExample("thesis-example.json"), 1024, 700);
    }

    static Exercise rta() {
        return Exercises.kind("kind", "rta").generate(3, 1);
    }

    static Path exerciseFile(String name) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, ExerciseJson.toJson(rta()), StandardCharsets.UTF_8);
        return p;
    }

    /** File > Open answered with {@code file}, as the menu item does. */
    void open(FxRobot robot, Path file) {
        dialogs.nextOpen = file;
        robot.interact(() -> view.files().open());
        WaitForAsyncUtils.waitForFxEvents();
    }

    ExerciseView exerciseView(FxRobot robot) {
        return robot.lookup("#exerciseView").tryQuery().map(n -> (ExerciseView) n).orElse(null);
    }

    boolean exerciseWindowShowing(FxRobot robot) {
        ExerciseView v = exerciseView(robot);
        return v != null && v.getScene() != null && v.getScene().getWindow().isShowing();
    }

    @Test
    void fileOpenOfAnExerciseFileOpensTheExercisesWindowWithItsScenarioReadOnlyInTheEditor(FxRobot robot) throws Exception {
        Path file = exerciseFile("rta-3.json");
        open(robot, file);

        assertTrue(exerciseWindowShowing(robot), "the Exercises window opened");
        assertEquals(rta().question(), robot.lookup("#exerciseQuestion").queryAs(Label.class).getText());
        assertEquals(rta().steps().size(), robot.lookup(n -> n.getId() != null && n.getId().startsWith("answer-")).queryAll().size());
        assertEquals(rta().scenario(), vm.scenario(), "the editor shows the exercise's scenario");
        assertTrue(vm.document().readOnlyProperty().get());
        assertTrue(vm.titleProperty().get().contains("rta-3.json") && vm.titleProperty().get().contains("read-only"),
                vm.titleProperty().get());
        assertEquals("", dialogs.lastError);
        assertEquals(file, vm.recentFiles().get(0), "Open Recent offers it again");
    }

    @Test
    void theExercisesScenarioRefusesEditsWithAStatusMessage(FxRobot robot) throws Exception {
        open(robot, exerciseFile("rta-3.json"));
        Scenario shown = vm.scenario();

        boolean[] went = new boolean[1];
        robot.interact(() -> went[0] = vm.setTaskField(0, 0, MainViewModel.TaskField.WCET, "5"));
        assertFalse(went[0]);
        assertTrue(vm.statusProperty().get().contains("exercise's scenario, read-only"), vm.statusProperty().get());
        robot.interact(() -> {
            vm.statusProperty().set("");
            vm.addVm();
        });
        assertTrue(vm.statusProperty().get().contains("read-only"), vm.statusProperty().get());
        assertEquals(shown, vm.scenario());
        assertTrue(robot.lookup("#vmEditor").tryQuery().map(Node::isDisabled).orElse(true), "the VM editor is disabled");
        MenuItem addVm = view.menu().menu("editMenu").getItems().stream().filter(i -> "editAddVm".equals(i.getId()))
                .findFirst().orElseThrow();
        assertTrue(addVm.isDisable(), "Edit > Add VM is disabled");
    }

    @Test
    void closingTheExerciseGivesBackTheUsersScenarioWithItsUnsavedEdit(FxRobot robot) throws Exception {
        robot.interact(() -> vm.setTaskField(0, 0, MainViewModel.TaskField.WCET, "3"));
        Scenario mine = vm.scenario();
        assertTrue(vm.modifiedProperty().get());

        open(robot, exerciseFile("rta-3.json"));
        assertEquals(rta().scenario(), vm.scenario());
        robot.interact(() -> ((Stage) exerciseView(robot).getScene().getWindow()).close());
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(mine, vm.scenario(), "the user's scenario is back");
        assertTrue(vm.modifiedProperty().get(), "still unsaved");
        assertFalse(vm.document().readOnlyProperty().get());
        assertNull(vm.exerciseProperty().get());
        assertTrue(vm.canUndoProperty().get(), "its undo is back too");
        robot.interact(() -> assertTrue(vm.setTaskField(0, 0, MainViewModel.TaskField.WCET, "1"), "editable again"));
    }

    @Test
    void fileNewWhileAnExerciseIsShownClosesItAndAsksAboutTheUsersScenario(FxRobot robot) throws Exception {
        robot.interact(() -> vm.setTaskField(0, 0, MainViewModel.TaskField.WCET, "3"));
        open(robot, exerciseFile("rta-3.json"));
        String[] asked = new String[1];
        robot.interact(() -> {
            view.files().closeExercise();
            asked[0] = vm.displayNameProperty().get();
        });
        assertFalse(exerciseWindowShowing(robot));
        assertFalse(vm.document().readOnlyProperty().get());
        assertTrue(vm.modifiedProperty().get(), "the question is about " + asked[0] + ", the user's modified scenario");
    }

    @Test
    void aFileThatIsNeitherIsRefusedWithOneMessageAndTheScenarioStays(FxRobot robot) throws Exception {
        Scenario before = vm.scenario();
        Path answers = dir.resolve("answers.json");
        Files.writeString(answers, "{\"answers\": [\"4\"]}", StandardCharsets.UTF_8);
        open(robot, answers);
        assertEquals(answers + ": " + OpenedFile.NEITHER, dialogs.lastError);
        assertEquals(before, vm.scenario());
        assertFalse(exerciseWindowShowing(robot));

        Path edited = dir.resolve("edited.json");
        Files.writeString(edited, ExerciseJson.toJson(rta()).replace("\"budget\" : 2", "\"budget\" : 3"), StandardCharsets.UTF_8);
        open(robot, edited);
        assertTrue(dialogs.lastError.contains("the file was edited"), dialogs.lastError);
        assertEquals(before, vm.scenario());
        assertFalse(vm.document().readOnlyProperty().get());
    }

    @Test
    void presentModeSetsTheExerciseInTheMainWindowsPresentTypeAtBothProjectorSizes(FxRobot robot) throws Exception {
        for (double[] size : new double[][] {{1024, 768}, {1280, 720}}) {
            size(robot, size[0], size[1]);
            open(robot, exerciseFile("rta-3.json"));
            ExerciseView ev = exerciseView(robot);
            robot.interact(() -> ev.viewModel().rows().get(0).answerProperty().set("1"));
            robot.interact(ev.viewModel()::check);
            double normal = font(robot, "#exerciseQuestion");
            robot.clickOn("#exerciseQuestion");
            robot.push(KeyCode.F11);
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> ev.getScene().getRoot().layout());

            assertTrue(ev.presentProperty().get(), "F11 presents");
            assertTrue(font(robot, "#exerciseQuestion") >= PRESENT_PX * ExerciseView.QUESTION_EM - 0.01,
                    "the question at " + font(robot, "#exerciseQuestion") + " px, was " + normal);
            for (String id : new String[] {"#prompt-1", "#answer-1", "#status-1", "#exerciseScore", "#exerciseExplanation",
                    "#exerciseCheck"}) {
                assertTrue(font(robot, id) >= PRESENT_PX - 0.01, id + " at " + font(robot, id) + " px");
            }
            Label question = robot.lookup("#exerciseQuestion").queryAs(Label.class);
            double[] whole = new double[1];
            robot.interact(() -> whole[0] = question.prefHeight(question.getWidth())); // text layout: the FX thread's
            assertTrue(question.getHeight() >= whole[0] - 1, "the question is whole");
            assertFalse(robot.lookup("#exerciseKind").query().getParent().isVisible(), "the row that makes exercises is hidden");

            robot.push(KeyCode.ESCAPE);
            WaitForAsyncUtils.waitForFxEvents();
            assertFalse(ev.presentProperty().get(), "Esc leaves present mode first");
            assertTrue(exerciseWindowShowing(robot));
            robot.push(KeyCode.ESCAPE);
            WaitForAsyncUtils.waitForFxEvents();
            assertFalse(exerciseWindowShowing(robot), "a second Esc closes the window");
        }
    }

    @Test
    void theExercisesWindowOpensInPresentModeWhenTheMainWindowPresents(FxRobot robot) throws Exception {
        robot.interact(view::togglePresent);
        open(robot, exerciseFile("rta-3.json"));
        assertTrue(exerciseView(robot).presentProperty().get());
        assertTrue(font(robot, "#prompt-1") >= PRESENT_PX - 0.01);
    }

    @Test
    void toolsExercisesShowsTheExerciseItMakesInTheEditor(FxRobot robot) throws Exception {
        robot.interact(() -> view.files().openExercise(null, null));
        ExerciseView ev = exerciseView(robot);
        assertNotNull(ev);
        assertEquals(ev.viewModel().exercise().scenario(), vm.scenario());
        robot.interact(() -> {
            ev.viewModel().seedProperty().set("12");
            ev.viewModel().newExercise();
        });
        assertEquals(ev.viewModel().exercise().scenario(), vm.scenario(), "a new exercise: its scenario");
    }

    private static double font(FxRobot robot, String id) {
        Node n = robot.lookup(id).query();
        if (n instanceof Labeled l) {
            return l.getFont().getSize();
        }
        return ((TextInputControl) n).getFont().getSize();
    }
}
