package org.vmsched.ui.design;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vmsched.design.DesignConstraints;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;

/**
 * The Design dialog on a global host says, as {@code design} prints, the budgets the whole analysis proves at
 * the scenario's own periods (THEORY.md §15.9, "Budgets the whole analysis proves"), or why there are none.
 */
class DesignOutcomeWholeTest {

    @Test
    void theRtdsExampleSaysTheBudgetsTheWholeAnalysisProves() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global.json"));
        String summary = DesignOutcome.compute(s, false, s.hypervisor().cores(), DesignConstraints.DEFAULT).summary();
        assertTrue(summary.contains("At the scenario's own periods and vCPUs, the analysis of the whole host proves these"
                + " budgets per vCPU: control 8.55 (9 as written), batch 0.317 (0.4 as written), together 1.8368 of the 3 cores."),
                summary);
    }

    @Test
    void aScenarioTheAnalysisDoesNotProveSaysThereIsNothingToLower() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json"));
        String summary = DesignOutcome.compute(s, false, s.hypervisor().cores(), DesignConstraints.DEFAULT).summary();
        assertTrue(summary.contains("The scenario as written is not proved by the analysis of the whole host"), summary);
    }
}
