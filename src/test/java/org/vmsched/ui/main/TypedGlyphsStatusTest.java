package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.Background;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * File &gt; Export Report of a scenario whose names have characters the report's fonts lack: the
 * status line says how many print as U+FFFD and which, once; a scenario whose names all print
 * says only that it was exported. Plain JUnit: the view model's workers run at once.
 */
class TypedGlyphsStatusTest {

    @TempDir
    Path dir;

    @Test
    void theStatusLineNamesTheCharactersPrintedAsReplacement() throws Exception {
        Path json = dir.resolve("typed.json");
        ScenarioJson.save(new Scenario(1, "控制 loop 😀", "Brake-by-wire, 制动.", null, List.of(VirtualMachine.of("制动VM",
                10, 4, 0, List.of(Task.of("t😀", 2, 16), Task.of("Ɐx", 1, 24)))), null), json);
        MainViewModel m = new MainViewModel(Runnable::run, Background.immediate(), Background.immediate(), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        m.open(json);
        EmptyChartExportTest.Recording dialogs = new EmptyChartExportTest.Recording();
        FileActions files = new FileActions(m, dialogs, () -> null, EmptyChartExportTest.charts(m));
        dialogs.save = dir.resolve("typed.pdf");
        files.exportReport();
        assertNull(dialogs.error, dialogs.error);
        assertTrue(Files.size(dialogs.save) > 1000);
        assertEquals("Exported report typed.pdf; 4 characters are not in the report's fonts and print as \uFFFD:"
                + " U+63A7, U+5236, U+1F600, U+52A8.", m.statusProperty().get());

        MainViewModel plain = EmptyChartExportTest.opened("thesis-example.json");
        FileActions plainFiles = new FileActions(plain, dialogs, () -> null, EmptyChartExportTest.charts(plain));
        dialogs.save = dir.resolve("plain.pdf");
        plainFiles.exportReport();
        assertEquals("Exported report plain.pdf", plain.statusProperty().get());
    }
}
