package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.chart.MeasuredGantt;
import org.vmsched.chart.SupplyDemandChartFactory;
import org.vmsched.text.Format;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.analysis.ChartDrawing;
import org.vmsched.ui.analysis.ResultRow;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.simulation.SimulatorBackend;
import org.vmsched.ui.window.MainView;

/**
 * File &gt; Import Trace… (issue 34, item 4) in the window, headless: the committed trace of
 * scenarios/linux-rt-groups.json shows its measured schedule above the simulated one, each task's
 * measured R in the verdict table as {@code vmsched trace --json} reports it, and the measured
 * supply on the sbf chart; a file that is no trace of the scenario says why and shows nothing.
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class TraceImportWindowTest {

    static final Path SCENARIO = Path.of("scenarios/linux-rt-groups.json");
    static final Path TRACE = Path.of("docs/linux-loop/linux-rt-groups-trace.txt.gz");

    MainView view;
    MainViewModel vm;
    MainWindowTest.StubDialogs dialogs = new MainWindowTest.StubDialogs();

    @Start
    void start(Stage stage) throws Exception {
        vm = new MainViewModel(Platform::runLater, Background.daemon("test-analysis"), Background.daemon("test-sim"),
                Background.daemon("test-file"), 0, RecentFiles.inMemory(), new SimulatorBackend());
        vm.open(SCENARIO);
        view = new MainView(vm, dialogs);
        stage.setScene(new Scene(view, 1280, 720));
        stage.show();
    }

    private void importTrace(FxRobot robot, Path file) throws Exception {
        dialogs.nextTrace = file;
        robot.clickOn("#fileMenu").clickOn("#fileImportTrace");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !vm.trace().readingProperty().get()
                && !vm.trace().messageProperty().get().isEmpty() && !vm.trace().messageProperty().get().startsWith("Reading"));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void analysed() throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() == AnalysisViewModel.State.CURRENT);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** What {@code vmsched trace TRACE --scenario FILE --json} reports. */
    static JsonNode cli() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = org.vmsched.cli.Main.run(new String[] {"trace", TRACE.toString(), "--scenario", SCENARIO.toString(), "--json"},
                new PrintWriter(out), new PrintWriter(err));
        assertEquals(0, status, err.toString());
        return new ObjectMapper().readTree(out.toString());
    }

    private static List<String> lanes(JFreeChart chart) {
        SymbolAxis y = (SymbolAxis) ((XYPlot) chart.getPlot()).getRangeAxis();
        return List.of(y.getSymbols());
    }

    @Test
    void theMeasuredScheduleStandsAboveTheSimulatedOneWithMeasuredRAndSupplyBesideTheModel(FxRobot robot) throws Exception {
        analysed();
        robot.clickOn("#tab-gantt");
        robot.interact(() -> vm.runSimulation());
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.simulation().resultProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#chart-gantt-measured").tryQuery().isEmpty(), "no measured chart before a trace is imported");
        TableView<ResultRow> table = robot.lookup("#resultTable").queryTableView();
        TableColumn<ResultRow, ?> measured = table.getColumns().stream().filter(c -> "measuredR".equals(c.getId()))
                .findFirst().orElseThrow();
        for (ResultRow r : table.getItems()) {
            assertEquals("", measured.getCellData(r), "empty while no trace is imported: " + r.item());
        }
        assertFalse(measured.isVisible(), "the column is shown only with a trace: it took the Item column's room");

        importTrace(robot, TRACE);
        assertTrue(vm.trace().messageProperty().get().contains("imported"), vm.trace().messageProperty().get());
        assertTrue(measured.isVisible(), "R meas. beside R once a trace is imported");
        assertTrue(vm.statusProperty().get().contains("imported"), vm.statusProperty().get());

        // the measured Gantt above the simulated one, with a lane for each of the VMs' tasks
        ChartViewer top = robot.lookup("#chart-gantt-measured").queryAs(ChartViewer.class);
        ChartViewer below = robot.lookup("#chart-gantt").queryAs(ChartViewer.class);
        assertEquals(MeasuredGantt.TITLE, top.getChart().getTitle().getText());
        Bounds a = top.localToScene(top.getBoundsInLocal());
        Bounds b = below.localToScene(below.getBoundsInLocal());
        assertTrue(a.getHeight() > 20 && b.getHeight() > 20, a + " " + b);
        // each chart scrolls its lanes in its pane of the split: the tops say which stands above
        assertTrue(a.getMinY() + 20 < b.getMinY(), "measured above simulated: " + a + " " + b);
        javafx.scene.control.SplitPane split = robot.lookup("#ganttMeasuredSplit").queryAs(javafx.scene.control.SplitPane.class);
        assertEquals(2, split.getItems().size());
        assertTrue(isInside(top, split.getItems().get(0)) && isInside(below, split.getItems().get(1)), "measured first, simulated second");
        List<String> measuredLanes = lanes(top.getChart());
        for (String task : List.of("ctl/ctl_fast", "ctl/ctl_slow", "batch/batch_a", "batch/batch_b")) {
            assertTrue(measuredLanes.contains(task), task + " in " + measuredLanes);
            assertTrue(lanes(below.getChart()).contains(task), task + " simulated");
        }
        assertTrue(measuredLanes.stream().anyMatch(l -> l.startsWith("CPU ")), measuredLanes.toString());
        // over the same time window
        XYPlot mp = (XYPlot) top.getChart().getPlot();
        XYPlot sp = (XYPlot) below.getChart().getPlot();
        assertEquals(sp.getDomainAxis().getLowerBound(), mp.getDomainAxis().getLowerBound(), 1e-9);
        assertEquals(sp.getDomainAxis().getUpperBound(), mp.getDomainAxis().getUpperBound(), 1e-9);

        // measured R as vmsched trace --json reports it (maxResponse), per task
        JsonNode json = cli();
        int checked = 0;
        for (JsonNode t : json.get("tasks")) {
            String item = t.get("vm").asText() + "/" + t.get("task").asText();
            ResultRow row = table.getItems().stream().filter(r -> r.item().equals(item)).findFirst().orElseThrow();
            assertEquals(Format.screen(t.get("maxResponse").asDouble()), measured.getCellData(row), item);
            assertFalse(measured.getCellData(row).toString().isEmpty());
            checked++;
        }
        assertEquals(4, checked);

        // the sbf chart has the measured series
        analysed();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> hasMeasuredSeries(ChartDrawing.of(vm.analysis().supplyChartProperty().get())));
        assertTrue(hasMeasuredSeries(ChartDrawing.of(vm.analysis().supplyChartProperty().get())));

        // an edit dims the measured data as it dims the simulated results; New forgets it
        robot.interact(() -> vm.addTask());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(vm.trace().staleProperty().get());
        assertTrue(robot.lookup("#traceStale").query().isVisible());
        analysed();
        assertFalse(hasMeasuredSeries(ChartDrawing.of(vm.analysis().supplyChartProperty().get())), "no measured supply for an edited scenario");
        robot.interact(() -> vm.newScenario());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(vm.trace().measuredR().isEmpty());
        assertFalse(measured.isVisible(), "New forgets the trace and its column");
        assertEquals(null, vm.trace().ganttProperty().get());
        assertTrue(robot.lookup("#chart-gantt-measured").tryQuery().isEmpty(), "the measured chart leaves the tab");
    }

    private static boolean isInside(Node n, Node parent) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p == parent) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasMeasuredSeries(JFreeChart c) {
        if (c == null || !(c.getPlot() instanceof XYPlot p)) {
            return false;
        }
        for (int i = 0; i < p.getDatasetCount(); i++) {
            if (p.getDataset(i) != null && p.getDataset(i).getSeriesCount() > 0
                    && SupplyDemandChartFactory.MEASURED.equals(p.getDataset(i).getSeriesKey(0))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aFileThatIsNoTraceOfTheScenarioSaysWhyAndShowsNothing(FxRobot robot, @TempDir Path dir) throws Exception {
        analysed();
        Path notATrace = Files.writeString(dir.resolve("notes.txt"), "hello\nthis is not a trace\n");
        Path otherThreads = Files.writeString(dir.resolve("other.txt"), String.join("\n",
                "# tracer: nop",
                "          <idle>-0     [000] d..2.   100.000000: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120"
                        + " prev_state=R ==> next_comm=bash next_pid=42 next_prio=120",
                "            bash-42    [000] d..2.   100.001000: sched_switch: prev_comm=bash prev_pid=42 prev_prio=120"
                        + " prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120", ""));
        List<String> messages = new ArrayList<>();
        for (Path bad : List.of(notATrace, dir, otherThreads, dir.resolve("missing.txt"))) {
            importTrace(robot, bad);
            String m = vm.trace().messageProperty().get();
            messages.add(m);
            assertTrue(m.startsWith("Trace not imported: Trace " + bad), m);
            assertFalse(m.contains("Exception") || m.contains("\tat "), m);
            assertTrue(vm.trace().measuredR().isEmpty());
            assertEquals(null, vm.trace().ganttProperty().get());
            assertTrue(vm.statusProperty().get().contains("Trace not imported"), vm.statusProperty().get());
        }
        assertTrue(messages.get(1).contains("is a folder"), messages.get(1));
        assertTrue(messages.get(2).contains("no thread in it is a task"), messages.get(2));
        assertNotNull(robot.lookup("#chart-gantt").query());
    }
}
