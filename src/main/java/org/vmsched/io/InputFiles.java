package org.vmsched.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import org.vmsched.model.Limits;

/**
 * The one gate every input file passes, whatever its kind (scenario or experiment JSON, CARTS or
 * SimSo XML) and whichever command reads it (docs/reference/command-line.md, "Limits"): only a regular file (a link is
 * followed; a folder, FIFO, socket or device is refused before it is opened, so a FIFO cannot
 * block the reader), at most {@link Limits#MAX_FILE_BYTES} bytes (checked on the size first and
 * again while reading, for a file that grows), strict UTF-8 with a leading byte-order mark
 * skipped. Every refusal is one short reason in our words, without the path (the caller names
 * the file). Stateless, thread-safe.
 */
public final class InputFiles {

    private InputFiles() {
    }

    /** A file that cannot be read as text; the message is the reason only, for example "file not found". */
    public static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    /** The file's text; {@code kind} names what it should be in a message ("a scenario file"). */
    public static String read(Path file, String kind) throws Refused {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new Refused(reason(e));
        }
        if (a.isDirectory()) {
            throw new Refused("is a folder, not a file");
        }
        if (!a.isRegularFile()) {
            throw new Refused("is not a regular file (a FIFO, socket or device); give " + kind);
        }
        if (a.size() > Limits.MAX_FILE_BYTES) {
            throw new Refused(tooLarge(kind));
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, kind);
        } catch (IOException e) {
            throw new Refused(reason(e));
        }
    }

    /** A stream's text under the same limit and encoding rules as {@link #read(Path, String)}. */
    public static String read(InputStream in, String kind) throws Refused {
        byte[] bytes;
        try {
            bytes = in.readNBytes(Limits.MAX_FILE_BYTES + 1);
        } catch (IOException e) {
            throw new Refused(reason(e));
        }
        if (bytes.length > Limits.MAX_FILE_BYTES) {
            throw new Refused(tooLarge(kind));
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new Refused("is not UTF-8 text (is it " + kind + "?)");
        }
        return text.startsWith("\uFEFF") ? text.substring(1) : text; // a byte-order mark is legal to skip
    }

    private static String tooLarge(String kind) {
        return "is larger than " + Limits.MAX_FILE_BYTES / (1024 * 1024) + " MiB, the most VMSched reads (is it "
                + kind + "?)";
    }

    /** The first character of {@code text} past a byte-order mark and white space, or 0 when there is none. */
    static char firstMark(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\uFEFF' && !Character.isWhitespace(c)) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Why writing or making {@code e}'s path failed: as {@link #reason}, but the system's "no such
     * file" on an output path is a place where nothing can be made (a missing folder, procfs), not
     * a missing input: "no such file or folder".
     */
    public static String writeReason(IOException e) {
        return e instanceof NoSuchFileException ? "no such file or folder" : reason(e);
    }

    /**
     * Why a file operation failed, in a few lower-case words and without any path: "permission
     * denied", "read-only file system", "is a directory", "file not found", "no space left on device".
     */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "file not found";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "a part of the path is not a folder";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file of that name is in the way";
        }
        String r = e instanceof FileSystemException f ? f.getReason() : e.getMessage();
        if (r == null || r.isBlank()) {
            return "input/output error";
        }
        // the operating system's words ("Read-only file system"), never a path a library appended
        String first = r.strip().split("\n", 2)[0];
        return Limits.oneLine(first.substring(0, 1).toLowerCase(Locale.ROOT) + first.substring(1), 200);
    }
}
