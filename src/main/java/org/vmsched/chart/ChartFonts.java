package org.vmsched.chart;

import java.awt.Font;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.AbstractXYItemRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleInsets;

/**
 * Screen zoom for one chart's text: remembers the size of every title, legend and axis font as
 * the chart factory made it, and sets them to {@code factor} times that ({@link #scale}; 1 gives
 * them back). FX thread only.
 */
public final class ChartFonts {

    private record Slot(Font base, Consumer<Font> set) {
    }

    private final List<Slot> slots = new ArrayList<>();
    private final List<DoubleConsumer> offsets = new ArrayList<>();
    private final JFreeChart chart;

    public ChartFonts(JFreeChart chart) {
        this.chart = chart;
        if (chart.getTitle() != null) {
            TextTitle t = chart.getTitle();
            add(t.getFont(), t::setFont);
        }
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            Title st = chart.getSubtitle(i);
            if (st instanceof TextTitle t) {
                add(t.getFont(), t::setFont);
            } else if (st instanceof LegendTitle l) {
                add(l.getItemFont(), l::setItemFont);
            }
        }
        if (chart.getPlot() instanceof XYPlot xy) {
            for (int i = 0; i < xy.getDomainAxisCount(); i++) {
                axis(xy.getDomainAxis(i));
            }
            for (int i = 0; i < xy.getRangeAxisCount(); i++) {
                axis(xy.getRangeAxis(i));
            }
            add(xy.getNoDataMessageFont(), xy::setNoDataMessageFont);
            // annotations ("R = 14") and marker labels ("deadline", "limit 1") grow with the rest:
            // in present mode they stayed about 10 px high (issue 19)
            List<XYAnnotation> notes = new ArrayList<>(xy.getAnnotations());
            for (int i = 0; i < xy.getRendererCount(); i++) {
                if (xy.getRenderer(i) instanceof AbstractXYItemRenderer r) {
                    notes.addAll(r.getAnnotations());
                }
            }
            for (XYAnnotation a : notes) {
                if (a instanceof XYTextAnnotation t) {
                    add(t.getFont(), t::setFont);
                }
            }
            for (Layer layer : List.of(Layer.FOREGROUND, Layer.BACKGROUND)) {
                for (Collection<?> markers : Arrays.asList(xy.getDomainMarkers(layer), xy.getRangeMarkers(layer))) {
                    if (markers != null) {
                        for (Object m : markers) {
                            Marker marker = (Marker) m;
                            add(marker.getLabelFont(), marker::setLabelFont);
                            // and their distance from the edge: labels stacked 18 px apart (the
                            // response times' R) overlapped once their font grew (issue 30, item 8)
                            RectangleInsets o = marker.getLabelOffset();
                            offsets.add(f -> marker.setLabelOffset(new RectangleInsets(o.getUnitType(),
                                    o.getTop() * f, o.getLeft() * f, o.getBottom() * f, o.getRight() * f)));
                        }
                    }
                }
            }
        }
    }

    private void axis(Axis a) {
        if (a != null) {
            add(a.getLabelFont(), a::setLabelFont);
            add(a.getTickLabelFont(), a::setTickLabelFont);
        }
    }

    private void add(Font base, Consumer<Font> set) {
        if (base != null) {
            slots.add(new Slot(base, set));
        }
    }

    /** Sets every font to {@code factor} times its original size, and the room at the edges, under the title and the markers' label offsets with them. */
    public void scale(double factor) {
        // one change event for the lot: a window's chart is drawn again at each event, and
        // every font, room and offset set was one (12 for the response-time chart)
        boolean notify = chart.isNotify();
        chart.setNotify(false);
        try {
            ChartStyle.roomOnTheRight(chart, ChartStyle.TICK.getSize2D() * factor);
            ChartStyle.roomUnderTitle(chart, ChartStyle.TICK.getSize2D() * factor);
            for (Slot s : slots) {
                s.set().accept(s.base().deriveFont((float) (s.base().getSize2D() * factor)));
            }
            offsets.forEach(o -> o.accept(factor));
        } finally {
            chart.setNotify(notify);
        }
    }
}
