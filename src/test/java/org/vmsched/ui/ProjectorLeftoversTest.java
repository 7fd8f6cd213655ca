package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.main.MainView;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * What was still cut at a projector's sizes after the layout work of issue 9: a word of the
 * verdict table's Item column broken in the middle, the Tmax chart's last tick label ("1.0")
 * past the chart's right edge, the Step-through status line ending in "…", and the Simulation
 * tab's progress bar wider than the column it sits in.
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class ProjectorLeftoversTest {

    MainView view;
    MainViewModel vm;
    Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        vm = new MainViewModel(Platform::runLater, Background.daemon("test-analysis"), Background.daemon("test-sim"), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        vm.openExample("thesis-example.json");
        view = new MainView(vm, new MainWindowTest.StubDialogs());
        stage.setScene(new Scene(view, 800, 600));
        stage.show();
    }

    void size(FxRobot robot, double w, double h) throws Exception {
        robot.interact(() -> {
            stage.setWidth(w);
            stage.setHeight(h);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> view.getScene().getRoot().layout());
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() == AnalysisViewModel.State.CURRENT);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720"})
    void noWordOfTheVerdictTableIsBrokenInTheMiddle(double w, double h, FxRobot robot) throws Exception {
        size(robot, w, h);
        List<String> broken = new ArrayList<>();
        int seen = 0;
        for (Node n : robot.lookup("#resultTable .table-cell").queryAll()) {
            TableCell<?, ?> cell = (TableCell<?, ?>) n;
            if (!cell.isVisible() || !(cell.getGraphic() instanceof Text text) || text.getText().isEmpty()) {
                continue;
            }
            seen++;
            for (String word : text.getText().split("\\s+")) {
                Text probe = new Text(word);
                probe.setFont(text.getFont());
                double need = probe.getLayoutBounds().getWidth();
                if (need > text.getWrappingWidth()) {
                    broken.add("\"" + word + "\" of \"" + text.getText() + "\" needs " + need + " px, has "
                            + text.getWrappingWidth());
                }
            }
        }
        assertTrue(seen >= 3, "item cells seen: " + seen);
        assertEquals(List.of(), broken, (int) w + "x" + (int) h);
    }

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720"})
    void theTmaxChartsLastTickLabelLiesInsideTheChart(double w, double h, FxRobot robot) throws Exception {
        size(robot, w, h);
        ChartViewer viewer = robot.lookup("#chart-tmax").queryAs(ChartViewer.class);
        JFreeChart chart = viewer.getChart();
        int cw = (int) viewer.getWidth();
        int ch = (int) viewer.getHeight();
        assertTrue(cw > 100 && ch > 100, cw + "x" + ch);
        BufferedImage img = new BufferedImage(cw, ch, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g, new Rectangle2D.Double(0, 0, cw, ch), info);
        XYPlot plot = (XYPlot) chart.getPlot();
        NumberAxis x = (NumberAxis) plot.getDomainAxis();
        assertEquals(1.0, x.getUpperBound(), 1e-9, "the α axis ends at 1");
        String last = x.getTickUnit().valueToString(x.getUpperBound());
        double half = g.getFontMetrics(x.getTickLabelFont()).stringWidth(last) / 2.0;
        g.dispose();
        double right = info.getPlotInfo().getDataArea().getMaxX() + half;
        assertTrue(right <= cw, "\"" + last + "\" reaches x = " + right + " in a chart " + cw + " px wide");
    }

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720"})
    void theStepThroughStatusIsShownWhole(double w, double h, FxRobot robot) throws Exception {
        size(robot, w, h);
        robot.clickOn("#tab-step");
        for (int i = 0; i < 3; i++) {
            robot.clickOn("#stepForward");
        }
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.stepping().positionProperty().get() == 3);
        robot.interact(() -> view.getScene().getRoot().layout());
        WaitForAsyncUtils.waitForFxEvents();
        Label status = robot.lookup("#stepStatus").queryAs(Label.class);
        assertTrue(status.getText().startsWith("3 / "), status.getText());
        Text shown = status.getChildrenUnmodifiable().stream().filter(Text.class::isInstance).map(Text.class::cast)
                .findFirst().orElseThrow();
        assertEquals(status.getText(), shown.getText(), "the status line is cut");
    }

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720"})
    void theSimulationProgressBarStaysInItsColumn(double w, double h, FxRobot robot) throws Exception {
        size(robot, w, h);
        robot.clickOn("#simulationTab");
        size(robot, w, h);
        Node bar = robot.lookup("#simProgress").query();
        Bounds b = bar.localToScene(bar.getLayoutBounds());
        for (String id : List.of("#simulationView", "#middleTabs")) {
            Node p = robot.lookup(id).query();
            Bounds pb = p.localToScene(p.getLayoutBounds());
            assertTrue(b.getMaxX() <= pb.getMaxX() + 0.5 && b.getMinX() >= pb.getMinX() - 0.5,
                    (int) w + "x" + (int) h + ": the progress bar " + b + " runs past " + id + " " + pb);
        }
        assertFalse(b.getWidth() < 20, "the progress bar is squeezed to " + b.getWidth());
    }
}
