package org.vmsched.ui;

import org.vmsched.text.Format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.analysis.ResultRow;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * The main window driven through its controls, headless (Monocle): open an example, edit a
 * wcet, an inline error and its undo, save and reopen, export a chart, cancel a long simulation,
 * stale simulation results after an edit or another file, and a red value that is neither
 * applied nor saved.
 */
@org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
class MainWindowTest extends OneWindowPerClass {

    @TempDir
    static Path dir;

    /** The analysis worker of the class's window: a test may hold its work back. */
    static final Gate analysisGate = new Gate(Background.daemon("test-analysis"));

    /** A worker whose work the test can hold back (closed) and let go (open): no race to assert on. */
    static final class Gate implements Background {
        private final Background inner;
        private final List<Runnable> held = new java.util.ArrayList<>();
        private boolean closed;

        Gate(Background inner) {
            this.inner = inner;
        }

        @Override
        public synchronized void schedule(Runnable work, org.vmsched.progress.Cancellation cancel, long delayMillis) {
            if (closed) {
                held.add(() -> inner.schedule(work, cancel, delayMillis));
            } else {
                inner.schedule(work, cancel, delayMillis);
            }
        }

        synchronized void close() {
            closed = true;
        }

        void open() {
            List<Runnable> go;
            synchronized (this) {
                closed = false;
                go = List.copyOf(held);
                held.clear();
            }
            go.forEach(Runnable::run);
        }
    }

