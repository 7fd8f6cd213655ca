package org.vmsched.ui.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.design.DesignConstraints;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.ui.Background;
import org.vmsched.ui.main.MainViewModel;

class DesignViewModelTest {

    /** The dialog's state with the work and the ui on the test's thread. */
    private static DesignViewModel model(Scenario s) {
        return new DesignViewModel(s, DesignConstraints.DEFAULT, Runnable::run, Background.immediate());
    }

    @Test
    void proposesTheCornerAndAppliesItAsOneUndoableEdit() throws Exception {
        MainViewModel main = org.vmsched.ui.main.MainViewModelTestAccess.open("overhead.json");
        Scenario before = main.scenario();
        DesignViewModel m = model(before);
        m.propose();
        assertFalse(m.runningProperty().get());
        assertEquals(1, m.progressProperty().get(), 0);
        DesignOutcome o = m.outcomeProperty().get();
        DesignOutcome.Row row = o.rows().get(0);
        assertEquals(8, row.period());
        assertEquals(3.83334, row.newBudget(), 0.0); // 23/6 rounded up to six digits (issue 18)
        assertTrue(m.canApplyProperty().get());
        assertFalse(o.designs().get(0).curve().isEmpty());
        m.apply(main::edit);
        assertFalse(m.canApplyProperty().get(), "applied once");
        assertTrue(m.summaryProperty().get().endsWith("Applied (Edit > Undo takes it back)."), m.summaryProperty().get());
        assertEquals(3.83334, main.scenario().vms().get(0).budget(), 0.0);
        assertTrue(SystemAnalysis.analyze(main.scenario()).schedulable());
        // issue 30, item 7: the table's "Now" column kept the values from before Apply
        assertEquals(3.83334, m.outcomeProperty().get().rows().get(0).budget(), 0.0, "Now is the scenario as applied");
        assertEquals(main.scenario().vms().get(0).period(), m.outcomeProperty().get().rows().get(0).period());
        main.undo();
        assertEquals(before, main.scenario(), "one undo takes the whole proposal back");
    }

    @Test
    void eachProposalSaysWhyItsPeriodIsTheOptimum() throws Exception {
        // issue 30 item 7: "Design Interfaces never says why the optimum is at the period it is"
        DesignViewModel m = model(ScenarioJson.load(Path.of("scenarios", "thesis-example.json")));
        m.propose();
        String why = m.outcomeProperty().get().why(0);
        assertTrue(why.startsWith("Why T = 1.01008: A shorter period would need less bandwidth"), why);
        assertTrue(why.contains("start at 1 (1 ms") && why.contains("t3 sets the budget"), why);
        DesignViewModel two = model(ScenarioJson.load(Path.of("scenarios", "two-vms.json")));
        two.propose();
        assertTrue(two.outcomeProperty().get().why(0).contains("actuator sets the budget"), two.outcomeProperty().get().why(0));
        assertTrue(two.outcomeProperty().get().why(1).contains("the deadline of collect at t = 100"),
                two.outcomeProperty().get().why(1));
        DesignViewModel corner = model(ScenarioJson.load(Path.of("scenarios", "overhead.json")));
        corner.propose();
        String c = corner.outcomeProperty().get().why(0);
        assertTrue(c.contains("t3 sets the budget") && c.contains("overhead X = 0.5 more often"), c);
    }

    @Test
    void aDesignOfAnotherScenarioGoesWhenTheMainWindowsScenarioChangesButNotByApply() throws Exception {
        MainViewModel main = org.vmsched.ui.main.MainViewModelTestAccess.open("overhead.json");
        DesignViewModel m = new DesignViewModel(main::scenario, DesignConstraints.DEFAULT, Runnable::run, Background.immediate());
        m.propose();
        // Apply's own change, heard as the dialog hears the main window's (a listener): the design stays, as applied
        m.apply(change -> {
            main.edit(change);
            m.scenarioChanged();
        });
        m.scenarioChanged();
        assertEquals(main.scenario(), m.outcomeProperty().get().scenario(), "shown against the scenario as applied");
        // an edit in the main window: the proposal was of another scenario, and nothing is left to apply
        main.setVmField(0, org.vmsched.ui.main.MainViewModel.VmField.OVERHEAD, "0.2");
        m.scenarioChanged();
        assertNull(m.outcomeProperty().get());
        assertFalse(m.canApplyProperty().get());
        assertTrue(m.summaryProperty().get().startsWith("The scenario changed"), m.summaryProperty().get());
        // Propose designs the scenario as it is now
        m.propose();
        assertEquals(main.scenario(), m.outcomeProperty().get().scenario());
    }

