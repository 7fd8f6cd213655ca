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

    /**
     * No core says "undecided" in its note while its verdict says schedulable: a policy without an
     * analysis and a CBS core failing its demand test (the density test passing) were both built
     * as passing cores (review of the change; the bundled scenarios and a file without analysis).
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "{\"schemaVersion\":2,\"name\":\"fp\",\"hypervisor\":{\"policy\":\"FP_NO_BUDGET\",\"cores\":1},\"vms\":[{\"name\":\"A\",\"priority\":1,\"tasks\":[{\"name\":\"a\",\"wcet\":1,\"period\":4}]}]}",
        "{\"schemaVersion\":2,\"name\":\"cbs\",\"hypervisor\":{\"policy\":\"CBS\",\"cores\":1},\"vms\":[{\"name\":\"A\",\"period\":4,\"budget\":2,\"tasks\":[{\"name\":\"a\",\"wcet\":1,\"period\":8}]},{\"name\":\"B\",\"period\":6,\"budget\":3,\"params\":{\"deadline\":3},\"tasks\":[{\"name\":\"b\",\"wcet\":1,\"period\":12}]}]}"})
    void aCoreWhoseNoteSaysUndecidedIsUndecided(String json) throws Exception {
        AnalysisResult r = SystemAnalysis.analyze(ScenarioJson.parse("x", json));
        for (CoreVerdict c : r.cores()) {
            if (c.note() != null && c.note().startsWith("undecided")) {
                assertEquals(Verdict.UNDECIDED, c.verdict(), c.note());
            }
        }
    }
}
