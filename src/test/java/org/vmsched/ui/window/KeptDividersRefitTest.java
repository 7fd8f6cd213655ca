package org.vmsched.ui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.beans.property.SimpleDoubleProperty;
import javafx.event.Event;
import javafx.event.EventType;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.vmsched.ui.Pulses;

/**
 * A click is not a drag (carried over from the eighth session's note, "KeptDividers may misrecord a click during a
 * refit"): when the layout rule moves the dividers between a mouse press and its release (here the zoom changes the
 * rule's answer), the release found the dividers moved and recorded the rule's positions as the user's choice; from
 * then on every resize kept those fractions instead of following the rule.
 */
@ExtendWith(ApplicationExtension.class)
class KeptDividersRefitTest {

    private SplitPane split;
    private Scene scene;
    private final SimpleDoubleProperty zoom = new SimpleDoubleProperty(1);
    private final double[][] rule = {{0.3, 0.6}};

    @Start
    void start(Stage stage) {
        split = new SplitPane(new StackPane(new Label("a")), new StackPane(new Label("b")), new StackPane(new Label("c")));
        split.setOrientation(Orientation.VERTICAL);
        KeptDividers.keep(split, () -> rule[0].clone(), zoom);
        scene = new Scene(split, 400, 600);
        stage.setScene(scene);
        stage.show();
    }

    private void mouse(EventType<MouseEvent> type) {
        Event.fireEvent(split, new MouseEvent(type, 200, 100, 200, 100, MouseButton.PRIMARY, 1,
                false, false, false, false, true, false, false, false, false, false, null));
    }

    private double[] positions() {
        double[][] out = {null};
        Pulses.onFx(() -> out[0] = split.getDividerPositions().clone());
        return out[0];
    }

    @Test
    void aRefitBetweenPressAndReleaseIsNotTheUsersChoice() {
        Pulses.settle(scene);
        assertEquals(0.3, positions()[0], 0.01, "the rule's positions at first");
        // a click in a pane (no divider dragged) during which the rule's answer changes
        Pulses.onFx(() -> mouse(MouseEvent.MOUSE_PRESSED));
        Pulses.onFx(() -> {
            rule[0] = new double[] {0.2, 0.5};
            zoom.set(1.25);
        });
        Pulses.settle(scene);
        Pulses.onFx(() -> mouse(MouseEvent.MOUSE_RELEASED));
        Pulses.settle(scene);
        assertEquals(0.2, positions()[0], 0.01, "the refit moved the dividers");
        // the rule changes again: the dividers follow it, as nobody dragged one
        Pulses.onFx(() -> {
            rule[0] = new double[] {0.4, 0.7};
            zoom.set(1.5);
        });
        Pulses.settle(scene);
        assertEquals(0.4, positions()[0], 0.01, "the dividers follow the rule");
        assertEquals(0.7, positions()[1], 0.01, "the dividers follow the rule");
    }

    @Test
    void aDragIsStillTheUsersChoice() {
        Pulses.settle(scene);
        Pulses.onFx(() -> mouse(MouseEvent.MOUSE_PRESSED));
        Pulses.onFx(() -> split.setDividerPositions(0.5, 0.8)); // what dragging the dividers does
        Pulses.settle(scene);
        Pulses.onFx(() -> mouse(MouseEvent.MOUSE_RELEASED));
        Pulses.settle(scene);
        Pulses.onFx(() -> {
            rule[0] = new double[] {0.25, 0.55};
            zoom.set(zoom.get() + 0.25);
        });
        Pulses.settle(scene);
        assertEquals(0.5, positions()[0], 0.01, "the user's choice stays");
        assertEquals(0.8, positions()[1], 0.01, "the user's choice stays");
    }

    @Test
    void lessThanAPixelIsNoMove() {
        assertEquals(false, KeptDividers.moved(new double[] {0.2, 0.5}, new double[] {0.2008, 0.5}, 600));
        assertEquals(true, KeptDividers.moved(new double[] {0.2, 0.5}, new double[] {0.2017, 0.5}, 600));
        assertEquals(true, KeptDividers.moved(new double[] {0.2}, new double[] {0.2, 0.5}, 600));
    }
}
