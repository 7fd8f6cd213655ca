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
import org.vmsched.experiment.ExperimentResult;
import org.vmsched.experiment.OverheadResult;
import org.vmsched.experiment.TmaxResult;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * Writes an experiment's results folder: {@code experiment.json} (the experiment as run, seed
 * and sets resolved, so {@code experiment experiment.json} repeats it), the CSV files of
 * {@link ExperimentCsv}, and every chart as PNG, SVG, PDF and pgfplots/TikZ. Everything is first written to a
 * hidden temporary folder beside the target and moved into place at the end, so an error or a
 * cancellation never leaves a half-written results folder; an existing folder is exchanged with
 * the new one in one step where the system can ({@link FolderExchange}), so its name always holds
 * a complete version. An existing folder is replaced only
 * if it is itself a results folder (holds {@value #MARKER}). Stateless.
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
        if (Files.isSymbolicLink(dir)) {
            return dir + " is a symbolic link; give the folder itself";
        }
        if (Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir)) {
            return Files.isRegularFile(dir) ? dir + " is a file, not a folder"
                    : dir + " is not a folder (a device, FIFO or socket); choose a folder";
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
     */
    public static List<Path> write(ExperimentResult result, List<ChartFile> charts, Path dir, Progress progress,
                                   Cancellation cancel) throws IOException, CancelledException {
        String problem = targetProblem(dir);
        if (problem != null) {
            throw new IOException(problem);
        }
        Path target = dir.toAbsolutePath().normalize();
        Path parent = target.getParent();
        Files.createDirectories(parent);
        recover(target);
        // Not createTempDirectory: its owner-only permissions would stay on the results folder.
        String token = ProcessHandle.current().pid() + "-" + Long.toHexString(System.nanoTime());
        Path tmp = parent.resolve(hidden(target, PARTIAL) + token);
        Files.createDirectory(tmp);
        List<Path> written = new ArrayList<>();
        long total = 3 + (long) ChartExport.Format.values().length * charts.size();
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
            progress.progress(written.size(), total, "writing");
            for (ChartFile c : charts) {
                for (ChartExport.Format f : ChartExport.Format.values()) {
                    if (cancel.isCancelled()) {
                        throw new CancelledException();
                    }
                    String name = c.name() + "." + f.name().toLowerCase(java.util.Locale.ROOT);
                    ChartExport.write(c.chart(), tmp.resolve(name), f, c.options());
                    written.add(Path.of(name));
                    progress.progress(written.size(), total, "writing");
                }
            }
            if (cancel.isCancelled()) {
                throw new CancelledException();
            }
            Path old = null;
            if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                if (FolderExchange.exchange(tmp, target)) {
                    // One step: the new folder is at the name, the old one at tmp's hidden name.
                    moved = true;
                    deleteQuietly(tmp);
                    return written;
                }
                // No exchange on this system: the old folder stays at its name until the new one is
                // complete, but between these two renames the name is empty for an instant;
                // recover() finishes the swap on the next run.
                old = parent.resolve(hidden(target, OLD) + token);
                move(target, old);
            }
            move(tmp, target);
            moved = true;
            if (old != null) {
                deleteQuietly(old);
            }
            return written;
        } finally {
            if (!moved) {
                deleteTree(tmp);
            }
        }
    }

    private static final String PARTIAL = "partial-";
    private static final String OLD = "old-";

    /** {@code .NAME.vmsched-KIND}: the prefix of our hidden folders beside {@code target}. */
    private static String hidden(Path target, String kind) {
        return "." + target.getFileName() + AtomicFiles.TEMP_MARK + kind;
    }

    /**
     * Tidies what a killed write to {@code target} left behind (folders named by a dead process):
     * a kill between the two renames leaves the name empty, a complete new version
     * ({@code .NAME.vmsched-partial-PID-…}, renamed aside only when complete) and the old one
     * ({@code .NAME.vmsched-old-PID-…}); the new one is put in place. Then the remaining leftovers
     * of dead processes are deleted. Folders of another name are never touched.
     */
    public static void recover(Path target) {
        Path abs = target.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return;
        }
        try {
            if (!Files.exists(abs, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Path old = deadLeftover(parent, hidden(abs, OLD));
                if (old != null) {
                    // The old one is renamed aside only once the new one of the same write is complete.
                    Path partial = parent.resolve(hidden(abs, PARTIAL)
                            + old.getFileName().toString().substring(hidden(abs, OLD).length()));
                    move(Files.isDirectory(partial, java.nio.file.LinkOption.NOFOLLOW_LINKS) ? partial : old, abs);
                }
            }
        } catch (IOException e) {
            // Leave the leftovers for the user; the write itself goes on beside them.
            return;
        }
        AtomicFiles.removeStale(parent, hidden(abs, PARTIAL));
        AtomicFiles.removeStale(parent, hidden(abs, OLD));
    }

    /** The folder {@code name} in {@code parent} when it exists and its process (PID after the prefix) is dead. */
    private static Path deadLeftover(Path parent, String prefix) throws IOException {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(parent, e -> e.getFileName().toString().startsWith(prefix))) {
            for (Path p : ds) {
                String rest = p.getFileName().toString().substring(prefix.length());
                int dash = rest.indexOf('-');
                long pid;
                try {
                    pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (pid != ProcessHandle.current().pid() && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)
                        && Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    return p;
                }
            }
        }
        return null;
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

    /**
     * Deletes the replaced version once the new one is in place; what cannot be deleted now is a
     * leftover of this (then dead) process that the next write's {@link #recover} removes, so the
     * write that succeeded is not reported as failed.
     */
    private static void deleteQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException e) {
            // left for recover()
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
