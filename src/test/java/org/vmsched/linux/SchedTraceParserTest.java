package org.vmsched.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** The trace reader: both text formats give the same events; what is not a trace is refused; mutations never crash it. */
class SchedTraceParserTest {

    /** Every event as one line of text. */
    static final class Recorder implements SchedTraceParser.Listener {
        final List<String> events = new ArrayList<>();

        @Override
        public void onSwitch(long ns, int cpu, String prevComm, int prevPid, String prevState, String nextComm, int nextPid) {
            events.add("switch " + ns + " " + cpu + " " + prevComm + ":" + prevPid + " " + prevState + " " + nextComm + ":" + nextPid);
        }

        @Override
        public void onWakeup(long ns, int cpu, String comm, int pid, boolean created) {
            events.add("wake " + ns + " " + cpu + " " + comm + ":" + pid + " " + created);
        }

        @Override
        public void onExit(long ns, String comm, int pid) {
            events.add("exit " + ns + " " + comm + ":" + pid);
        }

        @Override
        public void onLost(int cpu, long count) {
            events.add("lost " + cpu + " " + count);
        }
    }

    static List<String> parse(String text) throws Exception {
        Recorder r = new Recorder();
        SchedTraceParser.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), r);
        return r.events;
    }

    @Test
    void tracefsAndTraceCmdReportGiveTheSameEvents() throws Exception {
        String tracefs = "# tracer: nop\n"
                + " C2 CompilerThre-10721   [001] dNs4. 10194.605509: sched_wakeup: comm=ctl_fast pid=11400 prio=39 target_cpu=001\n"
                + " C2 CompilerThre-10721   [001] d..2. 10194.609231: sched_switch: prev_comm=C2 CompilerThre prev_pid=10721"
                + " prev_prio=120 prev_state=R+ ==> next_comm=ctl_fast next_pid=11400 next_prio=39\n"
                + "CPU:1 [LOST 12 EVENTS]\n";
        String traceCmd = "cpus=2\n"
                + " C2 CompilerThre-10721 [001] 10194.605509: sched_wakeup:         ctl_fast:11400 [39] CPU:001\n"
                + " C2 CompilerThre-10721 [001] 10194.609231: sched_switch:         C2 CompilerThre:10721 [120] R+ ==>"
                + " ctl_fast:11400 [39]\n"
                + "CPU:1 [12 EVENTS DROPPED]\n";
        List<String> expected = List.of("wake 10194605509000 1 ctl_fast:11400 false",
                "switch 10194609231000 1 C2 CompilerThre:10721 R+ ctl_fast:11400", "lost 1 12");
        assertEquals(expected, parse(tracefs));
        assertEquals(expected, parse(traceCmd));
    }

    @Test
    void aByteOrderMarkIsSkippedAsTheScenarioLoaderSkipsIt() throws Exception {
        String trace = "\uFEFF# tracer: nop\n"
                + " C2 CompilerThre-10721   [001] dNs4. 10194.605509: sched_wakeup: comm=ctl_fast pid=11400 prio=39 target_cpu=001\n";
        Recorder r = new Recorder();
        SchedTraceParser.Summary sum = SchedTraceParser.parse(
                new ByteArrayInputStream(trace.getBytes(StandardCharsets.UTF_8)), r);
        assertEquals(0, sum.unreadable(), "the mark is not an unreadable line");
        assertEquals(List.of("wake 10194605509000 1 ctl_fast:11400 false"), r.events);
    }

    @Test
    void whatIsNotATraceIsRefusedWithWhatItIs() {
        String json = assertThrows(SchedTraceParser.NotATrace.class, () -> parse("{\"schemaVersion\": 1}\n".repeat(10)))
                .getMessage();
        assertTrue(json.contains("not a scheduler trace"), json);
        String bin = assertThrows(SchedTraceParser.NotATrace.class, () -> SchedTraceParser.parse(
                new ByteArrayInputStream(new byte[] {1, 0, 2, 3}), new Recorder())).getMessage();
        assertTrue(bin.contains("binary"), bin);
        String empty = assertThrows(SchedTraceParser.NotATrace.class, () -> parse("")).getMessage();
        assertTrue(empty.contains("empty"), empty);
        // /dev/zero's like: no newline ever, only NUL bytes
        assertThrows(SchedTraceParser.NotATrace.class, () -> SchedTraceParser.parse(
                new ByteArrayInputStream(new byte[1 << 20]), new Recorder()));
    }

    @Test
    void aLineLongerThanTheLimitIsSkippedNotKept() throws Exception {
        Recorder r = new Recorder();
        String text = "# tracer: nop\n" + "x".repeat(SchedTraceParser.MAX_LINE * 3) + "\n";
        SchedTraceParser.Summary s = SchedTraceParser.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), r);
        assertEquals(1, s.overlong());
        assertEquals(0, s.events());
    }

    @Test
    void randomMutationsOfARealTraceNeverCrashTheReaderOrTheMeasurement() throws Exception {
        byte[] real;
        try (InputStream in = new GZIPInputStream(SchedTraceParserTest.class.getResourceAsStream(
                "/traces/linux-rt-groups-400ms.txt.gz"))) {
            real = in.readAllBytes();
        }
        Random rnd = new Random(34);
        org.vmsched.model.Scenario s = org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios", "linux-rt-groups.json"));
        for (int round = 0; round < 60; round++) {
            byte[] b = real.clone();
            int cuts = 1 + rnd.nextInt(200);
            for (int i = 0; i < cuts; i++) {
                int at = rnd.nextInt(b.length);
                switch (rnd.nextInt(4)) {
                    case 0 -> b[at] = (byte) rnd.nextInt(256);
                    case 1 -> b[at] = (byte) "0123456789 :=[]>SDRX\n".charAt(rnd.nextInt(21));
                    case 2 -> b[at] = '\n';
                    default -> b[at] = b[rnd.nextInt(b.length)];
                }
            }
            byte[] cut = java.util.Arrays.copyOf(b, rnd.nextInt(b.length) + 1); // and cut anywhere
            TraceMeasure m = new TraceMeasure(s, 1000, rnd.nextInt(3) * 50, null);
            try {
                SchedTraceParser.parse(new ByteArrayInputStream(cut), m);
            } catch (SchedTraceParser.NotATrace e) {
                assertTrue(e.getMessage().length() < 300, e.getMessage());
                continue;
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            TraceMeasure.Measurement r = m.finish();
            for (TraceMeasure.MeasuredTask t : r.tasks()) {
                assertTrue(t.jobs() >= 0 && !(t.maxResponse() < 0) && !(t.maxExecution() < 0), t.toString());
            }
        }
    }
}
