package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.vmsched.chart.ChartKind;
import org.vmsched.ui.analysis.ChartsView;
import org.vmsched.ui.main.MainViewModel.TaskField;

/** A click on the good-period map or the Tmax curve proposes; only a confirmation sets (issue 30, item 11). */
class ServerClicksTest {

    MainViewModel vm;
    ChartsView.ChartClicks clicks;

    @BeforeEach
    void thesisExampleAtPeriodFourteen() throws Exception {
        vm = MainViewModelTest.thesisExample();
        vm.setServer(0, 0.4, 14);
        clicks = ChartActions.serverClicks(vm);
    }

    /** A hand's click a little beside the map's isolated good point (α 0.4, T 10): 2 pixels right, 4 up. */
    void clickBesideTheIsolatedPoint() {
        clicks.clicked(ChartKind.MAP, 0.4 + 2 * 0.002, 10 + 4 * 0.05, 0.002, 0.05);
    }

    @Test
    void aClickOnlyProposesTheSnappedServerAndChangesNothing() {
        long revision = vm.revision();
        clickBesideTheIsolatedPoint();
        assertEquals(revision, vm.revision(), "nothing set by the click");
        assertEquals(14, vm.scenario().vms().get(0).period());
        ChartsView.Proposal p = clicks.proposalProperty().get();
        assertNotNull(p);
        assertEquals("Set VM1: T = 10, C = 4", p.label());
        assertEquals(ChartKind.MAP, p.kind());
        assertEquals(10, p.y(), 0.0, "the marker sits on the point it would set");
    }

    @Test
    void confirmingSetsExactlyTheProposedServerAsOneUndoableStep() {
        clickBesideTheIsolatedPoint();
        clicks.confirm();
        assertEquals(10.0, vm.scenario().vms().get(0).period(), 0.0);
        assertEquals(4.0, vm.scenario().vms().get(0).budget(), 0.0);
        assertNull(clicks.proposalProperty().get());
        vm.undo();
        assertEquals(14, vm.scenario().vms().get(0).period());
    }

    @Test
    void aSecondClickOnTheSamePointConfirmsAndAClickElsewhereProposesAnew() {
        clicks.clicked(ChartKind.MAP, 0.5, 12.3, 0.002, 0.05);
        assertEquals(14, vm.scenario().vms().get(0).period());
        clickBesideTheIsolatedPoint();
        assertEquals(14, vm.scenario().vms().get(0).period(), "another point: a new proposal, nothing set");
        clickBesideTheIsolatedPoint();
        assertEquals(10.0, vm.scenario().vms().get(0).period(), 0.0);
        assertEquals(4.0, vm.scenario().vms().get(0).budget(), 0.0);
    }

    @Test
    void cancelAndAnyEditDropTheProposal() {
        clickBesideTheIsolatedPoint();
        clicks.cancel();
        assertNull(clicks.proposalProperty().get());
        clicks.confirm();
        assertEquals(14, vm.scenario().vms().get(0).period(), "nothing left to confirm");
        clickBesideTheIsolatedPoint();
        vm.setTaskField(0, 0, TaskField.WCET, "1");
        assertNull(clicks.proposalProperty().get(), "the values it was proposed for are gone");
    }
}
