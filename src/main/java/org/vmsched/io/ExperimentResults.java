package org.vmsched.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.vmsched.experiment.Cancellation;
import org.vmsched.experiment.ExperimentCancelledException;
import org.vmsched.experiment.ExperimentListener;
import org.vmsched.experiment.ExperimentResult;
import org.vmsched.experiment.OverheadResult;
import org.vmsched.experiment.TmaxResult;

/**
 * Writes an experiment's results folder: {@code experiment.json} (the experiment as run, seed
 * and sets resolved, so {@code experiment experiment.json} repeats it), the CSV files of
 * {@link ExperimentCsv}, and every chart as PNG, SVG and PDF. Everything is first written to a
 * hidden temporary folder beside the target and moved into place at the end, so an error or a
 * cancellation never leaves a half-written results folder. An existing folder is replaced only
 * if it is itself a results folder (holds {@value #MARKER}). Stateless.
 */
public final class ExperimentResults {

    /** The file that marks a results folder. */
    public static final String MARKER = "experiment.json";

    private ExperimentResults() {
    }

    /**
     * A chart to write as {@code name}.png/.svg/.pdf at the given size, restyled for print with
     * tick and legend text of {@code fontSize} ({@link org.vmsched.chart.ExportOptions}).
     */
    public record ChartFile(String name, JFreeChart chart, int width, int height, float fontSize) {

        /** With the font size that stays readable when the figure is printed at a page's text width. */
        public ChartFile(String name, JFreeChart chart, int width, int height) {
            this(name, chart, width, height, defaultFontSize(width, height));
        }

        /** The default font size of a figure this large (see {@link org.vmsched.chart.ExportOptions#forPrint}). */
        public static float defaultFontSize(int width, int height) {
            float f = (float) Math.ceil(width * org.vmsched.chart.ExportOptions.MIN_PRINTED_PT
                    / org.vmsched.chart.ExportOptions.TEXT_WIDTH_PT);
            return Math.max(org.vmsched.chart.ExportOptions.MIN_FONT, Math.min(f, (float) Math.floor(Math.min(width, height) / 12.0)));
        }

        /** The export options of this file. */
        public org.vmsched.chart.ExportOptions options() {
            return new org.vmsched.chart.ExportOptions(width, height, fontSize);
        }
    }

    /**
     * Why results cannot go to {@code dir}, or null when they can: it exists and is a file, or
     * a folder that is neither empty nor a results folder.
     */
    public static String targetProblem(Path dir) {
        if (Files.isRegularFile(dir)) {
            return dir + " is a file, not a folder";
        }
        if (Files.isDirectory(dir) && !Files.exists(dir.resolve(MARKER))) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
                if (ds.iterator().hasNext()) {
                    return dir + " exists and is not a results folder (no " + MARKER + "); choose another folder";
                }
            } catch (IOException e) {
                return dir + " cannot be read: " + e.getMessage();
            }
        }
        return null;
    }

    /**
     * Writes the folder and returns the files written, relative to {@code dir}, in writing order.
     *
     * @throws ExperimentCancelledException when {@code cancel} is set before the folder is in
     *                                      place (nothing is left behind)
     */
    public static List<Path> write(ExperimentResult result, List<ChartFile> charts, Path dir, Cancellation cancel)
            throws IOException, ExperimentCancelledException {
        return write(result, charts, dir, ExperimentListener.NONE, cancel);
    }

    /**
     * As {@link #write(ExperimentResult, List, Path, Cancellation)}, telling {@code listener}
     * after each file (3 text files, then 3 per chart), from the calling thread.
     */
    public static List<Path> write(ExperimentResult result, List<ChartFile> charts, Path dir, ExperimentListener listener,
                                   Cancellation cancel) throws IOException, ExperimentCancelledException {
        String problem = targetProblem(dir);
        if (problem != null) {
            throw new IOException(problem);
        }
        Path target = dir.toAbsolutePath().normalize();
        Path parent = target.getParent();
        Files.createDirectories(parent);
        // Not createTempDirectory: its owner-only permissions would stay on the results folder.
        Path tmp = parent.resolve("." + target.getFileName() + ".partial-" + Long.toHexString(System.nanoTime()));
        Files.createDirectory(tmp);
        List<Path> written = new ArrayList<>();
        long total = 3 + 3L * charts.size();
        boolean moved = false;
        try {
            text(tmp, MARKER, ExperimentJson.toJson(result.experiment()), written);
            if (result instanceof TmaxResult t) {
                text(tmp, "tmax-points.csv", ExperimentCsv.tmaxPoints(t), written);
                text(tmp, "tmax-sets.csv", ExperimentCsv.tmaxSamples(t), written);
            } else if (result instanceof OverheadResult o) {
                text(tmp, "overhead-points.csv", ExperimentCsv.overheadPoints(o), written);
                text(tmp, "overhead-curves.csv", ExperimentCsv.overheadCurves(o), written);
            }
            listener.progress(written.size(), total);
            for (ChartFile c : charts) {
                for (ChartExport.Format f : ChartExport.Format.values()) {
                    if (cancel.isCancelled()) {
                        throw new ExperimentCancelledException();
                    }
                    String name = c.name() + "." + f.name().toLowerCase(java.util.Locale.ROOT);
                    ChartExport.write(c.chart(), tmp.resolve(name), f, c.options());
                    written.add(Path.of(name));
                    listener.progress(written.size(), total);
                }
            }
            if (cancel.isCancelled()) {
                throw new ExperimentCancelledException();
            }
            Path old = null;
            if (Files.exists(target)) {
                old = parent.resolve("." + target.getFileName() + ".old-" + Long.toHexString(System.nanoTime()));
                move(target, old);
            }
            move(tmp, target);
            moved = true;
            if (old != null) {
                deleteTree(old);
            }
            return written;
        } finally {
            if (!moved) {
                deleteTree(tmp);
            }
        }
    }

    private static void text(Path dir, String name, String content, List<Path> written) throws IOException {
        Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
        written.add(Path.of(name));
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    /** Deletes a folder and everything in it; quietly does nothing when it is gone. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
