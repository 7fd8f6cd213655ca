package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

/**
 * The Gantt chart of a global-EDF run (issue 21): a core lane's slice is in its VM's colour, as
 * the VM's tasks on their lanes, and says which virtual CPU and task it is on the slice itself ("v0/t1");
 * the legend has one entry per VM, not one per VM, vCPU and task (ten entries for
 * rtds-global-periodic.json took half the chart's height in the window at 1024x768, the lanes 15 px each).
 */
class GlobalGanttTest {

    private static GanttData.Slice onCore(double from, double to, String owner) {
        return new GanttData.Slice(from, to, GanttData.SliceKind.VM, owner, false);
    }

    private static GanttData.Slice exec(double from, double to, String task) {
        return new GanttData.Slice(from, to, GanttData.SliceKind.EXECUTION, task, false);
    }

    static JFreeChart chart() {
        GanttData d = new GanttData(0, 20, List.of(
                new GanttData.Lane("core 0", GanttData.LaneKind.CORE, List.of(onCore(0, 5, "control vCPU0/t1"),
                        onCore(5, 5.2, "control vCPU1/t3"), onCore(5.2, 8, "batch vCPU0/u1"),
                        onCore(8, 10, "batch vCPU0 (no ready task)")), List.of()),
                new GanttData.Lane("core 1", GanttData.LaneKind.CORE, List.of(onCore(0, 6, "control vCPU1/t2")), List.of()),
                new GanttData.Lane("control/t1", GanttData.LaneKind.TASK, List.of(exec(0, 5, "t1")), List.of()),
                new GanttData.Lane("control/t2", GanttData.LaneKind.TASK, List.of(exec(0, 6, "t2")), List.of()),
                new GanttData.Lane("control/t3", GanttData.LaneKind.TASK, List.of(exec(5, 5.2, "t3")), List.of()),
                new GanttData.Lane("batch/u1", GanttData.LaneKind.TASK, List.of(exec(5.2, 8, "u1")), List.of())));
        return GanttChartFactory.create(d, 0, 20);
    }

    static java.awt.Paint paintOf(XYPlot plot, String key) {
        for (int s = 0; s < plot.getDataset(0).getSeriesCount(); s++) {
            if (plot.getDataset(0).getSeriesKey(s).equals(key)) {
                return plot.getRenderer(0).getSeriesPaint(s);
            }
        }
        return null;
    }

    @Test
    void theLegendHasOneEntryPerVmAndItsIdleShade() {
        List<String> legend = new ArrayList<>();
        org.jfree.chart.LegendItemCollection items = chart().getXYPlot().getLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) {
            legend.add(items.get(i).getLabel());
        }
        assertEquals(List.of("control", "batch", "batch budget, no ready task"), legend);
    }

    @Test
    void aCoreSliceHasItsVmsColourAndSaysItsVcpuAndTask() {
        XYPlot plot = chart().getXYPlot();
        XYDataset slices = plot.getDataset(0);
        XYItemRenderer bars = plot.getRenderer(0);
        int control = -1;
        for (int s = 0; s < slices.getSeriesCount(); s++) {
            if (slices.getSeriesKey(s).equals("control")) {
                control = s;
            }
        }
        // the series "control" holds its core slices, in the colour of its tasks' execution
        int lanesOfCore0 = 0;
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < slices.getItemCount(control); i++) {
            String label = bars.getItemLabelGenerator(control, i) == null ? null
                    : bars.getItemLabelGenerator(control, i).generateLabel(slices, control, i);
            labels.add(label);
            lanesOfCore0++;
        }
        // core 0: vCPU0/t1 (5 wide) is labelled "v0/t1", vCPU1/t3 (0.2 of a 20 wide view) too narrow; core 1: vCPU1/t2
        assertEquals(plot.getRenderer(0).getSeriesPaint(control), paintOf(plot, "control task execution"));
        assertEquals(java.util.Arrays.asList("v0/t1", null, "v1/t2"), labels);
        assertEquals(3, lanesOfCore0);
    }
}
