package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.vmsched.ui.experiment.ExperimentViewModel;
import org.vmsched.ui.main.MainViewModel;

/** The window lists every bundled file: a jar folder cannot be listed, so the index files must be complete. */
class BundledIndexTest {

    static List<String> jsonIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void theExperimentDialogListsEveryBundledStudy() throws IOException {
        assertEquals(jsonIn(Path.of("scenarios/experiments")), ExperimentViewModel.builtIns().stream().sorted().toList());
    }

    @Test
    void openExampleListsEveryBundledScenario() throws IOException {
        assertEquals(jsonIn(Path.of("scenarios")), MainViewModel.examples().stream().sorted().toList());
    }
}
