package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

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

    /** Every scenario under scenarios/, subfolders included (as "hier/cbs-two-vm.json"), but not the studies. */
    static List<String> scenarioFiles() throws IOException {
        Path root = Path.of("scenarios");
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(".json"))
                    .filter(p -> !p.startsWith(root.resolve("experiments")))
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted().toList();
        }
    }

    // The README's table of worked examples says they are all under File > Open Example; the
    // version 2 files in hier/ and latency/ were not listed.
    @Test
    void openExampleListsEveryBundledScenarioSubfoldersIncluded() throws IOException {
        assertEquals(scenarioFiles(), MainViewModel.examples().stream().sorted().toList());
        for (String name : MainViewModel.examples()) {
            assertNotNull(MainViewModel.class.getResource("/scenarios/" + name), name + " is bundled");
        }
    }
}
