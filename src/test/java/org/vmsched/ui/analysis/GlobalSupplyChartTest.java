package org.vmsched.ui.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.mpr.GuestSupply;
import org.vmsched.chart.GlobalSupplyChartFactory;
import org.vmsched.chart.GlobalSupplyData;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.report.AnalysisReport;
import org.vmsched.report.GlobalSupplies;

/**
 * The supply chart of a global VM (issue 32): the MPR supply of its vCPUs and, where the analysis
 * read the host's own schedule (THEORY.md §15.19), that schedule's least supply sbf_Q, each drawn
 * as the analysis reads it: the chart's polyline at any t is the supply's sbf(t).
 */
class GlobalSupplyChartTest {

    private static GlobalSupplyData data(Scenario s, int vm, int task) {
        AnalysisChart c = AnalysisCharts.globalSupply(AnalysisReport.of(s), s, vm, task, "no curves");
        return assertInstanceOf(AnalysisChart.GlobalSupply.class, c, String.valueOf(c)).data();
    }

    /** The polyline {@code points} at {@code t}: straight between its corners. */
    private static double at(double[][] points, double t) {
        for (int i = 1; i < points.length; i++) {
            if (points[i][0] >= t) {
                double[] a = points[i - 1];
                double[] b = points[i];
                return b[0] == a[0] ? b[1] : a[1] + (b[1] - a[1]) * (t - a[0]) / (b[0] - a[0]);
            }
        }
        throw new AssertionError("t = " + t + " past the chart's end");
    }

    private static void drawsExactly(double[][] points, GuestSupply supply, double end) {
        for (double t : new double[] {0, 1.5, 3.5, 6.5, 7.25, 10, 13.5, 19.75, end / 2, end}) {
            assertEquals(supply.sbf(new BigFraction(t)).doubleValue(), at(points, t), 1e-9, "t = " + t);
        }
    }

    @Test
    void aVmProvedOnTheHostsOwnScheduleShowsThatSchedulesLeastSupplyAboveTheMprSupply() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json"));
        AnalysisReport report = AnalysisReport.of(s);
        assertEquals(ProvedOn.HOST_SCHEDULE, report.vm(1).provedOn());
        GlobalSupplies g = report.globalSupplies(1);
        assertNotNull(g.schedule(), "the analysis read the host's own schedule");
        GlobalSupplyData d = data(s, 1, 0); // batch, u1 (D = 10)
        drawsExactly(d.mpr(), g.edp(), d.end());
        drawsExactly(d.schedule(), g.schedule(), d.end());
        assertEquals(GlobalSupplyChartFactory.SCHEDULE, d.scheduleName());
        assertEquals("proved on sbf_Q, the host's own schedule (§15.19)", d.proof());
        // why it proves more: at u1's deadline the schedule gives more than the MPR supply's worst case
        assertEquals(10, d.deadline());
        assertEquals(6, at(d.schedule(), 10), 1e-9);
        assertEquals(0, at(d.mpr(), 10), 1e-9, "within the MPR supply's blackout 13.5");
    }

    /**
     * A host past its cores' bandwidth (batch at 5 of every 10 on two vCPUs: 2.3 on 2 cores) is not schedulable and
     * the analysis reads no table there (THEORY.md §15.22); the chart drew the schedule's supply all the same, which
     * the report computed by its own rule.
     */
    @Test
    void aHostPastItsCoresDrawsNoScheduleTheAnalysisDidNotRead() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json"));
        s = s.withVms(List.of(s.vms().get(0), s.vms().get(1).withServer(10, 5, 0)));
        AnalysisReport report = AnalysisReport.of(s);
        assertNull(report.globalSupplies(1).schedule());
        assertNull(data(s, 1, 0).schedule());
    }

    @Test
    void anUnprovedVmShowsTheScheduleItWasTriedOnWithoutClaimingAProof() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json"));
        GlobalSupplyData d = data(s, 0, 0); // control, t1 (D = 10): "DEM 17 against sbf 13" on both supplies
        assertEquals(13, at(d.mpr(), 10), 1e-9);
        assertEquals(13, at(d.schedule(), 10), 1e-9);
        assertEquals(GlobalSupplyChartFactory.SCHEDULE, d.scheduleName());
        assertEquals("not proved on any supply tried", d.proof());
    }

    @Test
    void aVmProvedOnItsMprSupplyShowsThatSupplyAlone() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-global.json"));
        AnalysisReport report = AnalysisReport.of(s);
        GlobalSupplyData d = data(s, 0, 0);
        drawsExactly(d.mpr(), report.globalSupplies(0).edp(), d.end());
        assertNull(d.schedule(), "deferrable vCPUs: no schedule of the host is read (THEORY.md §15.18)");
        assertEquals("proved on sbf, the MPR supply (§15.17)", d.proof());
        JFreeChart chart = GlobalSupplyChartFactory.create(d);
        assertNull(chart.getXYPlot().getDataset(1), "one supply drawn");
    }

    @Test
    void aPartitionedPolicyKeepsItsMessage() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "hier", "cbs-two-vm.json"));
        AnalysisChart c = AnalysisCharts.globalSupply(AnalysisReport.of(s), s, 0, 0, "no curves");
        assertEquals("no curves", assertInstanceOf(AnalysisChart.Message.class, c).text());
        assertFalse(s.hypervisor().policy().global());
    }

    /** Deferrable vCPUs with a switch overhead (no supply derived, THEORY.md §15.14); b loses its task in the window. */
    private static final String NOT_DRAWN = """
            { "schemaVersion": 2, "name": "not drawn", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
              "vms": [ { "name": "a", "period": 10, "budget": 4, "overhead": 0.1, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                  "tasks": [ { "name": "t1", "wcet": 1, "period": 20 } ] },
                { "name": "b", "period": 10, "budget": 2, "scheduler": "EDF", "tasks": [ { "name": "u", "wcet": 1, "period": 20 } ] } ],
              "simulation": { "serverPolicy": "deferrable" } }
            """;

    @Test
    void aVmWithoutADerivedSupplyOrWithoutTasksSaysWhyInsteadOfAChart() throws Exception {
        Scenario s = ScenarioJson.parse("not-drawn.json", NOT_DRAWN);
        AnalysisReport report = AnalysisReport.of(s);
        AnalysisChart deferrable = AnalysisCharts.globalSupply(report, s, 0, 0, "no curves");
        assertEquals(AnalysisCharts.NO_GLOBAL_SUPPLY, assertInstanceOf(AnalysisChart.Message.class, deferrable).text());
        Scenario edited = s.withVms(List.of(s.vms().get(0), s.vms().get(1).withTasks(List.of()))); // its last task deleted
        AnalysisChart empty = AnalysisCharts.globalSupply(AnalysisReport.of(edited), edited, 1, 0, "no curves");
        assertEquals("b has no tasks", assertInstanceOf(AnalysisChart.Message.class, empty).text());
    }

    @Test
    void aVmOfOneVcpuShowsItsSupplyOnOneProcessor() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json"));
        Scenario one = s.withVms(List.of(s.vms().get(1).withVcpus(1), s.vms().get(0)));
        GlobalSupplyData d = data(one, 0, 1);
        assertTrue(d.mprName().contains("m′ = 1"), d.mprName());
        assertEquals("Supply of batch's 1 vCPU", d.title());
        drawsExactly(d.mpr(), AnalysisReport.of(one).globalSupplies(0).edp(), d.end());
    }
}
