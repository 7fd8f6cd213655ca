package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javafx.application.Platform;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * JavaFX's CSS engine says nothing while the main window is shown, hidden and shown again, given
 * another scenario, zoomed, switched to high contrast and resized: a warning there ("Could not
 * resolve …", "Caught ClassCastException … while converting value for '-fx-background-color'")
 * means a style that did not apply as written. Not covered, as no user does it: a scenario opened
 * while the window is <em>hidden</em> (the window tests' fixture did so until it kept the window
 * shown): the tree's new root makes JavaFX's TreeCellSkin apply CSS to each disclosure arrow
 * while the hidden scene's styles are dropped, and modena's
 * {@code .tree-cell > .tree-disclosure-node > .arrow} cannot resolve its
 * {@code -fx-background-color: -fx-text-background-color}; the pass after {@code show()} colours
 * the arrows as intended.
 */
class CssWarningsTest extends OneWindowPerClass {

    /** What JavaFX's CSS logger said (JUL's "javafx.css"), from any thread. */
    private final List<String> said = new ArrayList<>();
    private final Logger css = Logger.getLogger("javafx.css");
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                synchronized (said) {
                    said.add(r.getMessage());
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.show(() -> new MainViewModel(Platform::runLater, Background.daemon("test-analysis"),
                Background.daemon("test-sim"), 50, RecentFiles.inMemory(), SimulationBackend.unavailable()), vm -> vm.openExample(
                "thesis-example.json"), 1024, 768);
    }

    @BeforeEach
    void listen() {
        css.addHandler(handler);
    }

    @AfterEach
    void stopListening() {
        css.removeHandler(handler);
    }

    /** The CSS logger's warnings so far, and none from now on. */
    private List<String> heard() {
        synchronized (said) {
            List<String> h = List.copyOf(said);
            said.clear();
            return h;
        }
    }

    @Test
    void aStyleThatCannotApplyIsHeard() throws Exception {
        // the listener hears what JavaFX says of a look-up that names no colour: the test below can fail
        Label probe = new Label("probe");
        probe.setStyle("-fx-text-fill: -vmsched-no-such-colour;");
        FxToolkit.setupFixture(() -> view.getChildren().add(probe));
        WaitForAsyncUtils.waitForFxEvents();
        FxToolkit.setupFixture(() -> view.getChildren().remove(probe));
        List<String> h = heard();
        assertTrue(h.stream().anyMatch(m -> m.contains("-vmsched-no-such-colour")), h.toString());
    }

    /** Runs {@code step} on the FX thread and waits for its pulses; what the CSS logger said, by step. */
    private void step(Map<String, List<String>> heard, String name, Runnable step) throws Exception {
        FxToolkit.setupFixture(step);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> h = heard();
        if (!h.isEmpty()) {
            heard.put(name, h);
        }
    }

    @Test
    void theWindowShownAgainZoomedInHighContrastAndResizedGivesNoCssWarning(FxRobot robot) throws Exception {
        waitForVerdicts();
        heard();
        Map<String, List<String>> heard = new LinkedHashMap<>();
        step(heard, "hidden and shown again", () -> {
            shared.stage.hide();
            shared.stage.show();
        });
        step(heard, "another scenario opened", () -> {
            try {
                vm.openExample("two-vms.json");
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        step(heard, "zoomed in", () -> view.zoom(2));
        step(heard, "zoom reset", view::zoomReset);
        step(heard, "high contrast on", () -> vm.display().highContrastProperty().set(true));
        step(heard, "high contrast off", () -> vm.display().highContrastProperty().set(false));
        size(robot, 1280, 720);
        size(robot, 1024, 768);
        step(heard, "1280x720 and back to 1024x768", () -> { });
        assertEquals(Map.of(), heard);
    }
}
