package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;

/**
 * The regression net for the step-through (issue 30: worst-case stepping of rtds-global-periodic.json threw
 * an index error): every bundled scenario under scenarios/, subfolders included, narrated in every
 * combination of the settings the Simulation panel offers the step-through (mode, server policy,
 * miss policy), each instant told in words, or the setting refused with the simulator's message.
 */
class BundledNarrationTest {

    static Stream<Arguments> everyScenarioInEverySetting() throws IOException {
        Path root = Path.of("scenarios");
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            // the studies under experiments/ are not scenarios
            files = s.filter(p -> p.toString().endsWith(".json")).filter(p -> !p.startsWith(root.resolve("experiments")))
                    .sorted().toList();
        }
        assertTrue(files.size() >= 16, files.toString());
        List<Arguments> all = new ArrayList<>();
        for (Path f : files) {
            for (SimulationMode m : SimulationMode.values()) {
                for (ServerPolicy sp : ServerPolicy.values()) {
                    for (MissPolicy mp : MissPolicy.values()) {
                        all.add(Arguments.of(root.relativize(f).toString().replace('\\', '/'), m, sp, mp));
                    }
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @MethodSource("everyScenarioInEverySetting")
    void everyBundledScenarioIsNarratedInEverySettingTheStepThroughOffers(String file, SimulationMode mode,
                                                                          ServerPolicy server, MissPolicy miss) throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", file));
        SimulationOptions o = SimulationOptions.from(s.simulation()).withMode(mode).withServerPolicy(server).withMissPolicy(miss);
        StepRecorder.Recording r;
        try {
            r = StepRecorder.record(s, o, 2_000);
        } catch (SimulationInputException refused) {
            // a setting the scenario cannot run in (worst case under CBS, Credit…): the step-through
            // shows this message, as the simulation does; any other exception fails the test
            assertTrue(refused.getMessage().contains("mode"), refused.getMessage());
            return;
        }
        assertFalse(r.steps().isEmpty());
        for (StepRecorder.Step step : r.steps()) {
            assertTrue(step.narration().startsWith("t = ") && step.narration().endsWith("."), step.narration());
        }
        assertEquals(0.0, r.steps().get(0).time(), file);
    }
}
