package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.main.MainMenu;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * Issue 32, item 3: Tools > Compare Global vs Partitioned on the bundled rtds-global.json opens a
 * dialog with both placements' verdicts and both Gantt charts on one time axis, closed by Esc and
 * Close; on a scenario of one vCPU per VM under a partitioned host the item is disabled and says why.
 * One main window for the class ({@link OneWindowPerClass}): each test starts from rtds-global.json
 * opened anew, present mode off, zoom 1, a 1024 × 768 window, and no compare dialog (each test's is
 * hidden after it, which drops its listener on the scenario and its place as the window's open one).
 */
class CompareDialogTest extends OneWindowPerClass {

    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.show(() -> new MainViewModel(Platform::runLater, Background.daemon("test-analysis"),
                        Background.daemon("test-sim"), 0, RecentFiles.inMemory(), SimulationBackend.unavailable()),
                vm -> vm.openExample("rtds-global.json"), 1024, 768);
    }

    @AfterEach
    void closeDialogs() {
        Pulses.onFx(() -> compareWindows().forEach(Window::hide));
    }

    private static List<Window> compareWindows() {
        List<Window> out = new ArrayList<>();
        for (Window w : Window.getWindows()) {
            if (w.isShowing() && w instanceof Stage s && s.getTitle() != null && s.getTitle().startsWith("Compare Global vs Partitioned")) {
                out.add(w);
            }
        }
        return out;
    }

    private static MenuItem compareItem(FxRobot robot) {
        MainMenu menu = robot.lookup("#menuBar").queryAs(MainMenu.class);
        return menu.menu("toolsMenu").getItems().stream().filter(i -> "toolsCompare".equals(i.getId())).findFirst().orElseThrow();
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    private void openDialog(FxRobot robot) throws Exception {
        MenuItem item = compareItem(robot);
        assertFalse(item.isDisable(), "enabled on a scenario with VMs of two vCPUs");
        Pulses.onFx(item::fire);
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !text(robot, "#comparePartitionedVerdict").isEmpty());
        Pulses.settle(robot.lookup("#comparePartitionedVerdict").query().getScene());
    }

    @Test
    void theDialogShowsBothVerdictsAndBothGanttChartsOnOneTimeAxis(FxRobot robot) throws Exception {
        openDialog(robot);
        assertEquals(1, compareWindows().size());
        assertTrue(text(robot, "#compareGlobalVerdict").startsWith("analysis: schedulable;  simulation: 0 of 18 jobs missed"),
                text(robot, "#compareGlobalVerdict"));
        assertTrue(text(robot, "#comparePartitionedVerdict").endsWith("simulation: 4 of 18 jobs missed"),
                text(robot, "#comparePartitionedVerdict"));
        ChartViewer global = robot.lookup("#compareGlobalGantt").queryAs(ChartViewer.class);
        ChartViewer partitioned = robot.lookup("#comparePartitionedGantt").queryAs(ChartViewer.class);
        assertEquals("Global EDF (Xen RTDS), deferrable servers", global.getChart().getTitle().getText());
        assertEquals("EDF, deferrable servers", partitioned.getChart().getTitle().getText());
        XYPlot g = (XYPlot) global.getChart().getPlot();
        XYPlot p = (XYPlot) partitioned.getChart().getPlot();
        assertEquals(g.getDomainAxis().getRange(), p.getDomainAxis().getRange(), "one time window");
        assertEquals(g.getFixedRangeAxisSpace().getLeft(), p.getFixedRangeAxisSpace().getLeft(), 0.0, "lane axes of one width");
        // a zoom of one time axis moves the other
        robot.interact(() -> g.getDomainAxis().setRange(100, 300));
        assertEquals(100, p.getDomainAxis().getLowerBound(), 0.0);
        assertEquals(300, p.getDomainAxis().getUpperBound(), 0.0);
        // Esc closes it
        robot.clickOn("#compareGlobalTable");
        robot.push(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, compareWindows().size(), "Esc closes the dialog");
    }

    @Test
    void theCloseButtonClosesTheDialog(FxRobot robot) throws Exception {
        openDialog(robot);
        robot.clickOn("#compareClose");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, compareWindows().size());
    }

    @Test
    void onAScenarioOfOneVcpuPerVmTheItemIsDisabledAndSaysWhy(FxRobot robot) throws Exception {
        robot.interact(() -> {
            try {
                vm.openExample("thesis-example.json");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> compareItem(robot).isDisable());
        CustomMenuItem item = (CustomMenuItem) compareItem(robot);
        String why = ((Label) item.getContent()).getTooltip().getText();
        assertTrue(why.contains("no VM has several vCPUs"), why);
        assertTrue(((Label) item.getContent()).getText().contains("needs a VM of several vCPUs or a global host"));
    }

    /**
     * Opened in present mode (issue 32, "left": the tables showed about two rows): the dialog's text,
     * its tables' cells included, is in present mode's type (the main window's 1.6 over the zoom, as the
     * Exercises window), and at 1024×768 the global side's table shows at least five of its seven rows.
     */
    @Test
    void inPresentModeTheTablesAreInPresentTypeAndShowFiveRows(FxRobot robot) throws Exception {
        robot.clickOn("#tree");
        robot.push(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        openDialog(robot);
        TableView<?> table = robot.lookup("#compareGlobalTable").queryAs(TableView.class);
        assertEquals(7, table.getItems().size());
        List<TableCell<?, ?>> cells = new ArrayList<>();
        for (Node n : table.lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> c && c.getItem() != null && !c.getItem().toString().isEmpty()) {
                cells.add(c);
            }
        }
        assertFalse(cells.isEmpty());
        for (TableCell<?, ?> c : cells) {
            assertEquals(14 * 1.6, c.getFont().getSize(), 0.01, "present mode's type in cell " + c.getItem());
        }
        // the maximised dialog's layout may come a pulse after it shows, on a loaded machine (the suite's
        // run at load 5 once counted 4 rows): wait for it, bounded, then assert
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> wholeRows(table) >= 5);
        } catch (TimeoutException e) {
            // the assertions below say what is wrong
        }
        assertTrue(wholeRows(table) >= 5, "rows shown whole: " + wholeRows(table));
        robot.interact(() -> compareWindows().forEach(Window::hide));
        robot.push(KeyCode.ESCAPE); // the main window leaves present mode
    }

    /**
     * Present mode on a projector of 1024×768 (issue 32, left: "VM ...", "pro...", "R ...", "..." and two
     * cells were cut): every column title, and every cell of the rows shown whole, reads in full in both
     * tables, as do the two sides' titles and verdicts; the tables still show five rows whole.
     */
    @Test
    void inPresentModeAt1024x768NoTitleOrCellIsCut(FxRobot robot) throws Exception {
        robot.clickOn("#tree");
        robot.push(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        openDialog(robot);
        TableView<?> global = robot.lookup("#compareGlobalTable").queryAs(TableView.class);
        // a projector's screen: present mode maximizes the dialog, to the test screen's size here, so set the projector's
        robot.interact(() -> {
            Stage st = (Stage) global.getScene().getWindow();
            st.setMaximized(false);
            st.setWidth(1024);
            st.setHeight(768);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> global.getScene().getRoot().layout());
        WaitForAsyncUtils.waitForFxEvents();
        List<String> cut = new ArrayList<>();
        for (String side : List.of("Global", "Partitioned")) {
            TableView<?> table = robot.lookup("#compare" + side + "Table").queryAs(TableView.class);
            assertEquals(7, table.getItems().size());
            int titles = 0;
            for (Node h : table.lookupAll(".column-header")) {
                if (h.lookup(".label") instanceof Labeled title) {
                    titles++;
                    cut(side + " column title", title, cut);
                }
            }
            assertEquals(6, titles, side + "'s column titles found");
            Bounds view = table.localToScene(table.getLayoutBounds());
            int cells = 0;
            for (Node n : table.lookupAll(".table-cell")) {
                Bounds b = n.localToScene(n.getLayoutBounds());
                if (n instanceof TableCell<?, ?> c && c.isVisible() && c.getItem() != null && b.getMaxY() <= view.getMaxY() + 0.5) {
                    cells++;
                    cut(side + " cell", c, cut);
                }
            }
            assertTrue(cells >= 5 * 6, side + ": " + cells + " cells whole");
            cut(side + " title", robot.lookup("#compare" + side + "Title").queryAs(Label.class), cut);
            cut(side + " verdict", robot.lookup("#compare" + side + "Verdict").queryAs(Label.class), cut);
            assertTrue(wholeRows(table) >= 5, side + ": rows shown whole: " + wholeRows(table));
            for (Node n : table.lookupAll(".scroll-bar")) {
                if (n instanceof ScrollBar bar && bar.getOrientation() == Orientation.HORIZONTAL) {
                    assertFalse(bar.isVisible(), side + ": the columns fit the table's width, no sideways scrolling");
                }
            }
        }
        assertTrue(cut.isEmpty(), "cut at 1024×768 in present mode: " + cut);
        // short titles there ("✔?", "R ≤", "late"): the legend line says what they mean to the audience
        Label legend = robot.lookup("#compareLegend").queryAs(Label.class);
        assertTrue(legend.isVisible() && legend.getText().contains("R ≤: response-time bound"), legend.getText());
        cut("legend", legend, cut);
        assertTrue(cut.isEmpty(), "cut: " + cut);
        robot.interact(() -> compareWindows().forEach(Window::hide));
        robot.push(KeyCode.ESCAPE); // the main window leaves present mode
    }

    /** Adds to {@code cut} what {@code l} shows of its text when it is not the whole text (an ellipsis, "pro…"). */
    private static void cut(String what, Labeled l, List<String> cut) {
        for (Node n : l.getChildrenUnmodifiable()) {
            if (n instanceof Text t && t.isVisible() && !t.getText().equals(l.getText())) {
                cut.add(what + " \"" + l.getText() + "\" shown as \"" + t.getText() + "\"");
            }
        }
    }

    /** The table's rows wholly inside its viewport: below its header, above its bottom. */
    private static long wholeRows(TableView<?> table) {
        Region header = (Region) table.lookup(".column-header-background");
        Bounds view = table.localToScene(table.getLayoutBounds());
        double top = view.getMinY() + header.getHeight();
        return table.lookupAll(".table-row-cell").stream()
                .filter(r -> r instanceof TableRow<?> row && row.getItem() != null && row.isVisible())
                .map(r -> r.localToScene(r.getLayoutBounds()))
                .filter(b -> b.getMinY() >= top - 0.5 && b.getMaxY() <= view.getMaxY() + 0.5)
                .count();
    }
}
