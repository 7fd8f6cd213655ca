package org.vmsched.ui.help;

import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * The "?" on a chart (issue 19): a small button over the chart's top-right corner that opens the
 * guide at the chart's paragraph, the one whose bold name is the chart's title ("Gantt",
 * "Step-through"). FX thread only.
 */
public final class ChartHelp {

    /** The style class of every "?" button. */
    public static final String STYLE_CLASS = "chart-help";

    private ChartHelp() {
    }

    /**
     * {@code content} with a "?" (id {@code help-ID}) over its top-right corner; a click hands
     * {@code topic} to {@code open}, which opens the guide there.
     */
    public static StackPane around(Node content, String id, String topic, Consumer<String> open) {
        Button help = new Button("?");
        help.setId("help-" + id);
        help.getStyleClass().add(STYLE_CLASS);
        help.setFocusTraversable(false);
        help.setMinSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        help.setTooltip(new Tooltip("What am I looking at? The guide's paragraph on the " + topic + " chart"));
        help.setOnAction(e -> open.accept(topic));
        StackPane pane = new StackPane(content, help);
        pane.setMinSize(0, 0);
        StackPane.setAlignment(help, Pos.TOP_RIGHT);
        StackPane.setMargin(help, new Insets(2, 4, 0, 0));
        return pane;
    }
}
