package org.vmsched.ui.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.design.DesignConstraints;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.ui.main.MainViewModel;

class DesignViewModelTest {

    @Test
    void proposesTheCornerAndAppliesItAsOneUndoableEdit() throws Exception {
        MainViewModel main = org.vmsched.ui.main.MainViewModelTestAccess.open("overhead.json");
        Scenario before = main.scenario();
        DesignViewModel m = new DesignViewModel(before, false, 1, DesignConstraints.DEFAULT);
        m.compute();
        DesignViewModel.Row row = m.rows().get(0);
        assertEquals(8, row.period());
        assertEquals(3.83334, row.newBudget(), 0.0); // 23/6 rounded up to six digits (issue 18)
        assertTrue(m.canApply());
        assertFalse(m.designs().get(0).curve().isEmpty());
        assertTrue(main.edit(m.proposal()));
        assertEquals(3.83334, main.scenario().vms().get(0).budget(), 0.0);
        assertTrue(SystemAnalysis.analyze(main.scenario()).schedulable());
        main.undo();
        assertEquals(before, main.scenario(), "one undo takes the whole proposal back");
    }

    @Test
    void placementThatDoesNotFitCannotBeApplied() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-example.json"));
        DesignViewModel one = new DesignViewModel(s, true, 1, DesignConstraints.DEFAULT);
        one.compute();
        assertFalse(one.canApply());
        assertTrue(one.summary().startsWith("Does not fit on 1 core"), one.summary());
        DesignViewModel two = new DesignViewModel(s, true, 2, DesignConstraints.DEFAULT);
        two.compute();
        assertTrue(two.canApply());
        Scenario placed = two.proposal().apply(s);
        assertEquals(1, placed.vm("VMb").core());
        assertTrue(SystemAnalysis.analyze(placed).schedulable());
    }

    @Test
    void designReportsEachVmAndTheStepOfPlacingAndStopsWhenCancelled() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-example.json"));
        java.util.List<String> seen = new java.util.ArrayList<>();
        DesignViewModel m = new DesignViewModel(s, true, 2, DesignConstraints.DEFAULT);
        m.compute((done, total, what) -> seen.add(done + "/" + total + " " + what), new org.vmsched.progress.Cancellation());
        int vms = s.vms().size();
        assertEquals(vms + 1, seen.size(), seen.toString());
        assertEquals("0/" + (vms + 1) + " designing " + s.vms().get(0).name(), seen.get(0));
        assertEquals(vms + "/" + (vms + 1) + " placing", seen.get(vms));
        org.vmsched.progress.Cancellation cancel = new org.vmsched.progress.Cancellation();
        cancel.cancel();
        DesignViewModel stopped = new DesignViewModel(s, true, 2, DesignConstraints.DEFAULT);
        org.junit.jupiter.api.Assertions.assertThrows(org.vmsched.progress.CancelledException.class,
                () -> stopped.compute(org.vmsched.progress.Progress.NONE, cancel));
        assertTrue(stopped.designs().isEmpty(), "a cancelled design leaves nothing half done");
    }
}
