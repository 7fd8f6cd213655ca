package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vmsched.model.Scenario;

/**
 * A child JVM writing a scenario, a trace or a results folder in a loop is killed (SIGKILL) at
 * seeded random moments. What is left must be the old or a new complete version, never half a
 * file; after the next run's tidying no temporary file or folder of ours is left. (The kill lands
 * anywhere in a write: most writes take milliseconds and the loop repeats them back to back.)
 */
@Tag("slow")
class KillDuringWritesTest {

    @TempDir
    Path tmp;

    /** Kills per kind: 4 in the suite; {@code -Dkill.count=N} for the long run (BENCHMARKS.md). */
    private static final int KILLS = Integer.getInteger("kill.count", 4);

    @ParameterizedTest
    @ValueSource(strings = {"save", "trace", "results"})
    void aKilledWriteLeavesACompleteVersionAndNoLeftoversAfterTheNextRun(String kind) throws Exception {
        Random random = new Random(12 + kind.hashCode());
        String expectedTrace = null;
        for (int k = 0; k < KILLS; k++) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    // a child lives for its JVM start and a few writes: C1 alone and the serial collector
                    // start it for a fraction of the default's CPU (C2 and G1 threads it never profits from)
                    "-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), WriteLoop.class.getName(), kind, tmp.toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            AtomicInteger done = new AtomicInteger();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        done.set(Integer.parseInt(line.substring(5)));
                    }
                } catch (Exception e) {
                    // the child was killed
                }
            });
            reader.start();
            // Wait until the loop writes, then kill it a random moment later.
            long waited = 0;
            while (done.get() == 0 && p.isAlive() && waited < 60_000) {
                Thread.sleep(20);
                waited += 20;
            }
            Thread.sleep(random.nextInt(300));
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            reader.join(5_000);
            assertTrue(done.get() > 0, "the child never completed a write");
            switch (kind) {
                case "save" -> {
                    Scenario s = ScenarioJson.load(tmp.resolve("s.json"));
                    assertTrue(s.name().startsWith("version "), s.name());
                }
                case "trace" -> {
                    String text = Files.readString(tmp.resolve("trace.csv"));
                    if (expectedTrace == null) {
                        expectedTrace = text;
                    }
                    assertEquals(expectedTrace.length(), text.length(), "a trace of another length: half a file");
                }
                default -> {
                    // Where folders are exchanged in one step a complete version is at the name
                    // whatever the moment of the kill; elsewhere a kill between the two renames
                    // leaves it empty for an instant and the next run puts the new version there.
                    if (!FolderExchange.available()) {
                        AtomicFolder.recover(tmp.resolve("out"));
                    }
                    assertEquals(List.of("c.pdf", "c.png", "c.svg", "c.tex", "experiment.json", "tmax-points.csv", "tmax-sets.csv"),
                            ExperimentResultsTest.names(tmp.resolve("out")));
                }
            }
        }
        // The next run tidies what the killed ones left.
        switch (kind) {
            case "save" -> SafeWritesTest.write(tmp.resolve("s.json"), "{}");
            case "trace" -> SafeWritesTest.write(tmp.resolve("trace.csv"), "x");
            default -> AtomicFolder.recover(tmp.resolve("out"));
        }
        List<String> left = ExperimentResultsTest.names(tmp);
        assertEquals(1, left.size(), "leftovers: " + left);
    }
}
