package org.vmsched.ui.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * Issue 9 reported the progress bar at 0 % during a long simulation. The bar follows what the
 * backend reports: during the run itself the engine's time over the horizon (the first half of
 * the bar), then the simulated Tmax sweep. This pins that a long run reports as it goes.
 */
class SimulationProgressTest {

    @Test
    void aLongRunReportsTheEnginesTimeOverTheHorizonAsItGoes() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/thesis-example.json"));
        List<Double> simulating = new ArrayList<>();
        List<Double> all = new ArrayList<>();
        new SimulatorBackend().run(s, s.simulation().withHorizon(2e7), (d, t, m) -> {
            double f = Progress.ratio(d, t);
            all.add(f);
            if ("simulating".equals(m)) {
                simulating.add(f);
            }
        }, new Cancellation());
        // 2·10^7 time units are about 10^7 instants: a report every 16,384 of them, spread over the run
        assertTrue(simulating.size() > 100, "reports while simulating: " + simulating.size());
        assertTrue(simulating.stream().anyMatch(f -> f > 0.1 && f < 0.4), simulating.toString());
        for (int i = 1; i < all.size(); i++) {
            assertTrue(all.get(i) >= all.get(i - 1), "progress never goes back: " + all.get(i - 1) + " then " + all.get(i));
        }
        assertEquals(0.5, simulating.get(simulating.size() - 1), 1e-9);
        assertEquals(1.0, all.get(all.size() - 1), 0);
    }
}
