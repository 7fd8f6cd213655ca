package org.vmsched.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Atomic file writes: the content goes to a temporary file beside the target, which is then
 * moved over it, so a crash or an error never leaves half a file. Stateless.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Something that writes a whole file at the path it is given. */
    @FunctionalInterface
    public interface Writer {
        void write(Path tmp) throws IOException;
    }

    /**
     * A temporary file is created owner-only; give the result the target's permissions, or the
     * usual rw-r--r-- for a new file, so a saved scenario or chart is readable like any other.
     */
    private static void keepPermissions(Path target, Path tmp) throws IOException {
        if (!tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        java.util.Set<java.nio.file.attribute.PosixFilePermission> perms = Files.exists(target)
                ? Files.getPosixFilePermissions(target)
                : java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(tmp, perms);
    }

    /** Runs the writer on a temporary file beside {@code file}, then moves it into place. */
    public static void write(Path file, Writer writer) throws IOException {
        Path abs = file.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IOException(dir + ": no such folder");
        }
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
        try {
            writer.write(tmp);
            keepPermissions(abs, tmp);
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
