package org.vmsched.ui.help;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.vmsched.ui.HallFixture;
import org.vmsched.ui.Pulses;
import org.vmsched.ui.window.MainView;

/**
 * The "?" on each chart of the window opens the guide at that chart's paragraph (issue 19). The test
 * thread waits for the windows' pulses ({@link Pulses}), not for TestFX's 50 ms sleeps. One main
 * window for the class: a case only selects a chart's tab (each case selects its own) and opens a
 * guide, a new window each time, which it hides again; TestFX hides the main window after each case
 * and the next case shows it again.
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class ChartHelpTest {

    private static MainView view;

    @Start
    void start(Stage stage) throws Exception {
        if (view == null || view.getScene().getWindow() != stage) {
            view = HallFixture.show(stage, "thesis-example.json", 1024, 740);
        } else {
            stage.show();
        }
    }

    @AfterAll
    static void dropWindow() {
        view = null;
    }

    private static List<GuideView> guides() {
        return Window.getWindows().stream().filter(Window::isShowing)
                .map(w -> w.getScene() == null ? null : w.getScene().getRoot())
                .filter(r -> r instanceof GuideView).map(r -> (GuideView) r).toList();
    }

    @ParameterizedTest
    @CsvSource({"tmax, Tmax curve", "map, Good-period map", "ratio, max Ri/Ti", "supply, Supply & demand",
        "gantt, Gantt", "cdf, Response times", "step, Step-through"})
    void eachQuestionMarkOpensTheGuideAtItsChartsParagraph(String chart, String title, FxRobot robot) {
        Pulses.onFx(() -> view.showChart(chart));
        Pulses.settle(view.getScene());
        Button help = robot.lookup("#help-" + chart).queryAs(Button.class);
        assertNotNull(help, "no ? on " + chart);
        assertTrue(help.isVisible() && help.getScene() != null, "the ? of " + chart + " is not shown");
        assertEquals(0, guides().size(), "a guide was open before");
        Pulses.onFx(help::fire);
        Pulses.onFx(() -> { }); // after the guide's scrolling, which its opening queued
        List<GuideView> open = guides();
        assertEquals(1, open.size(), "the ? of " + chart + " opened no guide");
        GuideView guide = open.get(0);
        Pulses.settle(guide.getScene()); // the guide's pulses lay its scrolled content out
        Node block = guide.block(title);
        assertNotNull(block, "the guide has no paragraph on " + title);
        Bounds b = block.localToScene(block.getBoundsInLocal());
        Bounds port = guide.localToScene(guide.getLayoutBounds());
        String where = title + ": paragraph at " + b.getMinY() + "–" + b.getMaxY() + ", viewport " + port.getMinY() + "–"
                + port.getMaxY() + ", scrolled to " + guide.getVvalue();
        // the paragraph at the top, or, for one near the end, in view with the guide scrolled to its end
        assertTrue(b.getMinY() >= port.getMinY() - 1 && b.getMaxY() <= port.getMaxY() + 1, where);
        assertTrue(b.getMinY() - port.getMinY() < 40 || guide.getVvalue() > 0.999, where);
        assertTrue(((javafx.scene.text.TextFlow) block).getChildren().stream()
                .anyMatch(t -> t instanceof javafx.scene.text.Text x && x.getText().equals(title)), where);
        Pulses.onFx(() -> guide.getScene().getWindow().hide());
    }
}
