package org.vmsched.cli;

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
import org.vmsched.io.InputFiles;

/**
 * The gate of a trace file ({@code trace}, {@code measure}): only a regular file (a FIFO, device
 * or folder is refused before it is opened, as every input of VMSched), read as a stream of any
 * size (the parser keeps memory bounded), gzip-compressed when its first bytes say so. A gzip
 * stream cut short ends the trace there ({@link #truncated}), as a trace cut mid-job does. Not
 * thread-safe.
 */
final class TraceInput extends FilterInputStream {

    private boolean truncated;

    private TraceInput(InputStream in) {
        super(in);
    }

    /** Opens {@code file} given as {@code what} ("TRACE"); a refusal is bad input naming it and the reason. */
    static TraceInput open(Path file, String what) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new BadInputException(what + " " + file + ": " + InputFiles.reason(e));
        }
        if (a.isDirectory()) {
            throw new BadInputException(what + " " + file + ": is a folder, not a file");
        }
        if (!a.isRegularFile()) {
            throw new BadInputException(what + " " + file + ": is not a regular file (a FIFO, socket or device); give a"
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
                    throw new BadInputException(what + " " + file + ": is not a readable gzip file (" + e.getMessage() + ")");
                }
            }
            return new TraceInput(in);
        } catch (IOException e) {
            throw new BadInputException(what + " " + file + ": " + InputFiles.reason(e));
        }
    }

    /** Whether a gzip stream ended before its end (the trace is cut there). */
    boolean truncated() {
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
