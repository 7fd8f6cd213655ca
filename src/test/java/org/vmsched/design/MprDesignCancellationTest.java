package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;

/**
 * Issue 18: the MPR design (global hosts) took no progress and no cancel, so the window's Design
 * dialog could not stop it. Like {@link DesignCancellationTest}, the checks are counted through the
 * progress they report (no clock): a cancel at the N-th check ends the design with
 * {@link CancelledException} and no further check, so at most one test runs after it.
 */
class MprDesignCancellationTest {

    private static Scenario global() throws Exception {
        return ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json"));
    }

    private static MprDesign design(Scenario s, VirtualMachine vm, DesignCancellationTest.Tripwire t)
            throws CancelledException {
        return MprDesigner.design(s, vm, MprDesigner.Policy.of(vm.scheduler()), -1, s.hypervisor().cores(),
                DesignConstraints.DEFAULT, t, t.cancel);
    }

    @Test
    void theMprSearchReportsItsProgressAndGivesTheSameDesign() throws Exception {
        Scenario s = global();
        for (VirtualMachine vm : s.vms()) {
            DesignCancellationTest.Tripwire all = new DesignCancellationTest.Tripwire(Long.MAX_VALUE);
            MprDesign d = design(s, vm, all);
            assertEquals(MprDesigner.design(s, vm, MprDesigner.Policy.of(vm.scheduler()), -1, s.hypervisor().cores(),
                    DesignConstraints.DEFAULT), d, "progress and a token change nothing of the answer");
            assertTrue(d.found() && d.partitioned() != null, vm.name());
            assertTrue(all.seen.size() > 50, "checks within the one VM's search: " + all.seen.size());
            for (int i = 1; i < all.seen.size(); i++) {
                assertTrue(all.seen.get(i) >= all.seen.get(i - 1), "the progress never goes back: at " + i + " " + all.seen);
            }
            assertEquals(1.0, all.seen.get(all.seen.size() - 1), 0);
            assertTrue(all.seen.stream().distinct().count() > 20, "the bar moves in steps: " + all.seen);
            assertTrue(all.phrases.stream().allMatch(("designing " + vm.name())::equals), all.phrases.toString());
        }
    }

    @Test
    void aCancelInTheMprSearchOrInThePartitionedAlternativeStopsAtTheNextCheck() throws Exception {
        Scenario s = global();
        VirtualMachine vm = s.vm("control");
        DesignCancellationTest.Tripwire all = new DesignCancellationTest.Tripwire(Long.MAX_VALUE);
        design(s, vm, all);
        long total = all.seen.size();
        int partitioned = 0;
        while (all.seen.get(partitioned) < 0.7) {
            partitioned++; // the first check of the partitioned alternative (the last 30 % of the bar)
        }
        for (long n : new long[] {1, 5, total / 3, partitioned + 2L, total - 2}) {
            DesignCancellationTest.Tripwire t = new DesignCancellationTest.Tripwire(n);
            assertThrows(CancelledException.class, () -> design(s, vm, t), "cancelled at check " + n + " of " + total);
            assertEquals(n, t.seen.size(), "no check after the cancel (at " + n + ")");
            assertEquals(0, t.afterCancel);
        }
    }
}
