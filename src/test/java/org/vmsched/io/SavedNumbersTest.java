package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Scenario;

/** A saved scenario writes its numbers as a person wrote them: 16, not 16.0, and never in exponent form. */
class SavedNumbersTest {

    @Test
    void wholeNumbersAreWrittenWithoutATrailingPointZeroAndSmallOnesInFull() throws Exception {
        // design --place --write wrote "period" : 150.0; the window's Save did the same to every whole number
        Scenario s = ScenarioJson.load(Path.of("scenarios/thesis-example.json"));
        String json = ScenarioJson.toJson(s);
        assertFalse(json.matches("(?s).*\\d\\.0[,\\s].*"), json);
        assertTrue(json.contains("\"period\" : 16,"), json);
        assertEquals("1000000000", ScenarioJson.decimal(1e9).toString());
        assertEquals("1E-9", ScenarioJson.decimal(1e-9).toString()); // a BigDecimal the writer prints plain:
        assertTrue(ScenarioJson.mapper().writeValueAsString(ScenarioJson.decimal(1e-9)).equals("0.000000001"));
        assertEquals("10.8", ScenarioJson.decimal(10.8).toString());
    }

    @Test
    void everyBuiltInExampleReadsBackEqualFromWhatSaveWrites() throws Exception {
        try (var files = Files.walk(Path.of("scenarios"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json") && !p.toString().contains("experiments")).toList()) {
                Scenario s = ScenarioJson.load(f);
                assertEquals(s, ScenarioJson.parse(f.toString(), ScenarioJson.toJson(s)), f.toString());
            }
        }
    }
}
