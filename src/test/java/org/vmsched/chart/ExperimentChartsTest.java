package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.ExperimentRunner;
import org.vmsched.experiment.OverheadResult;
import org.vmsched.experiment.OverheadStudy;
import org.vmsched.experiment.PeriodGrid;
import org.vmsched.experiment.ThesisGenerator;
import org.vmsched.experiment.TmaxResult;
import org.vmsched.experiment.TmaxStudy;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/** The figures have the thesis's layout: panels, one curve per n or X, the bound and limit lines, the cap noted. */
class ExperimentChartsTest {

    static final ThesisGenerator GEN = new ThesisGenerator(100, 1000, 100);

    @Test
    void tmaxFigurePerUHasMeanAndSpreadPanelsWithACurvePerNAndTheUpperBound() throws Exception {
        Experiment e = new Experiment(1, "t", "", 1, 2, GEN, new TmaxStudy(List.of(4, 6), List.of(0.1, 0.2), List.of(0.3, 0.5, 0.7), 0));
        TmaxResult r = (TmaxResult) new ExperimentRunner(1).run(e, Progress.NONE, new Cancellation());
        List<ExperimentCharts.Figure> figs = ExperimentCharts.tmax(r);
        assertEquals(List.of("tmax-u0.1", "tmax-u0.2"), figs.stream().map(ExperimentCharts.Figure::name).toList());
        CombinedDomainXYPlot plot = (CombinedDomainXYPlot) figs.get(0).chart().getPlot();
        List<XYPlot> panels = plot.getSubplots();
        assertEquals(2, panels.size());
        assertEquals(2, panels.get(0).getDataset(0).getSeriesCount());
        XYDataset bound = panels.get(0).getDataset(1);
        assertEquals(3, bound.getItemCount(0));
        assertEquals(1 / (2 * (1 - 0.7)), bound.getYValue(0, 2), 1e-12);
        assertEquals(2, panels.get(1).getDataset(0).getSeriesCount());
    }

    @Test
    void synchronousSimulatedPointsOfAStudyAreSaidToBeNoProof() throws Exception {
        Experiment e = new Experiment(1, "t", "", 1, 1, GEN, new TmaxStudy(List.of(4), List.of(0.2), List.of(0.5), 0,
                new TmaxStudy.Simulated(org.vmsched.model.SimulationMode.SYNCHRONOUS, 1, 10, 2, 1)));
        TmaxResult r = (TmaxResult) new ExperimentRunner(1).run(e, Progress.NONE, new Cancellation());
        JFreeChart chart = ExperimentCharts.tmax(r).get(0).chart();
        boolean said = false;
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            if (chart.getSubtitle(i) instanceof TextTitle t && t.getText().contains("for at most 2 longest task periods")
                    && t.getText().contains("no proof")) {
                said = true;
            }
        }
        assertTrue(said, "a subtitle says the synchronous points are capped runs");
    }

    @Test
    void tmaxFigureWithSimulatedPointsDrawsSimulatedAndRoundedAnalyticMarkersAndSaysSo() throws Exception {
        Experiment e = new Experiment(1, "t", "", 1, 2, GEN, new TmaxStudy(List.of(4, 6), List.of(0.2), List.of(0.5, 0.7), 0,
                new TmaxStudy.Simulated(org.vmsched.model.SimulationMode.WORST_CASE, 1, 20, 2, 1)));
        TmaxResult r = (TmaxResult) new ExperimentRunner(1).run(e, Progress.NONE, new Cancellation());
        JFreeChart chart = ExperimentCharts.tmax(r).get(0).chart();
        XYPlot top = ((CombinedDomainXYPlot) chart.getPlot()).getSubplots().get(0);
        XYDataset rounded = top.getDataset(2);
        XYDataset simulated = top.getDataset(3);
        assertEquals(2, simulated.getSeriesCount());
        assertEquals(2, simulated.getItemCount(1));
        assertEquals(r.points().get(3).meanSimulatedTmaxOverT1(), simulated.getYValue(1, 1), 1e-12);
        assertEquals(r.points().get(3).meanRoundedAnalyticTmaxOverT1(), rounded.getYValue(1, 1), 1e-12);
        boolean said = false;
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            if (chart.getSubtitle(i) instanceof TextTitle t && t.getText().contains("beside the analysis of the same rounded sets")) {
                said = true;
            }
        }
        assertTrue(said, "a subtitle explains the markers");
        // n = 4, n = 6, the bound, simulated, analysis of the rounded sets
        assertEquals(5, ((CombinedDomainXYPlot) chart.getPlot()).getFixedLegendItems().getItemCount());
    }

    @Test
    void overheadFigurePerUHasAPanelPerAlphaACurvePerXTheLimitAndTheCapNoted() throws Exception {
        Experiment e = new Experiment(1, "o", "", 1, 2, GEN, new OverheadStudy(5,
                List.of(new OverheadStudy.Panel(0.2, List.of(0.3, 0.4, 0.5))), List.of(1.0, 8.0), new PeriodGrid(1, 100, 1), 10,
                OverheadStudy.Source.ANALYSIS));
        OverheadResult r = (OverheadResult) new ExperimentRunner(2).run(e, Progress.NONE, new Cancellation());
        List<ExperimentCharts.Figure> figs = ExperimentCharts.overhead(r);
        assertEquals(1, figs.size());
        JFreeChart chart = figs.get(0).chart();
        List<XYPlot> panels = ((CombinedDomainXYPlot) chart.getPlot()).getSubplots();
        assertEquals(3, panels.size());
        for (XYPlot p : panels) {
            assertEquals(2, p.getDataset(0).getSeriesCount());
            assertEquals(100, p.getDataset(0).getItemCount(0));
            assertEquals(2, p.getDataset(1).getSeriesCount(), "one lower-bound line per X");
            assertTrue(p.getRangeMarkers(org.jfree.chart.ui.Layer.FOREGROUND).stream()
                    .anyMatch(m -> ((ValueMarker) m).getValue() == 1), "limit line at 1");
            assertEquals(2, p.getDomainMarkers(org.jfree.chart.ui.Layer.BACKGROUND).size(), "one left bound per X");
        }
        String subtitle = ((TextTitle) chart.getSubtitle(1)).getText();
        assertTrue(subtitle.contains("a ratio counts as 10 once Ri passes 10·Ti"), subtitle);
    }
}
