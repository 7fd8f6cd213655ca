package org.vmsched.ui.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.experiment.GlobalVsPartitioned;
import org.vmsched.experiment.PolicyComparison;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.text.Format;
import org.vmsched.ui.Background;

/**
 * Issue 32, item 3: the Compare Global vs Partitioned dialog's model, in plain JUnit. Its numbers
 * are those {@code vmsched compare} prints for the same two placements, on the bundled
 * {@code rtds-global.json} whose description says which way they differ.
 */
class CompareViewModelTest {

    private static Scenario rtds() throws Exception {
        return ScenarioJson.load(Path.of("scenarios/rtds-global.json"));
    }

    private static CompareViewModel computed(Scenario s) {
        CompareViewModel m = new CompareViewModel(() -> s, Runnable::run, Background.immediate());
        m.run();
        return m;
    }

    @Test
    void eachSidesNumbersAreTheRowCompareCommandPrintsForIt() throws Exception {
        CompareViewModel m = computed(rtds());
        StringWriter out = new StringWriter();
        int status = org.vmsched.cli.Main.run(new String[] {"compare", "scenarios/rtds-global.json"}, new PrintWriter(out),
                new PrintWriter(new StringWriter()));
        assertEquals(0, status);
        for (CompareViewModel.Side side : List.of(m.globalProperty().get(), m.partitionedProperty().get())) {
            // the command's table cuts a label to 40 characters with "…"
            String head = side.title().length() > 40 ? side.title().substring(0, 39) : side.title();
            String line = out.toString().lines().filter(l -> l.startsWith(head)).findFirst().orElseThrow();
            List<String> cells = new ArrayList<>();
            for (PolicyComparison.VmOutcome vo : side.row().vms()) {
                cells.add(vo.missed() + "/" + vo.jobs() + ", " + Format.fixed(vo.worstResponseOverDeadline(), 2));
            }
            assertTrue(line.matches(".*\\s" + side.row().missed() + "\\s+" + String.join("\\s+", cells).replace(".", "\\.") + "\\s*"),
                    "the dialog's " + cells + " against compare's " + line);
        }
    }

    @Test
    void globalMeetsEveryDeadlineWherePartitionedMissesT2AsTheDescriptionSays() throws Exception {
        CompareViewModel m = computed(rtds());
        CompareViewModel.Side g = m.globalProperty().get();
        CompareViewModel.Side p = m.partitionedProperty().get();
        assertEquals("Global EDF (Xen RTDS), deferrable servers", g.title());
        assertEquals("EDF, deferrable servers", p.title());
        // vmsched compare scenarios/rtds-global.json: control 0/12, 0.77 and batch 0/6, 0.55 globally,
        // control 4/12, 1.47 and batch 0/6, 0.60 partitioned
        assertEquals(new CompareViewModel.Line("control", "", "✔ yes", "✔", "", "0/12", "R/D 0.77"), g.lines().get(0));
        assertEquals("R/D 0.55", line(g, "batch").worst());
        assertEquals(new CompareViewModel.Line("control", "", "✖ NO", "✖", "", "4/12", "R/D 1.47"), p.lines().get(0));
        assertEquals("0/6", line(p, "batch").missed());
        assertEquals("R/D 0.60", line(p, "batch").worst());
        // the analysis beside it: global EDF proves R(t1) ≤ 27.6 (analyze), and t2 ends at 44 > 30 partitioned
        assertEquals(new CompareViewModel.Line("  t1", "30", "✔ yes", "✔", "≤ 27.6", "0/4", "22"), line(g, "  t1"));
        assertEquals(new CompareViewModel.Line("  t2", "30", "✖ NO", "✖", "", "4/4", "44"), line(p, "  t2"));
        assertTrue(g.verdict().startsWith("analysis: schedulable;  simulation: 0 of 18 jobs missed"), g.verdict());
        assertTrue(p.verdict().endsWith("simulation: 4 of 18 jobs missed"), p.verdict());
        assertFalse(p.verdict().startsWith("analysis: schedulable"), "partitioned, t2 cannot be proved: " + p.verdict());
        // both Gantt charts over the same window: 0 to twice the longest period
        for (CompareViewModel.Side side : List.of(g, p)) {
            org.jfree.chart.plot.XYPlot plot = (org.jfree.chart.plot.XYPlot) CompareView.gantt(side).getPlot();
            assertEquals(0, plot.getDomainAxis().getLowerBound(), 1e-9);
            assertEquals(800, plot.getDomainAxis().getUpperBound(), 1e-9);
        }
        assertEquals("Simulated over 0..800; both Gantt charts show 0..800 on one time axis.", m.statusProperty().get());
    }

    private static CompareViewModel.Line line(CompareViewModel.Side side, String name) {
        return side.lines().stream().filter(l -> l.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aScenarioOfOneVcpuPerVmOnAPartitionedHostHasNothingToCompare() throws Exception {
        Scenario thesis = ScenarioJson.load(Path.of("scenarios/thesis-example.json"));
        assertNotNull(CompareViewModel.unavailable(thesis));
        assertNull(CompareViewModel.unavailable(rtds()));
        assertEquals(GlobalVsPartitioned.unavailable(thesis), CompareViewModel.unavailable(thesis));
        CompareViewModel m = computed(thesis);
        assertNull(m.globalProperty().get());
        assertTrue(m.statusProperty().get().startsWith("Nothing to compare: no VM has several vCPUs"), m.statusProperty().get());
    }

    @Test
    void aCancelledRunShowsNothingAndTheLateAnswerIsDropped() throws Exception {
        Scenario s = rtds();
        List<Runnable> queued = new ArrayList<>();
        CompareViewModel m = new CompareViewModel(() -> s, Runnable::run, (work, cancel, delay) -> queued.add(work));
        m.run();
        assertTrue(m.runningProperty().get());
        m.cancel();
        assertFalse(m.runningProperty().get());
        queued.forEach(Runnable::run); // the work sees its token cancelled and stops
        assertNull(m.globalProperty().get());
        assertEquals("Cancelled.", m.statusProperty().get());
        m.run(); // usable again at once
        queued.get(1).run();
        assertNotNull(m.globalProperty().get());
    }
}