    /** Runs until cancelled, reporting progress. */
    static final SimulationBackend SLOW = (scenario, settings, progress, cancel) -> {
        for (long i = 0; ; i++) {
            cancel.check();
            progress.fraction((i % 1000) / 1000.0, "step " + i);
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancel.check();
            }
        }
    };

    /**
     * The thesis example in a 1260 × 780 scene (the Monocle headless screen is 1280 × 800), the
     * analysis after 50 ms, the endless {@link #SLOW} simulator; every test starts with the gate
     * open and that simulator, though some hold the gate or switch to the real one.
     */
    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.show(() -> new MainViewModel(Platform::runLater, analysisGate, Background.daemon("test-sim"), 50,
                RecentFiles.inMemory(), SLOW), vm -> {
                    analysisGate.open();
                    vm.simulation().setBackend(SLOW);
                    vm.openExample("thesis-example.json");
                }, 1260, 780);
    }

    void waitForAnalysis() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() != AnalysisViewModel.State.ANALYSING);
        WaitForAsyncUtils.waitForFxEvents();
    }

    ResultRow row(String item) {
        return vm.analysis().rows().stream().filter(r -> r.item().equals(item)).findFirst().orElseThrow();
    }

    void editCell(FxRobot robot, String id, String text) {
        robot.doubleClickOn(id);
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write(text);
        robot.push(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void opensTheExampleEditsAWcetAndSeesVerdictAndChartChange(FxRobot robot) throws Exception {
        waitForAnalysis();
        assertEquals(AnalysisViewModel.State.CURRENT, vm.analysis().stateProperty().get());
        assertTrue(row("VM1/t3").ok());
        assertEquals("36", row("VM1/t3").responseTime());
        double tmaxBefore = ((XYPlot) view.chart("tmax").getPlot()).getDataset().getYValue(0, 39);

        editCell(robot, "#task-2-wcet", "5");
        waitForAnalysis();
        assertEquals(5, vm.scenario().vms().get(0).tasks().get(2).wcet());
        assertFalse(row("VM1/t3").ok(), "t3 misses with wcet 5");
        double tmaxAfter = ((XYPlot) view.chart("tmax").getPlot()).getDataset().getYValue(0, 39);
        assertTrue(tmaxAfter < tmaxBefore, tmaxBefore + " -> " + tmaxAfter);
        assertTrue(robot.lookup("#status").queryAs(Label.class).getText().contains("NOT schedulable"));
    }

    @Test
    void aCellTurnsRedWhileAnInvalidValueIsTyped(FxRobot robot) throws Exception {
        waitForAnalysis();
        robot.doubleClickOn("#task-0-wcet");
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write("4x");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TextField editor = robot.lookup("#cellEditor").queryAs(javafx.scene.control.TextField.class);
        assertTrue(editor.getStyleClass().contains("invalid"));
        assertTrue(editor.getTooltip().getText().contains("must be a number"), editor.getTooltip().getText());
        robot.push(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2, vm.scenario().vms().get(0).tasks().get(0).wcet(), "nothing was applied");
    }

    @Test
    void anInvalidValueTurnsTheCellRedAndUndoRestoresIt(FxRobot robot) throws Exception {
        waitForAnalysis();
        editCell(robot, "#task-0-wcet", "-1");
        TableCell<?, ?> cell = robot.lookup("#task-0-wcet").queryAs(TableCell.class);
        assertTrue(cell.getStyleClass().contains("invalid"));
        assertNotNull(cell.getTooltip());
        assertTrue(cell.getTooltip().getText().contains("must be positive"), cell.getTooltip().getText());
        assertTrue(robot.lookup("#status").queryAs(Label.class).getText().contains("VM1 / t1: wcet"));
        assertEquals(AnalysisViewModel.State.INVALID, vm.analysis().stateProperty().get());

        robot.clickOn("#undo");
        waitForAnalysis();
        cell = robot.lookup("#task-0-wcet").queryAs(TableCell.class);
        assertFalse(cell.getStyleClass().contains("invalid"));
        assertEquals("2", cell.getText());
        assertEquals(AnalysisViewModel.State.CURRENT, vm.analysis().stateProperty().get());
    }

    @Test
    void savesThroughTheMenuAndReopensTheSameScenario(FxRobot robot) throws Exception {
        waitForAnalysis();
        editCell(robot, "#task-1-period", "30");
        Path file = dir.resolve("saved.json");
        dialogs.nextSave = file;
        robot.clickOn("File").clickOn("Save As…");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(Files.exists(file));
        assertFalse(vm.modifiedProperty().get());
        assertEquals("saved.json — VMSched", ((Stage) view.getScene().getWindow()).getTitle().isEmpty()
                ? vm.titleProperty().get() : vm.titleProperty().get());
        var saved = vm.scenario();
        robot.interact(() -> view.openPath(dir.resolve("missing.json")));
        assertTrue(dialogs.lastError.contains("missing.json"), dialogs.lastError);
        assertEquals(saved, vm.scenario(), "a failed open keeps the current scenario");
        robot.interact(() -> view.openPath(file));
        assertEquals(saved, vm.scenario());
        assertEquals("30", robot.lookup("#task-1-period").queryAs(TableCell.class).getText());
    }

    /** A user trial: every export dialog opened in the process's working folder. */
    @Test
    void fileDialogsOpenInTheScenariosFolderThenWhereTheLastFileWent(FxRobot robot) throws Exception {
        waitForAnalysis();
        Path lecture = Files.createDirectories(dir.resolve("lecture"));
        dialogs.nextSave = lecture.resolve("mine.json");
        robot.clickOn("File").clickOn("Save As…");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(lecture.resolve("mine.json"), vm.fileProperty().get());
        Path figures = Files.createDirectories(dir.resolve("figures"));
        dialogs.nextSave = figures.resolve("tables.csv");
        robot.clickOn("File").clickOn("Export Tables (CSV)…");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(lecture, dialogs.lastFolder, "the first export opens beside the scenario");
        assertTrue(Files.exists(figures.resolve("tables.csv")));
        dialogs.nextSave = null;
        robot.clickOn("File").clickOn("Export Tables (CSV)…");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(figures, dialogs.lastFolder, "the next where the last file went");
    }

    @Test
    void exportsAChartAsPngAndSvg(FxRobot robot) throws Exception {
        waitForAnalysis();
        Path png = dir.resolve("tmax.png");
        dialogs.nextSave = png;
        robot.clickOn("File").clickOn("Export Chart").clickOn("Tmax curve…");
        WaitForAsyncUtils.waitForFxEvents();
        byte[] b = Files.readAllBytes(png);
        assertTrue(b.length > 1000);
        assertEquals((byte) 0x89, b[0]);
        assertEquals('P', b[1]);
        // a click on the good-period map proposes the VM's bandwidth and period; Set sets them
        robot.clickOn("Good-period map");
        WaitForAsyncUtils.waitForFxEvents();
        var before = vm.scenario().vms().get(0);
        robot.clickOn("#chart-map");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, vm.scenario().vms().get(0), "the click only proposes");
        robot.clickOn("#proposalSet-map");
        WaitForAsyncUtils.waitForFxEvents();
        var after = vm.scenario().vms().get(0);
        assertTrue(after.period() != before.period() || after.budget() != before.budget(), after.toString());
        Path svg = dir.resolve("map.svg");
        dialogs.nextSave = svg;
        robot.interact(() -> view.exportChart("map"));
        assertTrue(Files.readString(svg).contains("<svg"));
    }

    @Test
    void cancelsALongSimulation(FxRobot robot) throws Exception {
        waitForAnalysis();
        robot.clickOn("#simulationTab");
        robot.clickOn("#simRun");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> vm.simulation().runningProperty().get()
                && vm.simulation().progressProperty().get() > 0);
        robot.clickOn("#simCancel");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !vm.simulation().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Cancelled.", robot.lookup("#simStatus").queryAs(Label.class).getText());
    }

    @Test
    void runsTheRealSimulatorAndShowsItsTraceAndSimulatedTmaxPoints(FxRobot robot) throws Exception {
        waitForAnalysis();
        vm.simulation().setBackend(new org.vmsched.ui.simulation.SimulatorBackend());
        robot.clickOn("#simulationTab");
        robot.clickOn("#simRun");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !vm.simulation().runningProperty().get()
                && vm.simulation().resultProperty().get() != null);
        waitForAnalysis();
        assertTrue(robot.lookup("#simStatus").queryAs(Label.class).getText().contains("0 deadline misses"),
                robot.lookup("#simStatus").queryAs(Label.class).getText());
        robot.clickOn("#tab-gantt");
        WaitForAsyncUtils.waitForFxEvents();
        XYPlot gantt = (XYPlot) view.chart("gantt").getPlot();
        org.jfree.chart.axis.SymbolAxis lanes = (org.jfree.chart.axis.SymbolAxis) gantt.getRangeAxis();
        // lanes are drawn bottom-up: the core on top, then the tasks
        assertEquals(java.util.List.of("VM1/t3", "VM1/t2", "VM1/t1", "core 0"), java.util.List.of(lanes.getSymbols()));
        assertTrue(gantt.getDataset(0).getItemCount(0) > 0, "VM1 runs on core 0");
        XYPlot tmax = (XYPlot) view.chart("tmax").getPlot();
        assertEquals("simulated Tmax", tmax.getDataset().getSeriesKey(2));
        assertTrue(tmax.getDataset().getItemCount(2) >= 5, "simulated points at several α");
    }

    void runTheRealSimulator(FxRobot robot) throws Exception {
        vm.simulation().setBackend(new org.vmsched.ui.simulation.SimulatorBackend());
        robot.clickOn("#simulationTab");
        robot.clickOn("#simRun");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !vm.simulation().runningProperty().get()
                && vm.simulation().resultProperty().get() != null);
        waitForAnalysis();
    }

    static boolean isPlaceholder(org.jfree.chart.JFreeChart chart) {
        return ((XYPlot) chart.getPlot()).getDatasetCount() == 0 || ((XYPlot) chart.getPlot()).getDataset(0) == null;
    }

    @Test
    void anEditAfterASimulationDimsItsChartsAndTheSummarySaysTheyAreFromThePreviousScenario(FxRobot robot)
            throws Exception {
        waitForAnalysis();
        runTheRealSimulator(robot);
        Label summary = robot.lookup("#simStatus").queryAs(Label.class);
        assertTrue(summary.getText().contains("0 deadline misses"), summary.getText());
        robot.clickOn("#tab-gantt");
        WaitForAsyncUtils.waitForFxEvents();
        Label staleGantt = robot.lookup("#simStale-gantt").queryAs(Label.class);
        assertFalse(staleGantt.isVisible());
        assertEquals(1.0, robot.lookup("#chart-gantt").query().getOpacity());

        editCell(robot, "#task-2-wcet", "5");
        waitForAnalysis();
        assertTrue(summary.getText().startsWith("From the previous scenario"), summary.getText());
        assertFalse(summary.getText().startsWith("synchronous"), "the summary no longer claims the old result as current");
        assertTrue(staleGantt.isVisible(), "the Gantt chart is marked stale");
        assertTrue(staleGantt.getText().contains("F5 to re-run"), staleGantt.getText());
        assertTrue(robot.lookup("#chart-gantt").query().getOpacity() < 1, "and dimmed");
        assertTrue(robot.lookup("#simStale-cdf").queryAs(Label.class).isVisible(), "so is the CDF chart");
        String status = robot.lookup("#status").queryAs(Label.class).getText();
        assertFalse(status.contains("up to date"), status);
        assertFalse(robot.lookup("#analysisState").queryAs(Label.class).getText().contains("up to date"));
        XYPlot tmax = (XYPlot) view.chart("tmax").getPlot();
        assertEquals(0, tmax.getDataset().getItemCount(2), "no simulated Tmax points of the old scenario");

        robot.push(KeyCode.F5);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !vm.simulation().runningProperty().get()
                && vm.simulation().statusProperty().get().contains("deadline misses")
                && !vm.simulation().statusProperty().get().startsWith("From"));
        waitForAnalysis();
        assertFalse(staleGantt.isVisible(), "F5 re-runs and the charts are current again");
        assertTrue(robot.lookup("#status").queryAs(Label.class).getText().contains("up to date"));
    }

    @Test
    void openingASchedulableFileAfterAFailingRunClearsTheOldRun(FxRobot robot) throws Exception {
        waitForAnalysis();
        robot.interact(() -> {
            try {
                vm.openExample("not-schedulable.json");
            } catch (org.vmsched.model.InvalidScenarioException e) {
                throw new AssertionError(e);
            }
        });
        waitForAnalysis();
        // synchronous releases are not the worst case: this example misses only in worst-case mode
        robot.interact(() -> vm.simulation().modeProperty().set(org.vmsched.model.SimulationMode.WORST_CASE));
        runTheRealSimulator(robot);
        Label summary = robot.lookup("#simStatus").queryAs(Label.class);
        assertTrue(summary.getText().contains("deadline miss") && !summary.getText().contains(" 0 deadline misses"),
                summary.getText());
        Path file = dir.resolve("schedulable.json");
        try (var in = MainWindowTest.class.getResourceAsStream("/scenarios/thesis-example.json")) {
            Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        robot.interact(() -> view.openPath(file));
        waitForAnalysis();
        assertEquals("Not run yet.", summary.getText());
        assertTrue(isPlaceholder(view.chart("gantt")), "no Gantt chart of the old file");
        assertTrue(isPlaceholder(view.chart("cdf")), "no CDF chart of the old file");
        assertFalse(robot.lookup("#simStale-gantt").queryAs(Label.class).isVisible());
        assertEquals(0, ((XYPlot) view.chart("tmax").getPlot()).getDataset().getItemCount(2));
    }

    @Test
    void explainSaysNotAnalysedWhileTheInputIsInvalid(FxRobot robot) throws Exception {
        waitForAnalysis();
        robot.clickOn("#explainTab");
        editCell(robot, "#task-0-wcet", "-1");
        String text = robot.lookup("#explain").queryAs(javafx.scene.control.TextArea.class).getText();
        assertTrue(text.startsWith("Not analysed: "), text);
    }

    @Test
    void anInvalidBudgetIsNotSavedTheProblemsAreListedAndTheTitleStaysModified(FxRobot robot) throws Exception {
        waitForAnalysis();
        Path file = dir.resolve("budget.json");
        dialogs.nextSave = file;
        robot.clickOn("File").clickOn("Save As…");
        WaitForAsyncUtils.waitForFxEvents();
        byte[] before = Files.readAllBytes(file);
        dialogs.nextSave = dir.resolve("must-not-be-written.json");
        robot.interact(() -> vm.select(0, 0, -1));
        robot.clickOn("#vmBudget");
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write("12");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TextField budget = robot.lookup("#vmBudget").queryAs(javafx.scene.control.TextField.class);
        assertTrue(budget.getStyleClass().contains("invalid"));
        assertTrue(vm.scenario().vms().get(0).budget() != 12, "the red value is not in the model");

        robot.push(KeyCode.CONTROL, KeyCode.S);
        WaitForAsyncUtils.waitForFxEvents();
        assertArrayEquals(before, Files.readAllBytes(file), "the file is not written");
        assertTrue(dialogs.lastError.contains("VM1: budget must not exceed the period 10, got 12"), dialogs.lastError);
        assertTrue(dialogs.lastErrorTitle.startsWith("Not saved"), dialogs.lastErrorTitle);
        assertTrue(vm.titleProperty().get().startsWith("*budget.json"), vm.titleProperty().get());
        assertTrue(robot.lookup("#status").queryAs(Label.class).getText().startsWith("Not saved"));

        robot.push(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.S);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(Files.exists(dir.resolve("must-not-be-written.json")), "Save As refuses too");

        robot.clickOn("#vmPeriod");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("12", budget.getText(), "what was typed stays in the field");
        assertTrue(budget.getStyleClass().contains("invalid"));
        assertEquals(4, vm.scenario().vms().get(0).budget(), "the valid prefix \"1\" typed on the way is taken back");
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write("20");
        robot.push(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(12, vm.scenario().vms().get(0).budget(), "a period of 20 makes the typed budget valid");
        assertFalse(budget.getStyleClass().contains("invalid"));
    }

    @Test
    void theUndoButtonDropsARedValueAlsoFromTheFocusedField(FxRobot robot) throws Exception {
        waitForAnalysis();
        robot.interact(() -> vm.select(0, 0, -1));
        robot.clickOn("#vmBudget");
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write("12");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TextField budget = robot.lookup("#vmBudget").queryAs(javafx.scene.control.TextField.class);
        assertEquals("12", vm.draftAt("vms[0].budget"));
        robot.clickOn("#undo");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(budget.isFocused(), "the button does not take the focus");
        assertEquals(null, vm.draftAt("vms[0].budget"));
        assertEquals(Format.typed(vm.scenario().vms().get(0).budget()), budget.getText(),
                "the field shows the model again, not the dropped text");
        assertFalse(budget.getStyleClass().contains("invalid"));
    }

    @Test
    void ctrlZInsideATextFieldUndoesTheAppEditAndCtrlShiftZAndCtrlYRedoIt(FxRobot robot) throws Exception {
        waitForAnalysis();
        editCell(robot, "#task-0-wcet", "3"); // an older step: one key press must undo one step, not two
        robot.interact(() -> vm.select(0, 0, -1));
        robot.clickOn("#vmPeriod");
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write("12");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TextField period = robot.lookup("#vmPeriod").queryAs(javafx.scene.control.TextField.class);
        assertTrue(period.isFocused());
        assertEquals(12, vm.scenario().vms().get(0).period());
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(10, vm.scenario().vms().get(0).period(), "the app's edit is undone");
        assertEquals(3, vm.scenario().vms().get(0).tasks().get(0).wcet(), "exactly one step");
        assertEquals("10", period.getText(), "the focused field shows the restored value");
        robot.push(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(12, vm.scenario().vms().get(0).period());
        assertEquals("12", period.getText());
        assertFalse(vm.canRedoProperty().get());
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        robot.push(KeyCode.CONTROL, KeyCode.Y);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(12, vm.scenario().vms().get(0).period());
        assertEquals(3, vm.scenario().vms().get(0).tasks().get(0).wcet());
        // a task cell being edited is committed, then undone
        robot.doubleClickOn("#task-0-wcet");
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write("5");
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, vm.scenario().vms().get(0).tasks().get(0).wcet(), "the typed 5 is committed and undone");
        assertEquals(12, vm.scenario().vms().get(0).period(), "and nothing before it");
    }

    @Test
    void aBadExperimentFileShowsTheLoadersMessage(FxRobot robot) throws Exception {
        waitForAnalysis();
        Path bad = dir.resolve("bad-experiment.json");
        Files.writeString(bad, "{ \"schemaVersion\": 1, \"study\": \"tmax\", \"sets\": 0 }");
        dialogs.nextExperiment = bad;
        Path before = vm.dialogFolder();
        robot.clickOn("Tools").clickOn("Run Experiment File…");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(dialogs.lastError.contains("bad-experiment.json"), dialogs.lastError);
        // the experiment file dialog opens where the window's dialogs do, and its choice is theirs next (it kept a folder of its own)
        assertEquals(before, dialogs.lastExperimentFolder);
        assertEquals(dir, vm.dialogFolder());
        assertTrue(robot.lookup("#experimentView").tryQuery().isPresent(), "the dialog is open");
        var evm = robot.lookup("#experimentView").queryAs(org.vmsched.ui.experiment.ExperimentView.class).viewModel();
        assertEquals(null, evm.experimentProperty().get(), "nothing loaded");
        assertTrue(robot.lookup("#expRun").queryAs(javafx.scene.control.Button.class).isDisabled());
        // a bundled study, then a bad seed: the reason shows under the field and Run is off
        robot.interact(() -> robot.lookup("#experimentView").queryAs(org.vmsched.ui.experiment.ExperimentView.class)
                .loadBuiltIn("thesis-tmax.json"));
        evm.folderProperty().set(dir.resolve("study").toString());
        assertFalse(robot.lookup("#expRun").queryAs(javafx.scene.control.Button.class).isDisabled());
        robot.clickOn("#expSeed").push(KeyCode.CONTROL, KeyCode.A).write("12x");
        WaitForAsyncUtils.waitForFxEvents();
        Label seedError = robot.lookup("#expSeedError").queryAs(Label.class);
        assertTrue(seedError.isVisible());
        assertEquals("seed must be a whole number (64-bit), got \"12x\"", seedError.getText());
        assertTrue(robot.lookup("#expSeed").queryAs(javafx.scene.control.TextField.class).getStyleClass().contains("invalid"));
        assertTrue(robot.lookup("#expRun").queryAs(javafx.scene.control.Button.class).isDisabled());
        robot.interact(() -> robot.lookup("#experimentView").queryAs(javafx.scene.Node.class).getScene().getWindow().hide());
    }

    @Test
    @org.junit.jupiter.api.Order(99)
    void aThousandTaskScenarioLoadsAndTheWindowReactsWhileItIsAnalysed(FxRobot robot) throws Exception {
        waitForAnalysis();
        java.util.Random r = new java.util.Random(1);
        java.util.List<org.vmsched.model.Task> tasks = new java.util.ArrayList<>();
        for (int t = 0; t < 1000; t++) {
            double p = 100 + r.nextInt(9900);
            tasks.add(org.vmsched.model.Task.of("t" + t, p * 0.3 / 1000, p));
        }
        var big = org.vmsched.model.Scenario.of("big", java.util.List.of(
                org.vmsched.model.VirtualMachine.of("VM1", 50, 45, 0, tasks)));
        Path file = dir.resolve("big.json");
        org.vmsched.io.ScenarioJson.save(big, file);
        robot.interact(() -> {
            analysisGate.close();
            view.openPath(file);
        });
        assertEquals(1000, vm.scenario().vms().get(0).tasks().size());
        // no verdict of the previous scenario is shown: held before the worker starts, the window
        // shows exactly "analysing" and no rows; released, exactly the new scenario's rows,
        // tagged with the revision they were computed for
        Object[] seen = new Object[2];
        robot.interact(() -> {
            seen[0] = vm.analysis().stateProperty().get();
            seen[1] = List.copyOf(vm.analysis().rows());
        });
        assertEquals(AnalysisViewModel.State.ANALYSING, seen[0]);
        assertEquals(List.of(), seen[1], "no stale verdict while analysing");
        analysisGate.open();
        // the rows are the FX thread's: read them there (from this thread a stream met a
        // ConcurrentModificationException while the verdicts came in)
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> vm.analysis().rows().stream().anyMatch(row -> row.item().equals("VM1/t999"))).get());
        WaitForAsyncUtils.waitForFxEvents();
        long[] revisions = new long[2];
        robot.interact(() -> {
            revisions[0] = vm.analysis().resultRevisionProperty().get();
            revisions[1] = vm.revision();
        });
        assertEquals(revisions[1], revisions[0], "the rows shown are the new scenario's");
        robot.clickOn("#addVm");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2, vm.scenario().vms().size(), "the window reacts while the analysis runs");
        assertEquals("VM2", robot.lookup("#vmName").queryAs(javafx.scene.control.TextField.class).getText());
        // supersede the long run with a small scenario so the worker stops at its next check
        robot.interact(() -> {
            try {
                vm.openExample("thesis-example.json");
            } catch (org.vmsched.model.InvalidScenarioException e) {
                throw new AssertionError(e);
            }
        });
    }

    /** Answers every question without a native dialog. */
    static final class StubDialogs implements Dialogs {
        volatile Path nextSave;
        /** What File > Open's chooser answers (null: cancelled). */
        volatile Path nextOpen;
        volatile Path nextExperiment;
        volatile Path nextTrace;

        @Override
        public Path chooseTrace(Path folder) {
            return nextTrace;
        }
        /** The folder the last file dialog was to open in. */
        volatile Path lastFolder;

        /** The folder the last experiment file dialog was to open in. */
        volatile Path lastExperimentFolder;

        @Override
        public Path chooseExperiment(Path folder) {
            lastExperimentFolder = folder;
            return nextExperiment;
        }
        volatile String lastError = "";
        volatile String lastErrorTitle = "";

        @Override
        public Unsaved askUnsaved(String documentName) {
            return Unsaved.DISCARD;
        }

        @Override
        public Path chooseOpen(Path folder) {
            lastFolder = folder;
            return nextOpen;
        }

        @Override
        public Path chooseSave(Path folder, String title, String suggestedName, String... extensions) {
            lastFolder = folder;
            return nextSave;
        }

        @Override
        public int[] askSize(int width, int height) {
            return new int[] {800, 600};
        }

        @Override
        public void error(String title, String message) {
            lastErrorTitle = title;
            lastError = message;
        }

        @Override
        public void info(String title, String message) {
        }
    }
}
