package org.vmsched.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.vmsched.linux.RtAppExport;
import org.vmsched.model.Scenario;
import org.vmsched.text.Format;

/**
 * {@code export-config --target rt-app --out DIR}: the scenario as rt-app files and a run.sh
 * ({@link RtAppExport}) in a folder written whole ({@link CliSupport#writeFolder}); a scenario the
 * kernel cannot run as it is analysed is bad input with the reason. Stateless.
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
