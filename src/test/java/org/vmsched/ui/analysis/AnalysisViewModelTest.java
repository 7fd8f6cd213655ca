package org.vmsched.ui.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.vmsched.chart.SimulatedTmaxPoint;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.Background;

/** The live analysis, run synchronously without the FX toolkit. */
class AnalysisViewModelTest {
    /**
     * The global example in the window (seen at 1024×768): its core and VM rows read "(Xen RTDS),
     * U =" (a two-line item clipped to its middle in a one-line row) and the explanation began
     * "GLOBAL_EDF: undecided." (the policy's id, not its name).
     */
    @Test
    void aGlobalScenarioSpeaksThePolicysNameAndItsRowsFitOneLine() throws Exception {
        Scenario s = org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios", "rtds-global-periodic.json"));
        org.vmsched.analysis.AnalysisResult r = org.vmsched.analysis.SystemAnalysis.analyze(s);
        List<String> items = AnalysisViewModel.rows(s, r).stream().map(ResultRow::item).toList();
        assertTrue(items.stream().anyMatch(i -> i.startsWith("core 0 (G-EDF, U = ")), items.toString());
        assertTrue(items.stream().noneMatch(i -> i.contains("(Xen RTDS)")), items.toString());
        // a VM row named the hypervisor policy ("batch (G-EDF, α = 0.3)", a user trial read it as the
        // guest's scheduler); it names the VM's vCPUs and each one's bandwidth
        assertTrue(items.contains("batch (2 vCPUs, α = 0.3 each)"), items.toString());
        assertTrue(AnalysisViewModel.chartsText(s, r).startsWith("Global EDF (Xen RTDS): "), AnalysisViewModel.chartsText(s, r));
        // a VM's text that leads with its decision is not preceded by the verdict word again ("batch: schedulable. schedulable on …")
        assertTrue(AnalysisViewModel.chartsText(s, r).contains("\nbatch: schedulable on the least supply"), AnalysisViewModel.chartsText(s, r));
        assertTrue(AnalysisViewModel.chartsText(s, r).contains("\ncontrol: undecided: no sufficient test"), AnalysisViewModel.chartsText(s, r));
        // the VM's analysis and the host's reason are two sentences (the window read "no proof of a
        // miss undecided: the host test ..."); the host's own schedule (THEORY.md §15.18) proves this
        // host, so its tests alone make the host undecided here
        org.vmsched.analysis.AnalysisResult testsOnly = org.vmsched.analysis.mpr.GlobalAnalysis.analyze(s,
                org.vmsched.analysis.mpr.HostSchedule.NONE);
        assertTrue(AnalysisViewModel.chartsText(s, testsOnly).contains("; undecided: the host test"),
                AnalysisViewModel.chartsText(s, testsOnly));
    }


