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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.model.Scenario;

/**
 * A child JVM writing a scenario, a trace and a results folder in a loop (one thread each) is
 * killed (SIGKILL) at seeded random moments. What is left of each must be the old or a new
 * complete version, never half a file; after the next run's tidying no temporary file or folder
 * of ours is left. (The kill lands anywhere in a write: most writes take milliseconds and each
 * loop repeats them back to back.) One child for the three kinds, killed 4 times: each kind is
 * killed as often as when a child per kind was (12 children), for a third of the JVM starts.
 */
@Tag("slow")
class KillDuringWritesTest {

    @TempDir
    Path tmp;

    /** Kills: 4 in the suite; {@code -Dkill.count=N} for the long run (BENCHMARKS.md). */
    private static final int KILLS = Integer.getInteger("kill.count", 4);

    private static final List<String> KINDS = List.of("save", "trace", "results");

    @Test
    void aKilledWriteLeavesACompleteVersionAndNoLeftoversAfterTheNextRun() throws Exception {
        Random random = new Random(12);
        String expectedTrace = null;
        for (int k = 0; k < KILLS; k++) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    // a child lives for its JVM start and a few writes: C1 alone and the serial collector
                    // start it for a fraction of the default's CPU (C2 and G1 threads it never profits from)
                    "-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                    WriteLoop.class.getName(), String.join(",", KINDS), tmp.toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            Map<String, Integer> done = new ConcurrentHashMap<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        String[] w = line.split(" ");
                        done.put(w[1], Integer.parseInt(w[2]));
                    }
                } catch (Exception e) {
                    // the child was killed
                }
            });
            reader.start();
            // Wait until every loop writes, then kill the child a random moment later.
            long waited = 0;
            while (done.size() < KINDS.size() && p.isAlive() && waited < 60_000) {
                Thread.sleep(20);
                waited += 20;
            }
            Thread.sleep(random.nextInt(300));
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            reader.join(5_000);
            for (String kind : KINDS) {
                assertTrue(done.getOrDefault(kind, 0) > 0, "the child never completed a write of " + kind);
            }
            Scenario s = ScenarioJson.load(tmp.resolve("save/s.json"));
            assertTrue(s.name().startsWith("version "), s.name());
            String text = Files.readString(tmp.resolve("trace/trace.csv"));
            if (expectedTrace == null) {
                expectedTrace = text;
            }
            assertEquals(expectedTrace.length(), text.length(), "a trace of another length: half a file");
            // Where folders are exchanged in one step a complete version is at the name
            // whatever the moment of the kill; elsewhere a kill between the two renames
            // leaves it empty for an instant and the next run puts the new version there.
            if (!FolderExchange.available()) {
                AtomicFolder.recover(tmp.resolve("results/out"));
            }
            assertEquals(List.of("c.pdf", "c.png", "c.svg", "c.tex", "experiment.json", "tmax-points.csv", "tmax-sets.csv"),
                    ExperimentResultsTest.names(tmp.resolve("results/out")));
        }
        // The next run tidies what the killed ones left.
        SafeWritesTest.write(tmp.resolve("save/s.json"), "{}");
        SafeWritesTest.write(tmp.resolve("trace/trace.csv"), "x");
        AtomicFolder.recover(tmp.resolve("results/out"));
        for (String kind : KINDS) {
            List<String> left = ExperimentResultsTest.names(tmp.resolve(kind));
            assertEquals(1, left.size(), kind + " leftovers: " + left);
        }
    }
}
