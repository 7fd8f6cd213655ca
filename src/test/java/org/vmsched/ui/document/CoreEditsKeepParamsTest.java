package org.vmsched.ui.document;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.MigrationCost;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;

/**
 * "+Core" and removing a core built a new platform from the policy and the count alone: under
 * Global EDF the migration cost the user set went back to 0 and the analysis became more
 * optimistic than what was asked (a review; design --place --write and the dialog's placement did
 * the same). The hypervisor's parameters stay.
 */
class CoreEditsKeepParamsTest {

    private static Scenario withCost() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json"));
        return s.withHypervisor(new Platform(s.hypervisor().policy(), s.hypervisor().cores(),
                org.vmsched.policy.globaledf.GlobalEdfPolicy.hypervisor(0.25)));
    }

    @Test
    void addingAndRemovingACoreKeepsTheMigrationCost() throws Exception {
        Scenario more = ScenarioEdits.addCore(withCost());
        assertEquals(3, more.hypervisor().cores());
        assertEquals(0.25, MigrationCost.of(more));
        Scenario less = ScenarioEdits.removeCore(more, 2);
        assertEquals(2, less.hypervisor().cores());
        assertEquals(0.25, MigrationCost.of(less));
    }
}
