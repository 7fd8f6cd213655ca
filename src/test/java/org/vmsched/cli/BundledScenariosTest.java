package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;

/**
 * Every worked example in scenarios/ loads, is offered by File > Open Example, and analyses and
 * simulates from the command line with the verdict its description teaches.
 */
class BundledScenariosTest {

    /** Every scenario file, subfolders (hier/, latency/) included; not the experiment files. */
    static List<Path> scenarios() throws IOException {
        Path root = Path.of("scenarios");
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(".json")).filter(p -> !p.startsWith(root.resolve("experiments")))
                    .sorted().toList();
        }
    }

    @Test
    void everyScenarioIsAnExampleAndEveryExampleAFile() throws Exception {
        TreeSet<String> files = new TreeSet<>();
        for (Path p : scenarios()) {
            files.add(Path.of("scenarios").relativize(p).toString().replace('\\', '/'));
        }
        TreeSet<String> listed = new TreeSet<>(org.vmsched.ui.main.MainViewModel.examples());
        assertEquals(files, listed);
        assertTrue(files.size() >= 9, files.toString());
    }

    @Test
    void everyScenarioLoadsAnalysesAndSimulates() throws Exception {
        for (Path p : scenarios()) {
            Scenario s = ScenarioJson.load(p);
            assertTrue(!s.description().isBlank(), p + " says what it teaches");
            MainTest.Run a = MainTest.run("analyze", p.toString());
            assertEquals(0, a.status(), p + ": " + a.err()); // 1 is an internal error, never an answer
            assertTrue(a.out().startsWith(s.name() + ": "), a.out());
            MainTest.Run r = MainTest.run("simulate", p.toString(), "--horizon", "200");
            assertEquals(0, r.status(), p + ": " + r.err());
            // design says why a bundled scenario of another hypervisor has nothing to design (issue 20, row 4);
            // the periodic-server ones are designed in DesignCommandTest (all of them here took minutes)
            if (s.hypervisor().policy().global()) { // issue 21: the MPR interface beside the partitioned one
                MainTest.Run d = MainTest.run("design", p.toString());
                assertEquals(0, d.status(), p + ": " + d.err());
                assertTrue(d.out().contains("global (MPR)") && d.out().contains("partitioned"), d.out());
            } else if (!s.hypervisor().policy().periodicServers()) {
                MainTest.Run d = MainTest.run("design", p.toString());
                assertTrue(d.status() == 2 && (d.err().contains("no interface to design")
                        || d.err().contains("not designed here")), p + ": " + d.err());
            }
            assertTrue(r.out().startsWith("Scenario " + s.name() + ": simulated 0..200"), r.out());
        }
    }

    @Test
    void theNewExamplesTeachWhatTheySay() {
        assertTrue(MainTest.run("analyze", "scenarios/edf-inside.json").out().startsWith("EDF inside a VM: SCHEDULABLE"));
        assertTrue(MainTest.run("analyze", "scenarios/not-schedulable.json").out().startsWith("Not schedulable: NOT SCHEDULABLE"));
        assertTrue(MainTest.run("analyze", "scenarios/two-cores.json").out().startsWith("Two cores: SCHEDULABLE"));

        assertTrue(MainTest.run("analyze", "scenarios/deferrable-vs-periodic.json").out().contains("SCHEDULABLE\n"));
        String periodic = MainTest.run("simulate", "--mode", "worst-case", "scenarios/deferrable-vs-periodic.json").out();
        assertTrue(periodic.contains("0 deadline misses"), periodic);
        String deferrable = MainTest.run("simulate", "--mode", "worst-case", "--server-policy", "deferrable",
                "scenarios/deferrable-vs-periodic.json").out();
        assertTrue(deferrable.contains(" 1 deadline miss\n"), deferrable);

        MainTest.Run o = MainTest.run("analyze", "scenarios/overhead-preemption.json");
        assertTrue(o.out().startsWith("Overhead paid at every preemption: NOT SCHEDULABLE"), o.out());
        assertTrue(o.out().contains("P = 3"), o.out());
        assertTrue(MainTest.run("simulate", "scenarios/overhead-preemption.json").out().contains(" 1 deadline miss\n"));

        assertTrue(MainTest.run("analyze", "scenarios/paper-two-vms.json").out().contains("NOT SCHEDULABLE"));
        assertTrue(MainTest.run("simulate", "scenarios/paper-two-vms.json").out().contains(" 0 deadline misses"));
        assertTrue(MainTest.run("simulate", "--mode", "worst-case", "scenarios/paper-two-vms.json").out()
                .contains(" 12 deadline misses"));
        assertTrue(MainTest.run("budget", "--vm", "VMa", "--period", "50", "scenarios/paper-two-vms.json").out()
                .contains("the smallest budget is 32"));

        String overhead = MainTest.run("analyze", "scenarios/overhead.json").out();
        assertTrue(overhead.contains("VM VM1: T=8 C=4 X=0.5"), overhead);
        assertTrue(overhead.contains("[3, 34/11 ≈ 3.090909] ∪ [29/9 ≈ 3.222222, 13.5]"), overhead);
    }
}
