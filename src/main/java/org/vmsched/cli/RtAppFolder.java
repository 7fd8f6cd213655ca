package org.vmsched.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.vmsched.io.InputFiles;
import org.vmsched.linux.RtAppExport;
import org.vmsched.model.Scenario;
import org.vmsched.text.Format;

/**
 * {@code export-config --target rt-app --out DIR}: the scenario as rt-app files and a run.sh
 * ({@link RtAppExport}) in a folder written whole ({@link CliSupport#writeFolder}); a scenario the
 * kernel cannot run as it is analysed is bad input with the reason. A folder holding any file the
 * export does not write (a run's trace, rt-app's logs, a report) is refused, not replaced
 * ({@link #holdsOnlyExport}). Stateless.
 */
final class RtAppFolder {

    /** The file that marks a folder this command wrote (and may replace). */
    static final String MARKER = "run.sh";

    private RtAppFolder() {
    }

    /** Exports {@code s} to {@code out}; the warnings go to {@code err}, the folder's name to {@code out}. */
    static void write(Scenario s, Path dir, double unitMicros, PrintWriter out, PrintWriter err) {
        if (dir == null) {
            throw new BadInputException("--target rt-app writes several files: give --out DIR");
        }
        RtAppExport.Output o = export(s, unitMicros);
        CliSupport.outputFolder("--out", dir, MARKER, "an rt-app export");
        holdsOnlyExport(dir, o.files().keySet());
        CliSupport.writeFolder("--out", dir, MARKER, "an rt-app export", folder -> files(folder, o.files()));
        for (String w : o.warnings()) {
            err.println("warning: " + w);
        }
        if (!o.verdict().schedulable()) {
            err.println("warning: the rounded configuration is " + o.verdict().verdict() + " by the analysis (see run.sh's header)");
        }
        err.flush();
        out.println("wrote " + o.files().size() + " files to " + dir + " (run as root: " + dir.resolve(MARKER) + " [SECONDS [OUTDIR]])");
        out.flush();
    }

    /**
     * Refuses --out {@code dir} when it holds a file or folder that the export ({@code writes}, the
     * names it writes) does not write: the folder is replaced whole, so it would be lost, and what
     * a run left there (trace.txt, rt-app's logs, the report) is a measurement that cannot be
     * taken again. The message names what would be lost (the trace first, at most three by name).
     */
    static void holdsOnlyExport(Path dir, Set<String> writes) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<String> others = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String name = p.getFileName().toString();
                if (!writes.contains(name)) {
                    others.add(name);
                }
            }
        } catch (IOException e) {
            throw new BadInputException("--out: " + dir + " cannot be read: " + InputFiles.reason(e));
        }
        if (others.isEmpty()) {
            return;
        }
        // the trace first: it is what cannot be had again
        others.sort(Comparator.comparing((String n) -> !n.startsWith("trace")).thenComparing(Comparator.naturalOrder()));
        int shown = Math.min(others.size(), 3);
        String names = String.join(", ", others.subList(0, shown)) + (others.size() > shown
                ? " and " + (others.size() - shown) + " more" : "");
        boolean one = others.size() == 1;
        throw new BadInputException("--out: " + dir + " holds " + names + ", which an rt-app export does not write;"
                + " the folder is written whole, so " + (one ? "it" : "they") + " would be lost (a run's trace cannot be"
                + " measured again): give another folder, or move " + (one ? "it" : "them") + " out first");
    }

    /** The export, its refusal as bad input. */
    static RtAppExport.Output export(Scenario s, double unitMicros) {
        try {
            return RtAppExport.export(s, unitMicros);
        } catch (RtAppExport.Unmappable e) {
            throw new BadInputException("--target rt-app: " + e.getMessage());
        } catch (ArithmeticException e) {
            throw new BadInputException("--unit-us " + Format.significant(unitMicros, 9) + ": a period or budget does not"
                    + " fit in whole us as a 64-bit number");
        }
    }

    /** Writes the files into {@code folder}, run.sh executable. */
    static void files(Path folder, Map<String, String> files) throws IOException {
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = folder.resolve(f.getKey());
            Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
            if (f.getKey().endsWith(".sh")) {
                try {
                    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
                } catch (UnsupportedOperationException e) {
                    // a file system without POSIX modes (Windows): run it with sh run.sh
                }
            }
        }
    }
}