    static final Scenario THESIS = Scenario.of("Thesis", List.of(VirtualMachine.of("VM1", 10, 4, 0,
            List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)))));

    /** A worker that keeps its work, with the delay asked for, until the test runs it: no clock. */
    static final class Queued implements Background {
        record Job(Runnable work, org.vmsched.progress.Cancellation cancel, long delay) {
        }

        final List<Job> jobs = new ArrayList<>();
        int ran;

        @Override
        public void schedule(Runnable work, org.vmsched.progress.Cancellation cancel, long delayMillis) {
            jobs.add(new Job(work, cancel, delayMillis));
        }

        List<Long> delays() {
            return jobs.stream().map(Job::delay).toList();
        }

        /** Runs what was given so far, in order, as a worker whose time has come would (the cancelled not). */
        void runAll() {
            List<Job> go = List.copyOf(jobs);
            jobs.clear();
            for (Job j : go) {
                if (!j.cancel().isCancelled()) {
                    ran++;
                    j.work().run();
                }
            }
        }
    }

    /**
     * The characters of "24" typed into t2's period are two revisions; each keystroke's analysis
     * waits for typing to pause and the next keystroke supersedes it, so only the last is analysed.
     * Enter ({@link AnalysisViewModel#analyseNow}) starts it without waiting; an edit that is not a
     * keystroke (a button, Undo) is analysed after the debounce alone, as before.
     */
    @Test
    void aKeystrokesAnalysisWaitsForTypingToPauseAndTheNextKeystrokeSupersedesIt() {
        Queued worker = new Queued();
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, worker, 0);
        Scenario two = Scenario.of("Thesis", List.of(VirtualMachine.of("VM1", 10, 4, 0,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 2), Task.of("t3", 4, 36)))));
        vm.request(two, 0, 2, null, 1, true);
        vm.request(THESIS, 0, 2, null, 2, true);
        long pause = AnalysisViewModel.TYPING_PAUSE_MILLIS;
        assertEquals(List.of(pause, pause), worker.delays());
        assertEquals(AnalysisViewModel.State.ANALYSING, vm.stateProperty().get());
        assertTrue(vm.explanationProperty().get().contains("once typing pauses"), vm.explanationProperty().get());
        worker.runAll();
        assertEquals(1, worker.ran, "the first keystroke's analysis never started");
        assertEquals(AnalysisViewModel.State.CURRENT, vm.stateProperty().get(), vm.messageProperty().get());
        assertEquals(2, vm.resultRevisionProperty().get());
        assertTrue(vm.explanationProperty().get().contains("R = 36"), vm.explanationProperty().get());
        vm.analyseNow();
        assertEquals(List.of(), worker.delays(), "the pause passed: nothing waits, nothing again");

        vm.request(two, 0, 2, null, 3, true);
        vm.analyseNow(); // Enter
        assertEquals(List.of(pause, 0L), worker.delays());
        worker.runAll();
        assertEquals(2, worker.ran, "started once, at Enter; the held turn dropped out");
        assertEquals(3, vm.resultRevisionProperty().get());
        vm.request(THESIS, 0, 2, null, 4);
        assertEquals(List.of(0L), worker.delays(), "not a keystroke: the debounce only");
    }

    @Test
    void thesisExampleGivesResponseTimesFourteenFifteenThirtySixAndAllCharts() {
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, Background.immediate(), 0);
        vm.request(THESIS, 0, 2, null, 1);
        assertEquals(AnalysisViewModel.State.CURRENT, vm.stateProperty().get(), vm.messageProperty().get());
        List<String> r = vm.rows().stream().filter(x -> x.level().equals("task")).map(ResultRow::responseTime).toList();
        assertEquals(List.of("14", "15", "36"), r);
        assertTrue(vm.rows().get(0).ok());
        assertNotNull(vm.tmaxChartProperty().get());
        assertNotNull(vm.mapChartProperty().get());
        assertNotNull(vm.ratioChartProperty().get());
        assertNotNull(vm.supplyChartProperty().get());
        assertTrue(vm.explanationProperty().get().contains("R = 36"), vm.explanationProperty().get());
        XYPlot tmax = (XYPlot) ChartDrawing.of(vm.tmaxChartProperty().get()).getPlot();
        assertEquals(99, tmax.getDataset().getItemCount(0), "α = 0.01 .. 0.99");
    }

    @Test
    void theTmaxChartOfAVmWithCoreMatesDrawsItAloneOnACoreTooWithALegendAndExportsIt() throws Exception {
        // issue 17: tmax --alone gives A Tmax = 10 at α = 0.6, analyze (among its core mates) 0
        Scenario s = org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios", "overhead-preemption.json"));
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, Background.immediate(), 0);
        vm.request(s, 0, 0, null, 1);
        org.jfree.chart.JFreeChart chart = ChartDrawing.of(vm.tmaxChartProperty().get());
        org.jfree.data.xy.XYDataset ds = ((XYPlot) chart.getPlot()).getDataset();
        assertEquals("Tmax(α) among its core mates", ds.getSeriesKey(0));
        assertEquals("Tmax(α) alone on a core", ds.getSeriesKey(6));
        assertEquals(10, yAt(ds, 6, 0.6), 1e-9);
        assertEquals(0, yAt(ds, 0, 0.6), 1e-9);
        List<String> legend = new ArrayList<>();
        org.jfree.chart.LegendItemCollection items = chart.getXYPlot().getLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) {
            legend.add(items.get(i).getLabel());
        }
        assertTrue(legend.containsAll(List.of("Tmax(α) among its core mates", "Tmax(α) alone on a core")), legend.toString());
        assertTrue(org.vmsched.chart.ChartCsv.toCsv(chart).contains("alone on a core"));
        assertTrue(org.vmsched.chart.ChartTikz.toTikz(chart).contains("alone on a core"));
        // a VM alone on its core: one curve, named as before
        vm.request(THESIS, 0, 0, null, 2);
        assertEquals(6, ((XYPlot) ChartDrawing.of(vm.tmaxChartProperty().get()).getPlot()).getDataset().getSeriesCount());
    }

    private static double yAt(org.jfree.data.xy.XYDataset ds, int series, double x) {
        for (int i = 0; i < ds.getItemCount(series); i++) {
            if (Math.abs(ds.getXValue(series, i) - x) < 1e-9) {
                return ds.getYValue(series, i);
            }
        }
        throw new AssertionError("no point at α = " + x + " in series " + ds.getSeriesKey(series));
    }

    @Test
    void underCbsTheVerdictTableShowsTheCbsFpResponseTimesAndTheChartsSayTheyAreThePeriodicServers() {
        Scenario cbs = new Scenario(Scenario.SCHEMA_VERSION, "seed", "",
                new org.vmsched.model.Platform(org.vmsched.model.HypervisorPolicy.CBS, 1), List.of(
                        VirtualMachine.of("VMa", 50, 27, 0, List.of(Task.of("a1", 30, 150), Task.of("a2", 50, 200))),
                        VirtualMachine.of("VMb", 120, 52, 0, List.of(Task.of("b1", 30, 120), Task.of("b2", 40, 240)))),
                org.vmsched.model.SimulationSettings.DEFAULT);
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, Background.immediate(), 0);
        vm.request(cbs, 0, 0, null, 1);
        assertEquals(AnalysisViewModel.State.CURRENT, vm.stateProperty().get(), vm.messageProperty().get());
        List<String> r = vm.rows().stream().filter(x -> x.level().equals("task")).map(ResultRow::responseTime).toList();
        assertEquals(List.of("76", "149", "98", "236"), r);
        assertTrue(vm.rows().get(0).ok());
        assertTrue(vm.explanationProperty().get().contains("CBS/FP"), vm.explanationProperty().get());
        assertNotNull(vm.tmaxChartProperty().get());
    }

    @Test
    void aLargerWcetMakesTheThirdTaskMissAndChangesTheTmaxCurve() {
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, Background.immediate(), 0);
        vm.request(THESIS, 0, 0, null, 1);
        double before = ((XYPlot) ChartDrawing.of(vm.tmaxChartProperty().get()).getPlot()).getDataset().getYValue(0, 39);
        VirtualMachine m = THESIS.vms().get(0);
        Scenario heavier = THESIS.withVms(List.of(m.withTasks(List.of(m.tasks().get(0), m.tasks().get(1),
                m.tasks().get(2).withWcet(5)))));
        vm.request(heavier, 0, 0, null, 2);
        ResultRow t3 = vm.rows().get(vm.rows().size() - 1);
        assertEquals("VM1/t3", t3.item());
        assertTrue(!t3.ok());
        double after = ((XYPlot) ChartDrawing.of(vm.tmaxChartProperty().get()).getPlot()).getDataset().getYValue(0, 39);
        assertTrue(after < before, before + " -> " + after);
    }

    @Test
    void anInvalidScenarioShowsTheReasonAndNoVerdict() {
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, Background.immediate(), 0);
        vm.request(THESIS, 0, 0, null, 1);
        assertTrue(vm.explanationProperty().get().contains("Verdict"));
        vm.request(THESIS, 0, 0, "vms[0].budget must be positive", 2);
        assertEquals(AnalysisViewModel.State.INVALID, vm.stateProperty().get());
        assertTrue(vm.rows().isEmpty());
        assertNull(vm.resultProperty().get());
        assertTrue(vm.messageProperty().get().contains("budget"));
        assertEquals("Not analysed: vms[0].budget must be positive", vm.explanationProperty().get(),
                "Explain does not keep the old verdict");
    }

    @Test
    void aSupersededRequestIsNeverPublished() {
        List<Runnable> queued = new ArrayList<>();
        Background manual = (work, cancel, delay) -> queued.add(work);
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, manual, 0);
        vm.request(THESIS, 0, 0, null, 1);
        VirtualMachine m = THESIS.vms().get(0);
        Scenario other = THESIS.withVms(List.of(m.withServer(10, 5, 0)));
        vm.request(other, 0, 0, null, 2);
        queued.get(0).run();
        assertTrue(vm.rows().isEmpty(), "the first, superseded run must not show its verdicts");
        assertEquals(AnalysisViewModel.State.ANALYSING, vm.stateProperty().get());
        queued.get(1).run();
        assertEquals(AnalysisViewModel.State.CURRENT, vm.stateProperty().get());
        assertTrue(vm.rows().get(2).item().contains("α = 0.5"), vm.rows().get(2).item());
        assertEquals(2, vm.resultRevisionProperty().get(), "what is shown carries the revision it was computed for");
    }

    @Test
    void simulatedTmaxPointsAppearOnTheTmaxChart() {
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, Background.immediate(), 0);
        vm.request(THESIS, 0, 0, null, 1);
        vm.setSimulatedTmax("VM1", List.of(new SimulatedTmaxPoint(0.4, 10), new SimulatedTmaxPoint(0.5, 14)));
        XYPlot p = (XYPlot) ChartDrawing.of(vm.tmaxChartProperty().get()).getPlot();
        assertEquals(2, p.getDataset().getItemCount(2));
        vm.clearSimulatedTmax();
        p = (XYPlot) ChartDrawing.of(vm.tmaxChartProperty().get()).getPlot();
        assertEquals(0, p.getDataset().getItemCount(2), "cleared points leave the chart at once");
    }

    /**
     * U = 1/2 + 1/3 + 1/6 on a whole core with coprime periods near 10^6: the EDF test cannot
     * decide (one period of dbf − sbf is beyond 64-bit ticks). The table says "undecided" with
     * the reason on the VM's row — never "NOT schedulable" — and so do the system row and status.
     */
    @Test
    void anEdfVmBeyondTheTestsLimitsIsShownUndecidedWithTheReason() {
        Scenario s = Scenario.of("Edge", List.of(VirtualMachine.of("V", 1, 1, 0, List.of(
                Task.of("a", 999983, 2 * 999983), Task.of("b", 999979, 3 * 999979), Task.of("c", 999961, 6 * 999961)))
                .withScheduler(org.vmsched.model.GuestScheduler.EDF)));
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, Background.immediate(), 0);
        vm.request(s, 0, 0, null, 1);
        assertEquals(AnalysisViewModel.State.CURRENT, vm.stateProperty().get(), vm.messageProperty().get());
        ResultRow system = vm.rows().get(0);
        assertTrue(system.undecided() && !system.ok(), system.toString());
        assertEquals("undecided", system.verdict());
        ResultRow v = vm.rows().stream().filter(r -> r.level().equals("VM")).findFirst().orElseThrow();
        assertTrue(v.undecided(), v.toString());
        assertTrue(v.verdict().startsWith("undecided: ") && v.verdict().contains("beyond 64-bit"), v.verdict());
        ResultRow a = vm.rows().stream().filter(r -> r.item().equals("V/a")).findFirst().orElseThrow();
        assertTrue(a.undecided(), a.toString());
        assertEquals("(EDF)", a.responseTime());
        assertTrue(vm.messageProperty().get().contains("undecided"), vm.messageProperty().get());
        assertTrue(vm.explanationProperty().get().contains("undecided"), vm.explanationProperty().get());
    }

    @Test
    void aTaskInAVmWhoseCoreFailsReadsNotGuaranteedWithItsResponseTimeConditional() {
        Scenario coreFails = Scenario.of("core-fails", List.of(
                VirtualMachine.of("A", 4, 3, 0, List.of(Task.of("a", 1, 40))),
                VirtualMachine.of("B", 4, 2, 0, List.of(Task.of("b", 4, 40)))));
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, Background.immediate(), 0);
        vm.request(coreFails, 1, 0, null, 1);
        ResultRow b = vm.rows().get(vm.rows().size() - 1);
        assertEquals("B/b", b.item());
        assertEquals("not guaranteed (VM not schedulable)", b.verdict());
        assertEquals("10 (conditional)", b.responseTime());
        assertTrue(!b.ok());
        // the mark reads the row's data, not its words
        assertTrue(b.notGuaranteed(), b.toString());
        assertEquals("✖ not guaranteed", org.vmsched.analysis.Verdicts.mark(b.ok(), b.undecided(), b.notGuaranteed()));
        ResultRow a = vm.rows().get(vm.rows().size() - 3);
        assertEquals("A/a", a.item());
        assertTrue(a.notGuaranteed(), a.toString());
        assertTrue(vm.rows().stream().filter(r -> !r.level().equals("task")).noneMatch(ResultRow::notGuaranteed));
    }

    @Test
    void underCreditASimulatedTmaxDoesNotBringBackThePeriodicServersCurve() {
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, Background.immediate(), 0);
        vm.request(THESIS, 0, 0, null, 1);
        assertNotNull(vm.tmaxDataProperty().get());
        Scenario credit = new Scenario(Scenario.SCHEMA_VERSION, "credit", "",
                new org.vmsched.model.Platform(org.vmsched.model.HypervisorPolicy.CREDIT, 1), THESIS.vms(),
                org.vmsched.model.SimulationSettings.DEFAULT);
        vm.request(credit, 0, 0, null, 2);
        AnalysisChart message = vm.tmaxChartProperty().get();
        assertNull(vm.tmaxDataProperty().get(), "no periodic-server curve under Credit");
        vm.setSimulatedTmax("VM1", List.of(new SimulatedTmaxPoint(0.4, 10, false, true, 100)), "synchronous");
        vm.normalizedProperty().set(true);
        vm.clearSimulatedTmax();
        assertNull(vm.tmaxDataProperty().get(), "no periodic-server curve under Credit");
        org.junit.jupiter.api.Assertions.assertSame(message, vm.tmaxChartProperty().get());
    }

    @Test
    void oneRevisionIsAnalysedOnceHoweverOftenItIsAskedForAndWhateverIsSelected() {
        int[] runs = {0};
        Background counting = (task, cancel, delayMillis) -> {
            runs[0]++;
            task.run();
        };
        AnalysisViewModel vm = new AnalysisViewModel(Runnable::run, counting, 0);
        Scenario two = THESIS.withVms(List.of(THESIS.vms().get(0), THESIS.vms().get(0).withName("VM2")));
        vm.request(two, 0, 0, null, 1);
        org.vmsched.analysis.AnalysisResult first = vm.resultProperty().get();
        vm.request(two, 0, 0, null, 1);
        vm.request(two, 0, 0, null, 1);
        assertEquals(1, runs[0], "the same request again is not computed again");
        vm.request(two, 1, 0, null, 1);
        assertEquals(2, runs[0], "another VM's charts are computed");
        org.junit.jupiter.api.Assertions.assertSame(first, vm.resultProperty().get(), "with the same verdicts");
        vm.request(two, 1, 0, null, 2);
        org.junit.jupiter.api.Assertions.assertNotSame(first, vm.resultProperty().get(), "a new revision is analysed");
    }
}
