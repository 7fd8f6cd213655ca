package org.vmsched.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.vmsched.chart.ExportOptions;
import org.vmsched.experiment.AcceptanceResult;
import org.vmsched.experiment.ExperimentResult;
import org.vmsched.experiment.OverheadResult;
import org.vmsched.experiment.TmaxResult;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * Writes an experiment's results folder: {@code experiment.json} (the experiment as run, seed
 * and sets resolved, so {@code experiment experiment.json} repeats it), the CSV files of
 * {@link ExperimentCsv}, and every chart as PNG, SVG, PDF and pgfplots/TikZ, through
 * {@link AtomicFolder}: the folder appears or is replaced only complete, and an error or a
 * cancellation never leaves a half-written one. An existing folder is replaced only if it is
 * itself a results folder (holds {@value #MARKER}) or empty. Stateless.
 */
public final class ExperimentResults {

    /** The file that marks a results folder. */
    public static final String MARKER = "experiment.json";

    private ExperimentResults() {
    }

    /**
     * A chart to write as {@code name}.png/.svg/.pdf/.tex at the given size, restyled for print with
     * tick and legend text of {@code fontSize} ({@link org.vmsched.chart.ExportOptions}).
     */
    public record ChartFile(String name, JFreeChart chart, int width, int height, float fontSize) {

        /** With the font size that stays readable when the figure is printed at a page's text width. */
        public ChartFile(String name, JFreeChart chart, int width, int height) {
            this(name, chart, width, height, defaultFontSize(width, height));
        }

        /** The default font size of a figure this large (see {@link org.vmsched.chart.ExportOptions#forPrint}). */
        public static float defaultFontSize(int width, int height) {
            float f = (float) Math.ceil(width * ExportOptions.MIN_PRINTED_PT
                    / ExportOptions.TEXT_WIDTH_PT);
            return Math.max(ExportOptions.MIN_FONT, Math.min(f, (float) Math.floor(Math.min(width, height) / 12.0)));
        }

        /** The export options of this file. */
        public ExportOptions options() {
            return new ExportOptions(width, height, fontSize);
        }
    }

    /**
     * Why results cannot go to {@code dir}, or null when they can: it exists and is a file, or
     * a folder that is neither empty nor a results folder.
     */
    public static String targetProblem(Path dir) {
        return AtomicFolder.targetProblem(dir, MARKER, KIND);
    }

    /** What a folder holding {@value #MARKER} is, in messages. */
    public static final String KIND = "a results folder";

    /**
     * Writes the folder and returns the files written, relative to {@code dir}, in writing order.
     *
     * @throws CancelledException when {@code cancel} is set before the folder is in place
     *                            (nothing is left behind)
     */
    public static List<Path> write(ExperimentResult result, List<ChartFile> charts, Path dir, Cancellation cancel)
            throws IOException, CancelledException {
        return write(result, charts, dir, Progress.NONE, cancel);
    }

    /**
     * As {@link #write(ExperimentResult, List, Path, Cancellation)}, telling {@code progress}
     * after each file (3 text files, then one per chart and format), from the calling thread.
     * Written through {@link AtomicFolder}: a failure's message is the reason alone.
     */
    public static List<Path> write(ExperimentResult result, List<ChartFile> charts, Path dir, Progress progress,
                                   Cancellation cancel) throws IOException, CancelledException {
        List<Path> written = new ArrayList<>();
        long total = 3 + (long) ChartExport.Format.values().length * charts.size();
        AtomicFolder.write(dir, MARKER, KIND, tmp -> {
            text(tmp, MARKER, ExperimentJson.toJson(result.experiment()), written);
            if (result instanceof TmaxResult t) {
                text(tmp, "tmax-points.csv", ExperimentCsv.tmaxPoints(t), written);
                text(tmp, "tmax-sets.csv", ExperimentCsv.tmaxSamples(t), written);
            } else if (result instanceof AcceptanceResult a) {
                text(tmp, AcceptanceCsv.FILE, AcceptanceCsv.points(a), written);
            } else if (result instanceof OverheadResult o) {
                text(tmp, "overhead-points.csv", ExperimentCsv.overheadPoints(o), written);
                text(tmp, "overhead-curves.csv", ExperimentCsv.overheadCurves(o), written);
            }
            progress.progress(written.size(), total, "writing");
            for (ChartFile c : charts) {
                for (ChartExport.Format f : ChartExport.Format.values()) {
                    if (cancel.isCancelled()) {
                        throw new CancelledException();
                    }
                    String name = c.name() + "." + f.name().toLowerCase(Locale.ROOT);
                    ChartExport.write(c.chart(), tmp.resolve(name), f, c.options());
                    written.add(Path.of(name));
                    progress.progress(written.size(), total, "writing");
                }
            }
            if (cancel.isCancelled()) {
                throw new CancelledException();
            }
        });
        return written;
    }

    private static void text(Path dir, String name, String content, List<Path> written) throws IOException {
        Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
        written.add(Path.of(name));
    }
}
