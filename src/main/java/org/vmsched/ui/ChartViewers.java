package org.vmsched.ui;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.value.ObservableValue;
import javafx.event.Event;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import org.jfree.chart.ChartPanel;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.event.ChartChangeListener;
import org.jfree.chart.event.OverlayChangeListener;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.overlay.OverlayFX;
import org.vmsched.chart.GanttChartFactory;

/**
 * Keeps a chart canvas drawing its text in the fonts the chart says. The canvas restores its
 * drawing state (and with it the font) after each frame, while its Graphics2D remembers the
 * frame's last font and skips setting a font equal to it: the next frame drew its first text in
 * the canvas's default font until a different font came. A chart without a title (Step-through's
 * Gantt) so drew its "view 0–40" line, legend and time ticks about 10 px high in present mode
 * although their fonts said 1.8 times (issue 19). Painted as the last overlay, after the restore,
 * this sets a font no chart uses, so the next frame's first font is always set.
 */
public final class ChartViewers {

    private ChartViewers() {
    }

    /**
     * A viewer of {@code chart} whose canvas keeps its fonts (see the class comment), drawn once per
     * resize and not while hidden ({@link OnceDrawnViewer}).
     */
    public static ChartViewer viewer(JFreeChart chart) {
        ChartViewer v = new OnceDrawnViewer(chart);
        v.getCanvas().addOverlay(new FontReset());
        return v;
    }

    /**
     * {@code content}, which holds {@code viewer}, in a pane that scrolls up and down when the Gantt
     * chart shown needs more height than the pane has for every lane to keep its label in the lane
     * axis's own font ({@link org.vmsched.chart.GanttChartFactory#heightForLanes}): the lanes stay
     * readable and the legend below them is a scroll away. A user trial saw a global run's 7 lanes
     * of the Step-through tab at 1280x720 about 4 px high under a legend of 4 rows, every other one
     * labelled, and 10 lanes of the Gantt tab labelled in 7 to 8 pt. A chart that fits fills the
     * pane as before. The viewer's minimum height is bound to {@code chart}, the pane's width and
     * height and the chart's own changes (fonts scaled by the zoom, a legend that grows); the mouse
     * wheel stays the chart's zoom. FX thread only.
     */
    public static ScrollPane scrollingLanes(Node content, ChartViewer viewer,
                                                                 ObservableValue<JFreeChart> chart) {
        return scrolling(content, viewer, chart, GanttChartFactory::heightForLanes);
    }

    /** The height a chart needs, given the width and height it has: its plot at least {@code plot} px tall. */
    public interface HeightFor {
        double height(JFreeChart chart, double width, double height);
    }

    /**
     * {@code content} in a pane that scrolls up and down when {@code chart}'s plot would be less than
     * {@code plot} px tall in the room the pane has: the good-period map was a 60 px strip under its
     * title, axis labels and legend at 150 % on 1280x720 (issue 30, item 8). As {@link #scrollingLanes}.
     */
    public static ScrollPane scrollingPlot(Node content, ChartViewer viewer,
            ObservableValue<JFreeChart> chart, double plot) {
        return scrolling(content, viewer, chart, (c, w, h) -> heightForPlot(c, w, h, plot));
    }

    /** The height {@code chart}, drawn {@code width} wide, needs for a plot {@code plot} px tall (drawn once at {@code height} to measure). */
    static double heightForPlot(JFreeChart chart, double width, double height, double plot) {
        if (chart == null || width < 1 || height < 1) {
            return 0;
        }
        BufferedImage img = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            // no entity collection: a measure needs the data area only, and with one every point's
            // tooltip was formatted (a third of a window test's CPU went to measuring so)
            ChartRenderingInfo info = new ChartRenderingInfo(null);
            g.setClip(0, 0, 1, 1); // measured, not painted
            chart.draw(g, new Rectangle2D.Double(0, 0, width, height), info);
            double data = info.getPlotInfo().getDataArea().getHeight();
            return height - data + plot;
        } finally {
            g.dispose();
        }
    }

    private static ScrollPane scrolling(Node content, ChartViewer viewer,
            ObservableValue<JFreeChart> chart, HeightFor heightFor) {
        ScrollPane pane = new ScrollPane(content);
        pane.getStyleClass().add("lanes-scroll");
        pane.setFitToWidth(true);
        pane.setFitToHeight(true);
        pane.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        pane.setVbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        pane.setMinSize(0, 0);
        // asks for no height of its own: a taller chart scrolls inside the room the tab gives, it does
        // not take room from the rows above it (Step-through's narration was squeezed to one line)
        pane.setPrefHeight(0);
        // a change inside the chart (its fonts, a legend item) counts as a new chart for the binding
        IntegerProperty changes = new SimpleIntegerProperty();
        ChartChangeListener changed = e -> changes.set(changes.get() + 1);
        if (chart.getValue() != null) {
            chart.getValue().addChangeListener(changed);
        }
        chart.addListener((o, a, b) -> {
            if (a != null) {
                a.removeChangeListener(changed);
            }
            if (b != null) {
                b.addChangeListener(changed);
            }
        });
        Measured measured = new Measured();
        viewer.minHeightProperty().bind(Bindings.createDoubleBinding(() -> {
            Bounds port = pane.getViewportBounds();
            double h = port.getHeight() > 0
                    ? measured.height(heightFor, chart.getValue(), changes.get(), port.getWidth(), port.getHeight())
                    : 0;
            // no more than the pane has: 0, as before, when the lanes fit
            return h > port.getHeight() + 0.5 ? h : 0;
        }, chart, pane.viewportBoundsProperty(), changes));
        // a pane around the viewer (the stale note's) that asks for no height would centre the taller
        // viewer in the pane's height and cut its top: it asks for the viewer's
        if (content != viewer && content instanceof Region r) {
            r.minHeightProperty().bind(viewer.minHeightProperty());
        }
        // the wheel zooms the chart (JFreeChart's handler); it does not scroll the pane too
        viewer.addEventHandler(ScrollEvent.SCROLL, Event::consume);
        return pane;
    }

    /**
     * The last height measured, for the same chart, unchanged since, in a viewport of the same size:
     * the scroll pane sets its viewport's bounds anew (an equal but new object) at each layout,
     * which invalidates the binding, and each measure draws the whole chart.
     */
    private static final class Measured {
        private JFreeChart chart;
        private int changes;
        private double width = Double.NaN;
        private double height = Double.NaN;
        private double result;

        double height(HeightFor heightFor, JFreeChart c, int n, double w, double h) {
            if (c != chart || n != changes || w != width || h != height) {
                result = heightFor.height(c, w, h);
                chart = c;
                changes = n;
                width = w;
                height = h;
            }
            return result;
        }
    }

    /** The overlay: sets a font no chart uses. */
    private static final class FontReset implements OverlayFX {

        /** A font no chart of this program draws in. */
        private static final Font NONE = new Font(Font.DIALOG, Font.PLAIN, 1);

        @Override
        public void paintOverlay(Graphics2D g2, ChartCanvas canvas) {
            g2.setFont(NONE);
        }

        @Override
        public void paintOverlay(Graphics2D g2, ChartPanel panel) {
            g2.setFont(NONE); // never on a Swing panel here
        }

        @Override
        public void addChangeListener(OverlayChangeListener listener) {
            // never changes
        }

        @Override
        public void removeChangeListener(OverlayChangeListener listener) {
            // never changes
        }
    }
}
