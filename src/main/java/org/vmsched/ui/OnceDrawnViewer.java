package org.vmsched.ui;

import javafx.scene.Node;
import javafx.scene.Scene;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;

/**
 * A chart viewer that draws its chart once per resize, and not at all while it is not visible.
 * JFreeChart's canvas draws the whole chart on every change of its width and again on every change
 * of its height, and {@link ChartViewer} sets both at each layout, in hidden tabs too: a profile of
 * the window tests found a tenth of the FX thread's samples in these draws, which users paid on
 * every resize and edit. The canvas draws a chart only when it has an area, so this viewer gives it
 * a width of 0 before changing both sides (the two changes then draw nothing), and the last change
 * draws it once. While the viewer or a parent is not visible (a tab not selected) the canvas is
 * 0 × 0, so neither a resize nor a change of the chart draws; a pre-layout pulse listener notices
 * when it is visible again and lays it out, which draws it once before the frame is shown. The
 * viewer's preferred size stays the size it was last given, as a {@link ChartViewer}'s was (its
 * canvas's). FX thread only.
 */
final class OnceDrawnViewer extends ChartViewer {

    private final Runnable checkShown = this::checkShown;
    private double laidWidth;
    private double laidHeight;
    private boolean sizedShown;

    OnceDrawnViewer(JFreeChart chart) {
        super(chart);
        sceneProperty().addListener((o, before, after) -> {
            if (before != null) {
                before.removePreLayoutPulseListener(checkShown);
            }
            if (after != null) {
                after.addPreLayoutPulseListener(checkShown);
            }
        });
    }

    /** Not the superclass's: it sets the canvas's width and then its height, each drawing the chart. */
    @Override
    protected void layoutChildren() {
        laidWidth = getWidth();
        laidHeight = getHeight();
        ChartCanvas canvas = getCanvas();
        canvas.setLayoutX(0);
        canvas.setLayoutY(0);
        sizedShown = shown();
        double w = sizedShown ? laidWidth : 0;
        double h = sizedShown ? laidHeight : 0;
        if (w != canvas.getWidth() && h != canvas.getHeight()) {
            canvas.setWidth(0); // no area: the height's change below draws nothing
        }
        canvas.setHeight(h);
        canvas.setWidth(w);
    }

    @Override
    protected double computePrefWidth(double height) {
        return Math.max(super.computePrefWidth(height), laidWidth);
    }

    @Override
    protected double computePrefHeight(double width) {
        return Math.max(super.computePrefHeight(width), laidHeight);
    }

    /** Before each pulse's layout: a viewer shown or hidden since its last layout is laid out again. */
    private void checkShown() {
        if (shown() != sizedShown) {
            requestLayout();
        }
    }

    /** Whether this viewer and every parent is visible (a tab's content is not while another tab is selected). */
    private boolean shown() {
        for (Node n = this; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        Scene scene = getScene();
        return scene != null;
    }
}
