package org.vmsched.linux;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A streaming reader of scheduler traces in text: the {@code trace} file of tracefs
 * ({@code prev_comm=… prev_pid=… prev_state=S ==> next_comm=…}) and the output of
 * {@code trace-cmd report} ({@code comm:pid [prio] S ==> comm:pid [prio]}). It hands each
 * {@code sched_switch}, {@code sched_wakeup}, {@code sched_wakeup_new} and
 * {@code sched_process_exit} line to a {@link Listener} as it reads it, so memory does not grow
 * with the trace: a line longer than {@link #MAX_LINE} bytes is skipped (counted), other events and
 * unreadable lines are counted and skipped, "[LOST n EVENTS]" and "[n EVENTS DROPPED]" lines and
 * an {@code entries-in-buffer/entries-written} header that shows overwritten events are passed on.
 * Input that is not such a trace (binary, or no trace line among the first {@link #PROBE_LINES}
 * lines) is refused with {@link NotATrace}. Times are nanoseconds as the trace prints them. Not
 * thread-safe: one parser per stream.
 */
public final class SchedTraceParser {

    /** Longest line read, in bytes; real event lines are under 300. */
    public static final int MAX_LINE = 4096;

    /** Lines read before input with no trace line in them is refused. */
    public static final int PROBE_LINES = 5000;

    /** What the parser found, event by event. */
    public interface Listener {
        /** A context switch on {@code cpu}: {@code prevState} as printed ("S", "D", "R+", …). */
        void onSwitch(long ns, int cpu, String prevComm, int prevPid, String prevState, String nextComm, int nextPid);

        /**
         * A thread woken ({@code created} for sched_wakeup_new) to run on {@code cpu}: the event's
         * target CPU where it names one, else the CPU that logged it.
         */
        void onWakeup(long ns, int cpu, String comm, int pid, boolean created);

        /** A thread ended. */
        void onExit(long ns, String comm, int pid);

        /** Events lost on {@code cpu} (-1 when the line does not say) at this point of the stream; {@code count} may be 0 when unknown. */
        void onLost(int cpu, long count);
    }

    /** Input that is not a text scheduler trace; the message says what it seems to be. */
    public static final class NotATrace extends Exception {
        public NotATrace(String message) {
            super(message);
        }
    }

    /** Counts of one read: lines, events handed on, lines skipped, and events overwritten before the first kept. */
    public record Summary(long lines, long events, long otherEvents, long unreadable, long overlong, long overwritten,
                          boolean traceCmd) {
    }

    private long lines;
    private long events;
    private long otherEvents;
    private long unreadable;
    private long overlong;
    private long overwritten;
    private boolean traceCmd;
    private boolean sawTrace;

    /** Reads {@code in} to its end; does not close it. */
    public static Summary parse(InputStream in, Listener listener) throws IOException, NotATrace {
        return new SchedTraceParser().run(in, listener);
    }

    private Summary run(InputStream in, Listener l) throws IOException, NotATrace {
        byte[] buf = new byte[1 << 16];
        byte[] line = new byte[MAX_LINE];
        int len = 0;
        boolean tooLong = false;
        boolean first = true;
        int n;
        while ((n = in.read(buf)) > 0) {
            if (first) {
                binary(buf, n);
                first = false;
            }
            for (int i = 0; i < n; i++) {
                byte b = buf[i];
                if (b == '\n') {
                    if (tooLong) {
                        overlong++;
                        lines++;
                    } else {
                        line(new String(line, 0, len, StandardCharsets.UTF_8), l);
                    }
                    len = 0;
                    tooLong = false;
                } else if (len < MAX_LINE) {
                    line[len++] = b;
                } else {
                    tooLong = true;
                }
            }
        }
        if (tooLong) {
            overlong++;
            lines++;
        } else if (len > 0) {
            line(new String(line, 0, len, StandardCharsets.UTF_8), l);
        }
        if (!sawTrace) {
            throw new NotATrace(lines == 0 ? "is empty, not a scheduler trace" : "is not a scheduler trace: no line of"
                    + " tracefs's trace file or of trace-cmd report in it (expected lines such as \"rt-app-123 [001]"
                    + " 10.000001: sched_switch: …\")");
        }
        return new Summary(lines, events, otherEvents, unreadable, overlong, overwritten, traceCmd);
    }

    /** Refuses binary input: a NUL byte in the first block, or trace-cmd's own trace.dat. */
    private static void binary(byte[] buf, int n) throws NotATrace {
        if (n >= 10 && buf[0] == 0x17 && buf[1] == 0x08 && buf[2] == 0x44 && buf[3] == 't') {
            throw new NotATrace("is trace-cmd's binary trace.dat: read it with trace-cmd report > trace.txt and give that");
        }
        for (int i = 0; i < n; i++) {
            if (buf[i] == 0) {
                throw new NotATrace("is binary, not a scheduler trace in text (tracefs's trace file or trace-cmd report)");
            }
        }
    }

    private void line(String s, Listener l) throws NotATrace {
        lines++;
        if (lines == 1 && s.startsWith("\uFEFF")) {
            s = s.substring(1); // a byte-order mark is skipped, as InputFiles skips it in every other input
        }
        if (!sawTrace && lines > PROBE_LINES) {
            throw new NotATrace("is not a scheduler trace: no line of tracefs's trace file or of trace-cmd report in its"
                    + " first " + PROBE_LINES + " lines");
        }
        if (s.startsWith("#")) {
            if (s.startsWith("# tracer:")) {
                sawTrace = true;
            }
            header(s);
            return;
        }
        if (lost(s, l)) {
            return;
        }
        int colon = s.indexOf(": sched_");
        if (colon < 0) {
            if (traceLine(s, s.indexOf(": "))) {
                sawTrace = true;
                otherEvents++;
            } else if (!s.isBlank() && !s.startsWith("cpus=") && !s.startsWith("version =") && !s.startsWith("CPU ")) {
                unreadable++;
            }
            return;
        }
        int nameEnd = s.indexOf(':', colon + 2);
        if (nameEnd < 0 || !traceLine(s, colon)) {
            unreadable++;
            return;
        }
        sawTrace = true;
        String event = s.substring(colon + 2, nameEnd);
        String body = s.substring(nameEnd + 1).strip();
        long ns = time(s, colon);
        int cpu = cpu(s, colon);
        if (ns < 0 || cpu < 0) {
            unreadable++;
            return;
        }
        boolean ok;
        switch (event) {
            case "sched_switch" -> ok = sw(ns, cpu, body, l);
            case "sched_wakeup" -> ok = wake(ns, cpu, body, false, l);
            case "sched_wakeup_new" -> ok = wake(ns, cpu, body, true, l);
            case "sched_process_exit" -> ok = exit(ns, body, l);
            default -> {
                otherEvents++;
                return;
            }
        }
        if (ok) {
            events++;
        } else {
            unreadable++;
        }
    }

    /** "# entries-in-buffer/entries-written: A/B": B − A events were overwritten before the first one kept. */
    private void header(String s) {
        String key = "entries-in-buffer/entries-written:";
        int i = s.indexOf(key);
        if (i < 0) {
            return;
        }
        String[] ab = s.substring(i + key.length()).strip().split("[/\\s]+");
        if (ab.length >= 2) {
            try {
                overwritten += Math.max(0, Long.parseLong(ab[1]) - Long.parseLong(ab[0]));
            } catch (NumberFormatException e) {
                // a header we do not know: nothing said about overwriting
            }
        }
    }

    /** "CPU:1 [LOST 12 EVENTS]" (tracefs) or "CPU:1 [12 EVENTS DROPPED]" (trace-cmd). */
    private boolean lost(String s, Listener l) {
        if (!s.contains("EVENTS") || !(s.contains("LOST") || s.contains("DROPPED"))) {
            return false;
        }
        int cpu = -1;
        int c = s.indexOf("CPU:");
        if (c >= 0) {
            cpu = (int) digits(s, c + 4, Math.min(6, digitCount(s, c + 4)));
        }
        long count = 0;
        for (String w : s.replace('[', ' ').replace(']', ' ').split("\\s+")) {
            if (!w.isEmpty() && w.chars().allMatch(Character::isDigit) && w.length() < 18) {
                count = Long.parseLong(w);
            }
        }
        sawTrace = true;
        l.onLost(cpu, count);
        return true;
    }

    /** Whether the text before {@code colon} ends with "[cpu] … seconds.fraction", the shape of an event line. */
    private static boolean traceLine(String s, int colon) {
        return colon > 0 && time(s, colon) >= 0 && cpu(s, colon) >= 0;
    }

    /** The timestamp ending at {@code colon} ("12345.678901") in nanoseconds, or -1. */
    static long time(String s, int colon) {
        int start = colon;
        while (start > 0 && s.charAt(start - 1) != ' ' && s.charAt(start - 1) != '\t') {
            start--;
        }
        int dot = s.indexOf('.', start);
        if (dot < 0 || dot >= colon || dot == start || colon - dot - 1 > 9 || colon - dot - 1 < 1 || dot - start > 12) {
            return -1;
        }
        long sec = digits(s, start, dot - start);
        long frac = digits(s, dot + 1, colon - dot - 1);
        if (sec < 0 || frac < 0 || dot - start != digitCount(s, start) || colon - dot - 1 != digitCount(s, dot + 1)) {
            return -1;
        }
        for (int k = colon - dot - 1; k < 9; k++) {
            frac *= 10;
        }
        return sec * 1_000_000_000L + frac;
    }

    /** The CPU number in the last "[nnn]" before {@code colon}, or -1. */
    static int cpu(String s, int colon) {
        int close = s.lastIndexOf(']', colon);
        while (close > 0) {
            int open = s.lastIndexOf('[', close);
            if (open < 0) {
                return -1;
            }
            if (close - open - 1 >= 1 && close - open - 1 <= 6 && digitCount(s, open + 1) == close - open - 1) {
                return (int) digits(s, open + 1, close - open - 1);
            }
            close = s.lastIndexOf(']', open);
        }
        return -1;
    }

    private static int digitCount(String s, int from) {
        int i = from;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) {
            i++;
        }
        return i - from;
    }

    /** The number in {@code s[from, from + n)} when it is all ASCII digits (at most 18), else -1. */
    private static long digits(String s, int from, int n) {
        if (n <= 0 || n > 18 || from + n > s.length()) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < from + n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private boolean sw(long ns, int cpu, String b, Listener l) {
        if (b.startsWith("prev_comm=")) {
            int pp = b.indexOf(" prev_pid=");
            int pr = b.indexOf(" prev_prio=", pp + 1);
            int ps = b.indexOf(" prev_state=", pr + 1);
            int arrow = b.indexOf(" ==> next_comm=", ps + 1);
            int np = b.indexOf(" next_pid=", arrow + 1);
            int nr = b.indexOf(" next_prio=", np + 1);
            if (pp < 0 || pr < 0 || ps < 0 || arrow < 0 || np < 0 || nr < 0) {
                return false;
            }
            int prevPid = pid(b.substring(pp + 10, pr));
            int nextPid = pid(b.substring(np + 10, nr));
            if (prevPid < 0 || nextPid < 0) {
                return false;
            }
            l.onSwitch(ns, cpu, b.substring(10, pp), prevPid, b.substring(ps + 12, arrow).strip(),
                    b.substring(arrow + 15, np), nextPid);
            return true;
        }
        // trace-cmd: "prev:pid [prio] S ==> next:pid [prio]"
        int arrow = b.indexOf(" ==> ");
        if (arrow < 0) {
            return false;
        }
        String left = b.substring(0, arrow);
        String right = b.substring(arrow + 5);
        int lb = left.lastIndexOf(" [");
        int rb = left.lastIndexOf(']');
        int rlb = right.lastIndexOf(" [");
        if (lb < 0 || rb < lb || rlb < 0) {
            return false;
        }
        String[] prev = commPid(left.substring(0, lb));
        String[] next = commPid(right.substring(0, rlb));
        if (prev == null || next == null) {
            return false;
        }
        traceCmd = true;
        l.onSwitch(ns, cpu, prev[0], Integer.parseInt(prev[1]), left.substring(rb + 1).strip(), next[0],
                Integer.parseInt(next[1]));
        return true;
    }

    private boolean wake(long ns, int cpu, String b, boolean created, Listener l) {
        if (b.startsWith("comm=")) {
            int pp = b.indexOf(" pid=");
            if (pp < 0) {
                return false;
            }
            int end = b.indexOf(' ', pp + 5);
            int pid = pid(b.substring(pp + 5, end < 0 ? b.length() : end));
            if (pid < 0) {
                return false;
            }
            l.onWakeup(ns, target(b, " target_cpu=", cpu), b.substring(5, pp), pid, created);
            return true;
        }
        int lb = b.lastIndexOf(" [");
        String[] cp = commPid(lb < 0 ? b : b.substring(0, lb));
        if (cp == null) {
            return false;
        }
        traceCmd = true;
        l.onWakeup(ns, target(b, "CPU:", cpu), cp[0], Integer.parseInt(cp[1]), created);
        return true;
    }

    /** The CPU number after {@code key} in {@code b}, or {@code otherwise}. */
    private static int target(String b, String key, int otherwise) {
        int i = b.lastIndexOf(key);
        if (i < 0) {
            return otherwise;
        }
        int n = Math.min(6, digitCount(b, i + key.length()));
        long c = digits(b, i + key.length(), n);
        return c < 0 ? otherwise : (int) c;
    }

    private boolean exit(long ns, String b, Listener l) {
        int pp = b.indexOf(" pid=");
        if (!b.startsWith("comm=") || pp < 0) {
            return false;
        }
        int end = b.indexOf(' ', pp + 5);
        int pid = pid(b.substring(pp + 5, end < 0 ? b.length() : end));
        if (pid < 0) {
            return false;
        }
        l.onExit(ns, b.substring(5, pp), pid);
        return true;
    }

    /** "comm:pid" split at its last colon, or null. */
    private static String[] commPid(String s) {
        int c = s.lastIndexOf(':');
        if (c < 0 || pid(s.substring(c + 1)) < 0) {
            return null;
        }
        return new String[] {s.substring(0, c), String.valueOf(pid(s.substring(c + 1)))};
    }

    /** A thread id (0 to 2^31 − 1) written in digits, else -1. */
    private static int pid(String s) {
        if (s.isEmpty() || s.length() > 10 || digitCount(s, 0) != s.length()) {
            return -1;
        }
        long v = Long.parseLong(s);
        return v > Integer.MAX_VALUE ? -1 : (int) v;
    }
}
