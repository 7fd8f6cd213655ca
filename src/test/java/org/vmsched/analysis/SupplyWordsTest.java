package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * A user trial: with an overhead of 0.000001, `analyze` said "useful budget C − X = 4 per period"
 * (six significant digits of 3.999999) on the line whose blackout read 12.000001, so the number
 * hid the very overhead it is about. The useful budget keeps the digits that tell it from C.
 */
class SupplyWordsTest {

    @Test
    void aTinyOverheadShowsInTheUsefulBudget() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "thesis-example.json"));
        VirtualMachine vm = s.vms().get(0);
        String tiny = VmSupply.describe(VmSupply.of(s, vm.withServer(vm.period(), vm.budget(), 0.000001)));
        assertTrue(tiny.contains("useful budget C − X = 3.999999 per period"), tiny);
        // and a plain one stays plain, with no float noise (0.3 − 0.1 is 0.19999999999999998 in doubles)
        String plain = VmSupply.describe(VmSupply.of(s, vm));
        assertTrue(plain.contains("useful budget C − X = 4 per period"), plain);
        String noisy = VmSupply.describe(VmSupply.of(s, vm.withServer(vm.period(), 0.3, 0.1)));
        assertTrue(noisy.contains("= 0.2 per period"), noisy);
    }
}
