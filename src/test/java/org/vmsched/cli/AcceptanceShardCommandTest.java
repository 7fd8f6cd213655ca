package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.cli.ExperimentCommandTest.Run;

/**
 * {@code experiment FILE --shard i/n} and {@code experiment merge}: shard + merge = whole, byte
 * for byte in the CSV (issue 32 item 5), and every bad shard set or shard option refused with
 * exit 2 and a message naming the file or the option.
 */
class AcceptanceShardCommandTest {

    @TempDir
    Path tmp;

    static Run run(String... args) {
        return ExperimentCommandTest.run(args);
    }

    /** A study of 2 points × 4 systems of two one-vCPU VMs on two cores, seed {@code seed}. */
    Path study(String name, long seed) throws Exception {
        Path f = tmp.resolve(name + ".json");
        Files.writeString(f, """
                {
                  "schemaVersion": 1, "name": "small", "study": "acceptance", "seed": %d, "sets": 4,
                  "generator": { "method": "uunifast-discard", "periodMin": 10, "periodMax": 100, "decimals": 2 },
                  "grid": { "systems": "vcpus", "cores": 2, "tasks": 4, "vms": 2, "vcpus": 1,
                            "serverPeriodFraction": 0.25, "bandwidthFactor": 3, "u": [0.2, 0.4] },
                  "measure": { "tests": ["global-edf", "partitioned-edf", "simulation"], "horizonPeriods": 1 }
                }
                """.formatted(seed));
        return f;
    }

