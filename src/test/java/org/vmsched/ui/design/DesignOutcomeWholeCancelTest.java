package org.vmsched.ui.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.design.DesignConstraints;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * Cancel during the Design dialog's search of the budgets the whole analysis proves (the progress bar's last fifth,
 * THEORY.md §15.9, "Budgets the whole analysis proves") stops it before another analysis of the whole host: the search
 * tells its progress just before each analysis, and checks the cancellation first thing in each.
 */
class DesignOutcomeWholeCancelTest {

    @Test
    void cancelInTheLastFifthStopsTheSearchBeforeAnotherAnalysis() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global.json"));
        Cancellation cancel = new Cancellation();
        List<String> afterCancel = new ArrayList<>();
        int[] searching = {0};
        Progress progress = (done, total, what) -> {
            if (cancel.isCancelled()) {
                afterCancel.add(what);
            } else if (what != null && what.startsWith("lowering the budgets the whole analysis proves")) {
                // the third analysis of the search is about to run: Cancel, as the dialog's button does
                if (++searching[0] == 3) {
                    cancel.cancel();
                }
            }
        };
        assertThrows(CancelledException.class,
                () -> DesignOutcome.compute(s, false, s.hypervisor().cores(), DesignConstraints.DEFAULT, progress, cancel));
        assertEquals(3, searching[0], "the search had begun");
        assertEquals(List.of(), afterCancel, "no analysis told after Cancel");
    }

    @Test
    void theSearchTakesTheProgressBarsLastFifth() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global.json"));
        double[] first = {Double.NaN};
        double[] last = {0};
        Progress progress = (done, total, what) -> {
            double f = (double) done / total;
            if (what != null && what.startsWith("lowering the budgets the whole analysis proves") && Double.isNaN(first[0])) {
                first[0] = f;
            }
            last[0] = Math.max(last[0], f);
        };
        Cancellation.uncancelled(never -> DesignOutcome.compute(s, false, s.hypervisor().cores(), DesignConstraints.DEFAULT,
                progress, never));
        assertTrue(first[0] >= 0.8 - 1e-9 && first[0] < 1, "the search begins in the last fifth: " + first[0]);
        assertTrue(last[0] <= 1 + 1e-9, "the bar never passes its end: " + last[0]);
    }
}