    @Test
    void placementThatDoesNotFitCannotBeApplied() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-example.json"));
        DesignViewModel one = model(s);
        one.placeProperty().set(true);
        one.coresProperty().set(1);
        one.propose();
        assertFalse(one.canApplyProperty().get());
        assertTrue(one.summaryProperty().get().startsWith("Does not fit on 1 core"), one.summaryProperty().get());
        DesignViewModel two = model(s);
        two.placeProperty().set(true);
        two.coresProperty().set(2);
        two.propose();
        assertTrue(two.canApplyProperty().get());
        Scenario placed = two.outcomeProperty().get().proposal().apply(s);
        assertEquals(1, placed.vm("VMb").core());
        assertTrue(SystemAnalysis.analyze(placed).schedulable());
    }

    @Test
    void designReportsEachVmAndThePlacementAndStopsWhenCancelled() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-example.json"));
        List<String> phrases = new ArrayList<>();
        List<Double> fractions = new ArrayList<>();
        DesignOutcome.compute(s, true, 2, DesignConstraints.DEFAULT, (done, total, what) -> {
            phrases.add(what);
            fractions.add(Progress.ratio(done, total));
        }, new Cancellation());
        assertEquals("designing " + s.vms().get(0).name(), phrases.get(0));
        int firstPlacing = phrases.indexOf("placing: designing " + s.vms().get(0).name() + " alone");
        assertTrue(firstPlacing > phrases.lastIndexOf("designing " + s.vms().get(s.vms().size() - 1).name()),
                "each VM designed, then placed: " + phrases);
        for (int i = 1; i < fractions.size(); i++) {
            assertTrue(fractions.get(i) >= fractions.get(i - 1), "the bar never goes back: " + fractions);
        }
        assertEquals(1, fractions.get(fractions.size() - 1), 0);
        Cancellation cancel = new Cancellation();
        cancel.cancel();
        assertThrows(CancelledException.class,
                () -> DesignOutcome.compute(s, true, 2, DesignConstraints.DEFAULT, Progress.NONE, cancel));
    }

    /**
     * Issue 18: Cancel stopped the design only between VMs. Here Cancel is pressed while the one VM
     * is a third through its search (the work and the ui on this thread, so the moment is exact):
     * the design stops at its next check (the bar does not move again), the dialog is usable at
     * once, nothing is shown or applied, and the next Propose runs to its end.
     */
    @Test
    void cancelDuringOneBigVmsSearchLeavesTheDialogUsableAndTheScenarioUnchanged() throws Exception {
        MainViewModel main = org.vmsched.ui.main.MainViewModelTestAccess.open("overhead.json");
        assertTrue(main.edit(s -> org.vmsched.design.DesignCancellationTest.bigVm()));
        Scenario before = main.scenario();
        DesignViewModel m = model(before);
        List<Double> moves = new ArrayList<>();
        boolean[] cancelled = {false};
        int[] movesAfterCancel = {0};
        m.progressProperty().addListener((o, a, b) -> {
            if (cancelled[0] && m.runningProperty().get()) {
                movesAfterCancel[0]++;
            }
            moves.add(b.doubleValue());
            if (!cancelled[0] && b.doubleValue() > 0.3) {
                cancelled[0] = true;
                assertTrue(m.runningProperty().get());
                m.cancel();
            }
        });
        m.propose();
        assertTrue(cancelled[0], "the bar passed 0.3 within the one VM: " + moves);
        assertEquals(0, movesAfterCancel[0], "the design stopped at its next check");
        assertFalse(m.runningProperty().get(), "Propose is usable again");
        assertEquals("Cancelled.", m.summaryProperty().get());
        assertNull(m.outcomeProperty().get(), "the cancelled design is not shown");
        assertFalse(m.canApplyProperty().get());
        m.apply(main::edit);
        assertEquals(before, main.scenario(), "nothing applied");
        m.propose();
        assertEquals(1, m.progressProperty().get(), 0);
        assertTrue(m.outcomeProperty().get().designs().get(0).found());
        assertTrue(m.canApplyProperty().get());
        assertEquals(before, main.scenario(), "a proposal changes nothing until applied");
    }

    /**
     * Issue 18: under a global host the dialog designed single-vCPU interfaces, and the MPR design
     * the design command gives could not be cancelled. The dialog now proposes each VM's MPR
     * interface (vCPUs, period, budget per vCPU), applies it as one edit, and Cancel pressed a
     * third into the search stops it at its next check.
     */
    @Test
    void underAGlobalHostTheDialogProposesMprInterfacesAndCancelStopsTheSearch() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json"));
        DesignViewModel m = model(s);
        m.propose();
        DesignOutcome o = m.outcomeProperty().get();
        assertTrue(o.designs().isEmpty(), "no single-vCPU design under a global host");
        assertEquals(s.vms().size(), o.globalDesigns().size());
        for (int i = 0; i < s.vms().size(); i++) {
            VirtualMachine vm = s.vms().get(i);
            org.vmsched.design.MprDesign d = org.vmsched.design.MprDesigner.design(s, vm,
                    org.vmsched.design.MprDesigner.Policy.of(vm.scheduler()), -1, s.hypervisor().cores(), DesignConstraints.DEFAULT);
            DesignOutcome.Row row = o.rows().get(i);
            assertEquals(d.proposal().vcpus(), row.newVcpus());
            assertEquals(d.proposal().budget(), row.newBudget(), 0.0);
            assertEquals(d.proposal().period(), row.newPeriod(), 0.0);
        }
        assertTrue(m.canApplyProperty().get());
        Scenario applied = o.proposal().apply(s);
        assertEquals(o.rows().get(0).newVcpus(), applied.vms().get(0).vcpus());
        assertEquals(o.rows().get(0).newBudget(), applied.vms().get(0).budget(), 0.0);

        DesignViewModel c = model(s);
        boolean[] cancelled = {false};
        int[] movesAfterCancel = {0};
        c.progressProperty().addListener((x, a, b) -> {
            if (cancelled[0] && c.runningProperty().get()) {
                movesAfterCancel[0]++;
            }
            if (!cancelled[0] && b.doubleValue() > 0.3) {
                cancelled[0] = true;
                c.cancel();
            }
        });
        c.propose();
        assertTrue(cancelled[0]);
        assertEquals(0, movesAfterCancel[0], "the MPR search stopped at its next check");
        assertEquals("Cancelled.", c.summaryProperty().get());
        assertNull(c.outcomeProperty().get());
        assertFalse(c.canApplyProperty().get());
    }

    /**
     * User trial on rtds-global: the proposal gives batch one vCPU, and Apply left its scheduler
     * GLOBAL_RM, which the model refuses on one vCPU (the scenario became invalid and could not be
     * saved). Apply turns the scheduler to its twin in the same edit, as typing 1 in vCPUs does.
     */
    @Test
    void applyingAOneVcpuProposalTurnsAGlobalSchedulerToItsTwin() throws Exception {
        MainViewModel main = org.vmsched.ui.main.MainViewModelTestAccess.open("rtds-global-periodic.json");
        Scenario before = main.scenario();
        assertEquals(org.vmsched.model.GuestScheduler.GLOBAL_RM, before.vm("batch").scheduler());
        DesignViewModel m = model(before);
        m.propose();
        DesignOutcome.Row batch = m.outcomeProperty().get().rows().get(1);
        assertEquals("batch", batch.vm());
        assertEquals(1, batch.newVcpus(), "the trial's proposal: one vCPU for batch");
        m.apply(main::edit);
        Scenario after = main.scenario();
        assertEquals(1, after.vm("batch").vcpus());
        assertEquals(org.vmsched.model.GuestScheduler.RM, after.vm("batch").scheduler());
        assertEquals(org.vmsched.model.GuestScheduler.GLOBAL_EDF, after.vm("control").scheduler(), "two vCPUs stay global");
        assertEquals(List.of(), org.vmsched.model.ScenarioValidator.validate(after));
        main.undo();
        assertEquals(before, main.scenario(), "one undo takes the scheduler back too");
    }

    /** The reverse: a proposal of two vCPUs for a VM of one turns RM and EDF into their global twins. */
    @ParameterizedTest
    @CsvSource({"RM, GLOBAL_RM", "EDF, GLOBAL_EDF"})
    void applyingATwoVcpuProposalTurnsASingleVcpuSchedulerGlobal(org.vmsched.model.GuestScheduler one,
                                                                 org.vmsched.model.GuestScheduler twin) {
        // two tasks of utilisation 0.6: no one vCPU holds them
        VirtualMachine wide = new VirtualMachine("wide", 10, 10, 0, 0, 0, one, null,
                List.of(org.vmsched.model.Task.of("a", 6, 10), org.vmsched.model.Task.of("b", 6, 10)));
        Scenario s = Scenario.of("wide", List.of(wide))
                .withHypervisor(new org.vmsched.model.Platform(org.vmsched.model.HypervisorPolicy.GLOBAL_EDF, 2));
        assertEquals(List.of(), org.vmsched.model.ScenarioValidator.validate(s));
        DesignOutcome o = DesignOutcome.compute(s, false, 2, DesignConstraints.DEFAULT);
        assertEquals(2, o.rows().get(0).newVcpus());
        Scenario applied = o.proposal().apply(s);
        assertEquals(2, applied.vm("wide").vcpus());
        assertEquals(twin, applied.vm("wide").scheduler());
        assertEquals(List.of(), org.vmsched.model.ScenarioValidator.validate(applied));
    }

    /**
     * User trial: "Now" said "core 0, T 10, C 6.5 (0.65)" for a VM of two vCPUs with no core of
     * its own. Under a global host it says the vCPUs and the VM's total bandwidth, as the proposal
     * column does; under a partitioned host the core as before.
     */
    @Test
    void nowStatesTheVcpusAndTotalBandwidthUnderAGlobalHost() throws Exception {
        DesignViewModel m = model(ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json")));
        m.propose();
        List<DesignOutcome.Row> rows = m.outcomeProperty().get().rows();
        assertEquals("2 vCPUs, T 10, C 6.5 (1.3)", new DesignView.Cell(rows.get(0)).getNow());
        assertEquals("2 vCPUs, T 10, C 3 (0.6)", new DesignView.Cell(rows.get(1)).getNow());
        assertTrue(new DesignView.Cell(rows.get(1)).getProposed().startsWith("1 vCPU, T "),
                new DesignView.Cell(rows.get(1)).getProposed());
        DesignViewModel p = model(ScenarioJson.load(Path.of("scenarios", "rtds-example.json")));
        p.propose();
        assertTrue(new DesignView.Cell(p.outcomeProperty().get().rows().get(1)).getNow().startsWith("core "),
                "a partitioned VM keeps its core");
    }

    /**
     * User trial: the dialog never said what the CLI's design says, that the global proposals
     * together take more than the host's cores. The summary says it in the CLI's words.
     */
    @Test
    void theSummarySetsTheGlobalProposalsTogetherAgainstTheHostsCores() throws Exception {
        DesignViewModel m = model(ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json")));
        m.propose();
        String summary = m.summaryProperty().get();
        assertTrue(summary.contains("Together the global proposals take 2.1455 of the 2 cores: more than the host has,"
                + " so not all of them can be set at once"), summary);
    }

    /**
     * User trial: the chart of least bandwidth against the period stayed empty for a global VM. The
     * MPR search keeps only the best interface (no curve), so the chart says why it has none.
     */

    /**
     * User trial: the chart of least bandwidth against the period stayed empty for a global VM. The
     * MPR search keeps only the best interface (no curve), so the chart says why it has none.
     */
    @Test
    void underAGlobalHostTheChartSaysWhyItHasNoCurve() throws Exception {
        DesignViewModel m = model(ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json")));
        assertEquals("", m.curveNoteProperty().get(), "nothing to explain before Propose");
        m.propose();
        assertTrue(m.curveNoteProperty().get().startsWith("No curve under Global EDF"), m.curveNoteProperty().get());
        DesignViewModel p = model(ScenarioJson.load(Path.of("scenarios", "rtds-example.json")));
        p.propose();
        assertEquals("", p.curveNoteProperty().get(), "a partitioned design has its curves");
    }

    /**
     * Issue 30 item 2: the dialog runs the same bounded search as the design command, and its
     * summary never said when the bound stopped a VM's design. It now says so, with what was found
     * so far and that the command line's --max-tests raises the bound.
     */
    @Test
    void aGlobalDesignStoppedByTheBoundSaysSoInTheSummaryWithWhatWasFoundAndHowToRaiseIt() throws Exception {
        java.util.List<org.vmsched.model.Task> ts = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ts.add(org.vmsched.model.Task.of("t" + i, 1, 20 + 5 * i));
        }
        VirtualMachine vm = VirtualMachine.of("vm0", 10, 8, 0, ts).withVcpus(2)
                .withScheduler(org.vmsched.model.GuestScheduler.GLOBAL_EDF);
        Scenario s = Scenario.of("bound", java.util.List.of(vm)).withHypervisor(
                new org.vmsched.model.Platform(org.vmsched.model.HypervisorPolicy.GLOBAL_EDF, 2));
        org.vmsched.design.MprDesign whole = org.vmsched.design.MprDesigner.design(s, vm,
                org.vmsched.design.MprDesigner.Policy.GLOBAL_EDF, -1, 2, DesignConstraints.DEFAULT,
                org.vmsched.design.MprDesigner.DEFAULT_MAX_TESTS, null, null);
        String complete = DesignOutcome.globalSummary(s, java.util.List.of(whole), 2, false);
        assertFalse(complete.contains("stopped"), complete);
        long bound = whole.testsRun() - 1;
        org.vmsched.design.MprDesign cut = org.vmsched.design.MprDesigner.design(s, vm,
                org.vmsched.design.MprDesigner.Policy.GLOBAL_EDF, -1, 2, DesignConstraints.DEFAULT, bound, null, null);
        String summary = DesignOutcome.globalSummary(s, java.util.List.of(cut), 2, false);
        assertTrue(summary.contains("vm0: stopped after " + bound + " tests"), summary);
        assertTrue(summary.contains("the global proposal is the best found so far"), summary);
        assertTrue(summary.contains("the partitioned alternative was not completed"), summary);
        assertTrue(summary.contains("--max-tests N (more than " + bound + ")"), summary);
    }
}
