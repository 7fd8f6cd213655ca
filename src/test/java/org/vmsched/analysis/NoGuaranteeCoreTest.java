package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;

/**
 * A core under a policy without hard guarantees (Xen Credit, proportional share) has no test at
 * the hypervisor level, so its verdict is "undecided", never "schedulable". Seen on the bundled
 * latency scenario: `analyze` printed the Credit core as "ok" at utilization 2.01, under a
 * headline of UNDECIDED and beside the note "no hard guarantee at the hypervisor level".
 */
class NoGuaranteeCoreTest {

    @ParameterizedTest
    @ValueSource(strings = {"scenarios/latency/credit-1ms.json", "scenarios/latency/credit-30ms.json"})
    void aCoreWithoutAHardGuaranteeIsUndecided(String file) throws Exception {
        Scenario s = ScenarioJson.load(Path.of(file));
        AnalysisResult r = SystemAnalysis.analyze(s);
        for (CoreVerdict c : r.cores()) {
            assertEquals(Verdict.UNDECIDED, c.verdict(), "core " + c.core() + " at U = " + c.utilization());
            assertFalse(c.schedulable());
        }
        assertEquals(Verdict.UNDECIDED, r.verdict());
    }
}
