package org.vmsched.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Safe file writes. The content goes to a temporary file beside the target, which is then moved
 * over it, so a crash or an error leaves the old or the new file, never half of one. What is at
 * the path is respected: a symbolic link is followed and its target replaced (the link stays); a
 * character device such as /dev/null is written directly, never replaced; a folder, FIFO, socket
 * or block device is refused with a message. Temporary names are recognisable
 * ({@code .NAME.vmsched-PID-RANDOM.tmp}): removed on failure, and a later write to the same
 * folder removes those whose process has died. Stateless and thread-safe.
 */
public final class AtomicFiles {

    /** The part of a temporary name that marks it as ours: {@code .NAME.vmsched-PID-RANDOM.tmp}. */
    public static final String TEMP_MARK = ".vmsched-";

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
        Set<PosixFilePermission> perms = Files.exists(target)
                ? Files.getPosixFilePermissions(target)
                : PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(tmp, perms);
    }

    /**
     * Runs the writer on a temporary file beside {@code file} (its link target), then moves it into
     * place. A failure's message is the reason alone ("permission denied", "read-only file system",
     * "is a folder, not a file"): never the temporary's name, and the caller names the file.
     */
    public static void write(Path file, Writer writer) throws IOException {
        try {
            writeOrFail(file, writer);
        } catch (Failure e) {
            throw e;
        } catch (NoSuchFileException e) {
            throw new Failure("cannot create a file there (no such file or folder)", e);
        } catch (IOException e) {
            throw new Failure(InputFiles.reason(e), e);
        }
    }

    /** An IOException whose message is already the reason in our words. */
    private static final class Failure extends IOException {
        Failure(String reason, Throwable cause) {
            super(reason, cause);
        }

        Failure(String reason) {
            super(reason);
        }
    }

    private static void writeOrFail(Path file, Writer writer) throws IOException {
        Path target = followLinks(file.toAbsolutePath());
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            BasicFileAttributes a = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (a.isDirectory()) {
                throw new Failure("is a folder, not a file");
            }
            if (!a.isRegularFile()) {
                if (isCharacterDevice(target)) {
                    writer.write(target); // /dev/null, /dev/stdout: write through, never replace the node
                    return;
                }
                throw new Failure("is not a regular file (a FIFO, socket or device); give a file name");
            }
        }
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new Failure("no such folder: " + (dir == null ? file : dir));
        }
        String name = target.getFileName().toString();
        removeStale(dir, "." + name + TEMP_MARK);
        Path tmp = dir.resolve("." + name + TEMP_MARK + ProcessHandle.current().pid() + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE) + ".tmp");
        Files.createFile(tmp);
        try {
            writer.write(tmp);
            keepPermissions(target, tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * The path a write to {@code file} should replace: {@code file} itself, or for a symbolic link
     * (a chain of them) the file it points to, existing or not.
     */
    static Path followLinks(Path file) throws IOException {
        Path p = file;
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops > 40) {
                throw new IOException(file + ": too many levels of symbolic links");
            }
            Path link = Files.readSymbolicLink(p);
            p = p.resolveSibling(link).normalize();
        }
        return p;
    }

    /** True for a character device (/dev/null, a terminal), false for anything else or when unknown. */
    static boolean isCharacterDevice(Path p) {
        try {
            Object mode = Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            return mode instanceof Integer m && (m & 0170000) == 0020000;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Deletes files and folders in {@code dir} named {@code prefix + PID-…} whose process is no
     * longer running: what a killed write left behind. Never touches another name.
     */
    static void removeStale(Path dir, String prefix) {
        removeStale(dir, prefix, null);
    }

    /** As {@link #removeStale(Path, String)}, keeping {@code keep} (may be null). */
    static void removeStale(Path dir, String prefix, Path keep) {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, e -> e.getFileName().toString().startsWith(prefix))) {
            for (Path p : ds) {
                String rest = p.getFileName().toString().substring(prefix.length());
                int dash = rest.indexOf('-');
                if (dash <= 0) {
                    continue;
                }
                long pid;
                try {
                    pid = Long.parseLong(rest.substring(0, dash));
                } catch (NumberFormatException e) {
                    continue;
                }
                // This process's own (a write in progress on another thread) or a live one's: leave it.
                if (pid == ProcessHandle.current().pid() || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                if (!p.equals(keep)) {
                    AtomicFolder.deleteTree(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Tidying is a courtesy: a folder we cannot list or a file we cannot delete stays.
        }
    }
}
