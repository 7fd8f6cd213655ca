package org.vmsched.io;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import java.util.ArrayList;
import java.util.List;
import org.vmsched.linux.SchedTraceParser;

/**
 * The gate of a trace file ({@code trace}, {@code measure}, the window's File &gt; Import Trace): only a regular file (a FIFO, device
 * or folder is refused before it is opened, as every input of VMSched), read as a stream of any
 * size (the parser keeps memory bounded), gzip-compressed when its first bytes say so. A gzip
 * stream cut short ends the trace there ({@link #truncated}), as a trace cut mid-job does. A
 * refusal is an {@link InputFiles.Refused} whose message names the file and the reason. Not
 * thread-safe.
 */
public final class TraceInput extends FilterInputStream {

    /** One read of a trace: the parser's counts and what the reading assumed (a cut gzip). */
    public record Read(SchedTraceParser.Summary summary, List<String> notes) {
        public Read {
            notes = List.copyOf(notes);
        }
    }

    private boolean truncated;

    private TraceInput(InputStream in) {
        super(in);
    }

    /**
     * Reads the trace {@code file}, given as {@code what} ("TRACE"), to its end into {@code listener}:
     * refused when it is not a regular readable file, not a text scheduler trace, or a trace with no
     * {@code sched_switch} or {@code sched_wakeup} event.
     */
    public static Read read(Path file, String what, SchedTraceParser.Listener listener) throws InputFiles.Refused {
        SchedTraceParser.Summary sum;
        List<String> notes = new ArrayList<>();
        try (TraceInput in = open(file, what)) {
            sum = SchedTraceParser.parse(in, listener);
            if (in.truncated()) {
                notes.add("the gzip file ends early: the trace is taken as cut there");
            }
        } catch (SchedTraceParser.NotATrace e) {
            throw new InputFiles.Refused(what + " " + file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new InputFiles.Refused(what + " " + file + ": " + InputFiles.reason(e));
        }
        if (sum.events() == 0) {
            throw new InputFiles.Refused(what + " " + file + ": has no sched_switch or sched_wakeup event (record"
                    + " events/sched/sched_switch and sched_wakeup: run.sh of export-config --target rt-app does)");
        }
        return new Read(sum, notes);
    }

    /** Opens {@code file} given as {@code what} ("TRACE"); a refusal names it and the reason. */
    public static TraceInput open(Path file, String what) throws InputFiles.Refused {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new InputFiles.Refused(what + " " + file + ": " + InputFiles.reason(e));
        }
        if (a.isDirectory()) {
            throw new InputFiles.Refused(what + " " + file + ": is a folder, not a file");
        }
        if (!a.isRegularFile()) {
            throw new InputFiles.Refused(what + " " + file + ": is not a regular file (a FIFO, socket or device); give a"
                    + " trace file (tracefs's trace, trace-cmd report's output, or either gzipped)");
        }
        try {
            BufferedInputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
            in.mark(2);
            int b0 = in.read();
            int b1 = in.read();
            in.reset();
            if (b0 == 0x1f && b1 == 0x8b) {
                try {
                    return new TraceInput(new GZIPInputStream(in, 1 << 16));
                } catch (ZipException | EOFException e) {
                    in.close();
                    throw new InputFiles.Refused(what + " " + file + ": is not a readable gzip file (" + e.getMessage() + ")");
                }
            }
            return new TraceInput(in);
        } catch (IOException e) {
            throw new InputFiles.Refused(what + " " + file + ": " + InputFiles.reason(e));
        }
    }

    /** Whether a gzip stream ended before its end (the trace is cut there). */
    public boolean truncated() {
        return truncated;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (truncated) {
            return -1;
        }
        try {
            return super.read(b, off, len);
        } catch (EOFException | ZipException e) {
            truncated = true; // a damaged or cut gzip: what came before it is the trace
            return -1;
        }
    }
}
