package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.ExperimentRunner;
import org.vmsched.experiment.ThesisGenerator;
import org.vmsched.experiment.TmaxResult;
import org.vmsched.experiment.TmaxStudy;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Progress;

/** The results folder appears whole or not at all, and never replaces a folder that is not one. */
class ExperimentResultsTest {

    @TempDir
    Path tmp;

    static TmaxResult small() throws Exception {
        Experiment e = new Experiment(1, "small", "", 3, 2, new ThesisGenerator(100, 1000, 100),
                new TmaxStudy(List.of(4), List.of(0.2), List.of(0.3, 0.5), 0));
        return (TmaxResult) new ExperimentRunner(1).run(e, Progress.NONE, new Cancellation());
    }

    static List<ExperimentResults.ChartFile> chart() {
        JFreeChart c = ChartFactory.createXYLineChart("c", "x", "y", new XYSeriesCollection());
        return List.of(new ExperimentResults.ChartFile("c", c, 200, 150));
    }

    static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesTheExperimentTheCsvAndEveryChartFormat() throws Exception {
        TmaxResult r = small();
        Path dir = tmp.resolve("out");
        List<Path> written = ExperimentResults.write(r, chart(), dir, new Cancellation());
        assertEquals(List.of("c.pdf", "c.png", "c.svg", "c.tex", "experiment.json", "tmax-points.csv", "tmax-sets.csv"), names(dir));
        assertEquals(7, written.size());
        assertEquals(List.of("out"), names(tmp));
        assertEquals(r.experiment(), ExperimentJson.load(dir.resolve("experiment.json")));
        assertEquals(ExperimentCsv.tmaxPoints(r), Files.readString(dir.resolve("tmax-points.csv")));
    }

    @Test
    void writingReportsEachFileUpToTheTotal() throws Exception {
        List<Long> done = new java.util.ArrayList<>();
        ExperimentResults.write(small(), chart(), tmp.resolve("out"), (d, total, what) -> {
            assertEquals(7, total);
            done.add(d);
        }, new Cancellation());
        assertEquals(List.of(3L, 4L, 5L, 6L, 7L), done);
    }

    @Test
    void replacesAnEarlierResultsFolder() throws Exception {
        Path dir = tmp.resolve("out");
        ExperimentResults.write(small(), chart(), dir, new Cancellation());
        Files.writeString(dir.resolve("stale.txt"), "old");
        ExperimentResults.write(small(), List.of(), dir, new Cancellation());
        assertEquals(List.of("experiment.json", "tmax-points.csv", "tmax-sets.csv"), names(dir));
        assertEquals(List.of("out"), names(tmp));
    }

    @Test
    void refusesAFolderThatIsNotAResultsFolder() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("mine"));
        Files.writeString(dir.resolve("thesis.tex"), "precious");
        String problem = ExperimentResults.targetProblem(dir);
        assertTrue(problem.endsWith("exists and is not a results folder (no experiment.json); choose another folder"), problem);
        assertThrows(java.io.IOException.class, () -> ExperimentResults.write(small(), chart(), dir, new Cancellation()));
        assertEquals(List.of("thesis.tex"), names(dir));
        assertNull(ExperimentResults.targetProblem(tmp.resolve("new")));
        assertNull(ExperimentResults.targetProblem(Files.createDirectory(tmp.resolve("empty"))));
    }

    @Test
    void cancellingWhileWritingLeavesNothingBehind() throws Exception {
        Cancellation cancel = new Cancellation();
        cancel.cancel();
        assertThrows(CancelledException.class, () -> ExperimentResults.write(small(), chart(), tmp.resolve("out"), cancel));
        assertEquals(List.of(), names(tmp));
        assertFalse(Files.exists(tmp.resolve("out")));
    }
}