    @Test
    void shardsMergedGiveTheUnshardedRunsCsvByteForByte() throws Exception {
        Path file = study("small", 32);
        Run whole = run("experiment", file.toString(), "--out", tmp.resolve("whole").toString(), "--threads", "2");
        assertEquals(0, whole.status(), whole.err());
        Path shards = tmp.resolve("shards");
        for (int i = 0; i < 3; i++) {
            Run s = run("experiment", file.toString(), "--shard", i + "/3", "--out", shards.toString(), "--threads", "1");
            assertEquals(0, s.status(), s.err());
            assertTrue(s.out().contains("shard " + i + "/3"), s.out());
        }
        assertTrue(Files.isRegularFile(shards.resolve("small.shard-2-of-3.json")));
        Run merged = run("experiment", "merge", shards.toString(), "--out", tmp.resolve("merged").toString());
        assertEquals(0, merged.status(), merged.err());
        assertTrue(merged.out().contains("3 shards merged, 8 systems"), merged.out());
        byte[] expected = Files.readAllBytes(tmp.resolve("whole/acceptance-points.csv"));
        assertArrayEquals(expected, Files.readAllBytes(tmp.resolve("merged/acceptance-points.csv")));
        assertArrayEquals(Files.readAllBytes(tmp.resolve("whole/experiment.json")),
                Files.readAllBytes(tmp.resolve("merged/experiment.json")));
        assertTrue(Files.isRegularFile(tmp.resolve("merged/acceptance.png")));
        String csv = new String(expected, java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(csv.startsWith("u,test,systems,accepted,share,wilsonLow95,wilsonHigh95\n0.2,global-edf,4,"), csv);
        assertEquals(7, csv.lines().count());
    }

    @Test
    void mergeWithJsonPrintsThePointsAndShardFilesCanBeNamedOneByOne() throws Exception {
        Path file = study("small", 7);
        Path shards = tmp.resolve("s");
        for (int i = 0; i < 2; i++) {
            assertEquals(0, run("experiment", file.toString(), "--shard", i + "/2", "--out", shards.toString()).status());
        }
        Run merged = run("experiment", "merge", shards.resolve("small.shard-1-of-2.json").toString(),
                shards.resolve("small.shard-0-of-2.json").toString(), "--out", tmp.resolve("m").toString(), "--json");
        assertEquals(0, merged.status(), merged.err());
        JsonNode root = new ObjectMapper().readTree(merged.out());
        assertEquals("acceptance", root.get("study").asText());
        assertEquals(6, root.get("points").size());
        assertEquals(4, root.get("points").get(0).get("systems").asInt());
        assertTrue(root.get("points").get(0).has("wilsonLow95"));
    }

    @Test
    void aMissingARepeatedOrAForeignShardIsRefusedWithExitTwo() throws Exception {
        Path file = study("small", 32);
        Path shards = tmp.resolve("shards");
        for (int i = 0; i < 3; i++) {
            assertEquals(0, run("experiment", file.toString(), "--shard", i + "/3", "--out", shards.toString()).status());
        }
        Path s0 = shards.resolve("small.shard-0-of-3.json");
        Path s1 = shards.resolve("small.shard-1-of-3.json");
        Path s2 = shards.resolve("small.shard-2-of-3.json");
        Run missing = run("experiment", "merge", s0.toString(), s2.toString(), "--out", tmp.resolve("x").toString());
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("shard 1/3 missing"), missing.err());
        Run twice = run("experiment", "merge", shards.toString(), s1.toString(), "--out", tmp.resolve("x").toString());
        assertEquals(2, twice.status());
        assertTrue(twice.err().contains("is shard 1/3 again"), twice.err());
        // the same shard of another seed
        Path other = study("other", 33);
        Path elsewhere = tmp.resolve("elsewhere");
        assertEquals(0, run("experiment", other.toString(), "--shard", "1/3", "--out", elsewhere.toString()).status());
        Run foreign = run("experiment", "merge", s0.toString(), elsewhere.resolve("other.shard-1-of-3.json").toString(), s2.toString(),
                "--out", tmp.resolve("x").toString());
        assertEquals(2, foreign.status());
        assertTrue(foreign.err().contains("another experiment") && foreign.err().contains("seed"), foreign.err());
        // counts edited by hand: the systems of a share are fixed by the study
        Path edited = tmp.resolve("edited.shard-1-of-3.json");
        Files.writeString(edited, Files.readString(s1).replaceFirst("\"systems\" : \\[ (\\d+)", "\"systems\" : [ 99"));
        Run bad = run("experiment", "merge", s0.toString(), edited.toString(), s2.toString(), "--out", tmp.resolve("x").toString());
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("systems[0] must be"), bad.err());
        assertTrue(Files.notExists(tmp.resolve("x")), "no results folder from a refused merge");
    }

    @Test
    void aBadShardOptionIsRefusedWithExitTwo() throws Exception {
        Path file = study("small", 32);
        for (String bad : new String[] {"3/3", "-1/3", "1", "a/b", "0/0", "1/2000000"}) {
            Run r = run("experiment", file.toString(), "--shard", bad, "--out", tmp.resolve("y").toString());
            assertEquals(2, r.status(), bad + ": " + r.err());
            assertTrue(r.err().contains("--shard") && r.err().contains("i/n"), r.err());
        }
        Run tmax = run("experiment", "scenarios/experiments/thesis-tmax.json", "--shard", "0/2", "--out", tmp.resolve("y").toString());
        assertEquals(2, tmax.status());
        assertTrue(tmax.err().contains("only acceptance studies run in shards"), tmax.err());
        Run noShards = run("experiment", "merge", tmp.toString());
        assertEquals(2, noShards.status());
        assertTrue(noShards.err().contains("holds no shard file"), noShards.err());
    }

    /**
     * An interrupted shard run says so in one line and ends with status 130, as the unsharded run
     * does; a user trial's TERM to a shard run ended it with 143 and nothing on stderr. The
     * interruption is the cancellation the shutdown hook sets, here set before the run starts.
     */
    @Test
    void anInterruptedShardRunSaysSoAndWritesNoShard() throws Exception {
        Path file = study("small", 32);
        org.vmsched.experiment.Experiment e = org.vmsched.io.ExperimentJson.load(file);
        ExperimentMergeCommand.ShardRun plan = ExperimentMergeCommand.plan(e, file, "small", "1/2", tmp.resolve("shards"));
        org.vmsched.progress.Cancellation cancel = new org.vmsched.progress.Cancellation();
        cancel.cancel();
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int status = ExperimentMergeCommand.compute(plan, 1, false, new java.io.PrintWriter(out, true),
                new java.io.PrintWriter(err, true), cancel, new java.util.concurrent.atomic.AtomicBoolean());
        assertEquals(130, status);
        Path target = tmp.resolve("shards").resolve("small.shard-1-of-2.json");
        assertEquals("experiment: interrupted; shard 1/2 not written: no file " + target, err.toString().strip());
        assertEquals("", out.toString());
        assertTrue(!Files.exists(target));
    }

    /** A folder for the shard file that cannot be made is refused before the run (it was refused after it). */
    @Test
    void aShardFolderThatCannotBeMadeIsRefusedBeforeTheRun() throws Exception {
        Path file = study("small", 32);
        Path blocker = Files.writeString(tmp.resolve("plain"), "a file");
        Run r = run("experiment", file.toString(), "--shard", "0/2", "--out", blocker.resolve("shards").toString());
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("--out: cannot make the folder " + blocker.resolve("shards")), r.err());
    }
}
