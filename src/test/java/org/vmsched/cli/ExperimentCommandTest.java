package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.progress.Cancellation;

/** The experiment subcommand: results folder, --json shapes, overrides, and exit 2 on bad input. */
class ExperimentCommandTest {

    @TempDir
    Path tmp;

    record Run(int status, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(status, out.toString(), err.toString());
    }

    static List<String> fields(JsonNode n) {
        List<String> out = new java.util.ArrayList<>();
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }

    @Test
    void tmaxStudyWithJsonPrintsOnlyTheDocumentedObject() throws Exception {
        Path dir = tmp.resolve("tmax");
        Run r = run("experiment", "scenarios/experiments/thesis-tmax.json", "--out", dir.toString(), "--sets", "2",
                "--seed", "99", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals("tmax", root.get("study").asText());
        assertEquals(99, root.get("seed").asLong());
        assertEquals(81, root.get("points").size());
        // fields after upperBound were added with simulated points (null without them)
        assertEquals(List.of("n", "u", "alpha", "meanTmaxOverT1", "stdOverMean", "upperBound", "simulatedSets",
                "meanRoundedAnalyticTmaxOverT1", "meanSimulatedTmaxOverT1"), fields(root.get("points").get(0)));
        assertTrue(root.get("points").get(0).get("meanSimulatedTmaxOverT1").isNull());
        assertEquals(2, root.get("sets").asInt());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(3 + 4 * 3, s.count()); // 3 charts as PNG, SVG, PDF and .tex
        }
        // The folder's experiment.json repeats the run as done: seed and sets overridden.
        String json = Files.readString(dir.resolve("experiment.json"));
        assertTrue(json.contains("\"seed\" : 99") && json.contains("\"sets\" : 2"), json);
    }

