package org.vmsched.io;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Exchanges two folders in one step, so that neither name is ever empty: Linux's
 * {@code renameat2(RENAME_EXCHANGE)} (kernel 3.15, glibc 2.28) or macOS's
 * {@code renamex_np(RENAME_SWAP)}. Java has no API for this, so the call goes through JNA. Where
 * neither exists (another system, a file system that refuses the flag, a path the platform
 * cannot encode) {@link #exchange} says so and the caller falls back to two renames.
 * Stateless; the native library is looked up once.
 */
final class FolderExchange {

    /** {@code RENAME_EXCHANGE} of Linux and {@code RENAME_SWAP} of macOS: both are 2. */
    private static final int SWAP = 2;
    /** {@code AT_FDCWD}: the paths are absolute, so the directory descriptor is unused. */
    private static final int AT_FDCWD = -100;

    /** The two C functions, declared with {@code byte[]} paths so that no JNA string encoding is involved. */
    interface LinuxC extends Library {
        int renameat2(int olddirfd, byte[] oldpath, int newdirfd, byte[] newpath, int flags);
    }

    interface MacC extends Library {
        int renamex_np(byte[] from, byte[] to, int flags);
    }

    private static final Object C = load();

    private FolderExchange() {
    }

    private static Object load() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        try {
            if (os.contains("linux")) {
                return Native.load("c", LinuxC.class);
            }
            if (os.contains("mac")) {
                return Native.load("c", MacC.class);
            }
        } catch (LinkageError | RuntimeException e) {
            // No JNA native for this platform, or no such function: the caller renames twice.
        }
        return null;
    }

    /** Whether this platform offers the exchange at all (a file system may still refuse it). */
    static boolean available() {
        return C != null;
    }

    /**
     * Swaps what is at {@code a} with what is at {@code b}, both existing, in one step.
     *
     * @return true when swapped; false when nothing happened because the exchange is not
     *         available here (then rename twice)
     */
    static boolean exchange(Path a, Path b) {
        if (C == null) {
            return false;
        }
        byte[] pa = bytes(a);
        byte[] pb = bytes(b);
        if (pa == null || pb == null) {
            return false;
        }
        try {
            int r = C instanceof LinuxC l ? l.renameat2(AT_FDCWD, pa, AT_FDCWD, pb, SWAP)
                    : ((MacC) C).renamex_np(pa, pb, SWAP);
            return r == 0;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }

    /** The path as the C library sees it (the JDK's own file-name encoding), NUL-terminated; null if unencodable. */
    private static byte[] bytes(Path p) {
        String s = p.toAbsolutePath().toString();
        String enc = System.getProperty("sun.jnu.encoding");
        Charset cs;
        try {
            cs = enc == null ? Charset.defaultCharset() : Charset.forName(enc);
        } catch (RuntimeException e) {
            cs = Charset.defaultCharset();
        }
        CharsetEncoder e = cs.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            ByteBuffer bb = e.encode(CharBuffer.wrap(s));
            byte[] out = new byte[bb.remaining() + 1];
            bb.get(out, 0, out.length - 1);
            for (int i = 0; i < out.length - 1; i++) {
                if (out[i] == 0) {
                    return null;
                }
            }
            return out;
        } catch (CharacterCodingException x) {
            return null;
        }
    }
}
