package org.vmsched.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;
import org.vmsched.progress.CancelledException;

/**
 * The one way a whole output folder is written (experiment results, {@code compare --gantt},
 * {@code reproduce … --out}): everything goes to a hidden temporary folder beside the target
 * ({@code .NAME.vmsched-partial-PID-…}), which is put in place only when complete; an existing
 * folder is exchanged with it in one step where the system can ({@link FolderExchange}), so the
 * name always holds a complete version and never old files mixed with new ones. An error, a
 * cancellation or a kill never leaves a half-written folder at the name; what a killed write left
 * beside it is tidied by the next write ({@link #recover}). An existing folder is replaced only
 * when it is empty or holds the writer's marker file (it was written this way before). A failure's
 * message is the reason alone, never a temporary name: the caller names the folder. Stateless.
 */
public final class AtomicFolder {

    private static final String PARTIAL = "partial-";
    private static final String OLD = "old-";

    private AtomicFolder() {
    }

    /** Something that writes a folder's files into the (temporary) folder it is given. */
    @FunctionalInterface
    public interface Writer {
        void write(Path folder) throws IOException, CancelledException;
    }

    /**
     * Why a folder cannot be written at {@code dir}, or null when it can: a symbolic link, a path
     * that is not a folder, or a folder that is neither empty nor holds {@code marker} (then it is
     * not {@code what}, such as "a results folder", and is not ours to replace).
     */
    public static String targetProblem(Path dir, String marker, String what) {
        if (Files.isSymbolicLink(dir)) {
            return dir + " is a symbolic link; give the folder itself";
        }
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir)) {
            return Files.isRegularFile(dir) ? dir + " is a file, not a folder"
                    : dir + " is not a folder (a device, FIFO or socket); choose a folder";
        }
        if (Files.isDirectory(dir) && !Files.exists(dir.resolve(marker))) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
                if (ds.iterator().hasNext()) {
                    return dir + " exists and is not " + what + " (no " + marker + "); choose another folder";
                }
            } catch (IOException e) {
                return dir + " cannot be read: " + InputFiles.reason(e);
            }
        }
        return null;
    }

    /**
     * Checks, before any work is done, that a folder can be made beside {@code dir}: makes its
     * parent folders and a hidden probe folder, then removes the probe.
     *
     * @throws IOException with the reason alone ("permission denied", "read-only file system")
     */
    public static void checkWritable(Path dir) throws IOException {
        Path target = dir.toAbsolutePath().normalize();
        try {
            Files.createDirectories(target.getParent());
            Path probe = Files.createDirectory(temporary(target, PARTIAL));
            Files.delete(probe);
        } catch (IOException e) {
            throw reasonOnly(e);
        }
    }

    /**
     * Writes the folder {@code dir} through {@code writer} and puts it in place in one step.
     *
     * @throws IOException        with the reason alone when {@code dir} is refused
     *                            ({@link #targetProblem}) or a write or the move fails; nothing is left behind
     * @throws CancelledException when the writer is cancelled (nothing is left behind)
     */
    public static void write(Path dir, String marker, String what, Writer writer) throws IOException, CancelledException {
        String problem = targetProblem(dir, marker, what);
        if (problem != null) {
            throw new IOException(problem);
        }
        Path target = dir.toAbsolutePath().normalize();
        Path tmp;
        try {
            Files.createDirectories(target.getParent());
            recover(target);
            // Not createTempDirectory: its owner-only permissions would stay on the folder.
            tmp = Files.createDirectory(temporary(target, PARTIAL));
        } catch (IOException e) {
            throw reasonOnly(e);
        }
        boolean moved = false;
        try {
            writer.write(tmp);
            Path old = null;
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                if (FolderExchange.exchange(tmp, target)) {
                    // One step: the new folder is at the name, the old one at tmp's hidden name.
                    moved = true;
                    deleteQuietly(tmp);
                    return;
                }
                // No exchange on this system: the old folder stays at its name until the new one is
                // complete, but between these two renames the name is empty for an instant;
                // recover() finishes the swap on the next run.
                old = target.resolveSibling(hidden(target, OLD) + tmp.getFileName().toString()
                        .substring(hidden(target, PARTIAL).length()));
                move(target, old);
            }
            move(tmp, target);
            moved = true;
            if (old != null) {
                deleteQuietly(old);
            }
        } catch (IOException e) {
            throw reasonOnly(e);
        } finally {
            if (!moved) {
                deleteQuietly(tmp);
            }
        }
    }

    /** A new hidden name of {@code kind} beside {@code target}, owned by this process. */
    private static Path temporary(Path target, String kind) {
        String token = ProcessHandle.current().pid() + "-" + Long.toHexString(System.nanoTime());
        return target.resolveSibling(hidden(target, kind) + token);
    }

    /** {@code .NAME.vmsched-KIND}: the prefix of our hidden folders beside {@code target}. */
    private static String hidden(Path target, String kind) {
        return "." + target.getFileName() + AtomicFiles.TEMP_MARK + kind;
    }

    /** An IOException whose message is already a reason in our words, without any path. */
    private static final class Failure extends IOException {
        Failure(String reason, Throwable cause) {
            super(reason, cause);
        }
    }

    /** {@code e} with the reason alone: a system exception names the path (a temporary one) it failed on. */
    private static IOException reasonOnly(IOException e) {
        // the system's exceptions carry the path; ours (AtomicFiles', a refusal) are a reason already
        return e instanceof FileSystemException ? new Failure(InputFiles.writeReason(e), e) : e;
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
            if (!Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
                Path old = deadLeftover(parent, hidden(abs, OLD));
                if (old != null) {
                    // The old one is renamed aside only once the new one of the same write is complete.
                    Path partial = parent.resolve(hidden(abs, PARTIAL)
                            + old.getFileName().toString().substring(hidden(abs, OLD).length()));
                    move(Files.isDirectory(partial, LinkOption.NOFOLLOW_LINKS) ? partial : old, abs);
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
                        && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    return p;
                }
            }
        }
        return null;
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    /**
     * Deletes a temporary or replaced folder; what cannot be deleted now is a leftover of this
     * (then dead) process that the next write's {@link #recover} removes, so a write that
     * succeeded is not reported as failed.
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
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
