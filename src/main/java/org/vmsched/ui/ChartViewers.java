package org.vmsched.ui;

import java.awt.Font;
import java.awt.Graphics2D;
import org.jfree.chart.event.OverlayChangeListener;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.overlay.OverlayFX;

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

    /** A viewer of {@code chart} whose canvas keeps its fonts (see the class comment). */
    public static ChartViewer viewer(org.jfree.chart.JFreeChart chart) {
        ChartViewer v = new ChartViewer(chart);
        v.getCanvas().addOverlay(new FontReset());
        return v;
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
        public void paintOverlay(Graphics2D g2, org.jfree.chart.ChartPanel panel) {
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