    @Test
    void simulatedTmaxFileWithJsonGivesSimulatedMeansEvenWithFewerSetsThanItSimulates() throws Exception {
        Path dir = tmp.resolve("tmax-sim");
        Run r = run("experiment", "scenarios/experiments/thesis-tmax-simulated.json", "--out", dir.toString(), "--sets", "1",
                "--json", "--threads", "2");
        assertEquals(0, r.status(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals(27, root.get("points").size());
        for (JsonNode p : root.get("points")) {
            assertEquals(1, p.get("simulatedSets").asInt());
            assertTrue(p.get("meanSimulatedTmaxOverT1").isNumber(), p.toString());
            assertTrue(p.get("meanSimulatedTmaxOverT1").asDouble() <= p.get("meanRoundedAnalyticTmaxOverT1").asDouble() + 1e-9,
                    p.toString());
        }
        assertTrue(Files.readString(dir.resolve("tmax-points.csv")).startsWith(
                "n,u,alpha,sets,meanTmaxOverT1,stdOverMean,upperBound,simulatedSets,meanRoundedAnalyticTmaxOverT1,"));
        assertTrue(Files.readString(dir.resolve("experiment.json")).contains("\"simulated\""));
    }

    @Test
    void overheadStudyWithJsonGivesCurvesOfPoints() throws Exception {
        Path file = tmp.resolve("small-overhead.json");
        Files.writeString(file, Files.readString(Path.of("scenarios/experiments/thesis-overhead.json"))
                .replace("\"to\": 500", "\"to\": 40"));
        Run r = run("experiment", file.toString(), "--out", tmp.resolve("o").toString(), "--sets", "2", "--json", "--threads", "2");
        assertEquals(0, r.status(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals("overhead", root.get("study").asText());
        assertEquals(60, root.get("curves").size());
        JsonNode c = root.get("curves").get(0);
        assertTrue(fields(c).containsAll(List.of("u", "alpha", "overhead", "points")), fields(c).toString());
        assertEquals(40, c.get("points").size());
        assertEquals(List.of("period", "meanMaxResponseRatio"), fields(c.get("points").get(0)));
        assertEquals(10, c.get("points").get(0).get("meanMaxResponseRatio").asDouble());
    }

    @Test
    void withoutJsonItListsTheFilesWritten() {
        Run r = run("experiment", "scenarios/experiments/thesis-tmax.json", "--out", tmp.resolve("t").toString(), "--sets", "1");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("tmax-points.csv") && r.out().contains("tmax-u0.2.png"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void badInputExitsTwoWithAMessageAndWritesNothing() throws Exception {
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\"schemaVersion\": 1, \"study\": \"tmax\"}");
        Run r = run("experiment", bad.toString(), "--out", tmp.resolve("x").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("error: " + bad + ": name is missing"), r.err());

        r = run("experiment", "scenarios/experiments/thesis-tmax.json", "--sets", "0", "--out", tmp.resolve("x").toString());
        assertEquals(2, r.status());
        assertEquals("error: --sets must be an integer between 1 and 10000, got 0", r.err().strip());

        r = run("experiment", "scenarios/experiments/thesis-tmax.json", "--seed", "abc");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--seed"), r.err());

        r = run("experiment", "scenarios/experiments/thesis-tmax.json", "--threads", "0", "--out", tmp.resolve("x").toString());
        assertEquals(2, r.status());
        assertEquals("error: --threads must be an integer between 1 and 1024, got 0", r.err().strip());

        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        r = run("experiment", "scenarios/experiments/thesis-tmax.json", "--out", file.toString());
        assertEquals(2, r.status());
        assertEquals("error: --out: " + file + " is a file, not a folder", r.err().strip());

        r = run("experiment", tmp.resolve("missing.json").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("missing.json: file not found"), r.err());
        assertFalse(Files.exists(tmp.resolve("x")));
    }

    @Test
    void fontSizeSetsTheFiguresTickTextAndIsCheckedFirst() throws Exception {
        Path dir = tmp.resolve("big");
        Run r = run("experiment", "scenarios/experiments/thesis-tmax.json", "--out", dir.toString(), "--sets", "1",
                "--font-size", "20");
        assertEquals(0, r.status(), r.err());
        try (org.apache.pdfbox.pdmodel.PDDocument doc = org.apache.pdfbox.Loader.loadPDF(dir.resolve("tmax-u0.1.pdf").toFile())) {
            org.vmsched.io.PrintExportTest.assertEmbedded(doc);
            String text = new org.apache.pdfbox.text.PDFTextStripper().getText(doc);
            assertTrue(text.contains("1/(2(1 − α))"), text);
        }

        r = run("experiment", "scenarios/experiments/thesis-tmax.json", "--font-size", "0", "--out", tmp.resolve("y").toString());
        assertEquals(2, r.status());
        assertEquals("error: --font-size must be between 4 and 200 points, got 0", r.err().strip());
        r = run("experiment", "scenarios/experiments/thesis-tmax.json", "--font-size", "90", "--out", tmp.resolve("y").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("error: --font-size: 90 leaves no room for the plot"), r.err());
        assertFalse(Files.exists(tmp.resolve("y")));
    }

    @Test
    void progressLineShowsFractionCountAndHowToCancel() {
        assertEquals("[###############...............]  50%  5/10  1.5 s  (Ctrl+C cancels)",
                ExperimentCommand.ProgressBar.line(5, 10, 1.5));
    }

    @Test
    void ctrlCOfARunThatDoesNotStopInTimeIsSaidByTheHookWithWhatMayBeLeft() {
        Cancellation cancel = new Cancellation();
        AtomicBoolean said = new AtomicBoolean();
        StringWriter err = new StringWriter();
        Path dir = tmp.resolve("results");
        // the run never counts down: the hook gives up after its wait and says it
        ExperimentCommand.cancelled(cancel, new CountDownLatch(1), said, new PrintWriter(err, true), dir,
                50);
        assertTrue(cancel.isCancelled());
        assertEquals("experiment: interrupted; no results written: no folder " + dir + " (the run did not stop within 10 s: a"
                + " hidden .results.vmsched-partial-… folder beside it may be left; delete it)", err.toString().strip());
    }

    @Test
    void ctrlCOfARunThatStopsIsSaidOnceByTheRunNotTheHook() throws Exception {
        Cancellation cancel = new Cancellation();
        AtomicBoolean said = new AtomicBoolean(true);
        CountDownLatch finished = new CountDownLatch(1);
        finished.countDown();
        StringWriter err = new StringWriter();
        ExperimentCommand.cancelled(cancel, finished, said, new PrintWriter(err, true), tmp, 10_000);
        assertEquals("", err.toString());
        Path earlier = Files.createDirectories(tmp.resolve("earlier"));
        assertEquals("experiment: interrupted; no results written: " + earlier + " is left as it was",
                ExperimentCommand.interrupted(earlier, false));
    }
}
