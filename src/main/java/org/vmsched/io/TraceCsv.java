package org.vmsched.io;

import org.vmsched.text.Csv;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.vmsched.text.Format;
import org.vmsched.sim.Miss;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Trace;
import org.vmsched.sim.TraceSlice;

/**
 * A simulation trace as CSV (RFC 4180, UTF-8, header line, '.' decimals), written atomically.
 * Columns: {@code kind,core,vm,task,start,end,start_tick,end_tick}. One row per slice
 * ({@code kind} = execution, overhead, idle or idle-burn; {@code vm} empty for idle, {@code task}
 * empty unless execution), then one row per recorded deadline miss ({@code kind} = miss or
 * miss-aborted; {@code core} the VM's core; {@code start}/{@code end} the job's release and
 * absolute deadline). Times in the scenario's unit, ticks at the run's resolution. Stateless.
 */
public final class TraceCsv {

    /** The header line. */
    public static final String HEADER = "kind,core,vm,task,start,end,start_tick,end_tick";

    private TraceCsv() {
    }

    /** Writes the trace and misses of {@code r} to {@code file}; nothing is left half-written. */
    public static void write(SimulationResult r, Path file) throws IOException {
        AtomicFiles.write(file, tmp -> {
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                write(r, w);
            }
        });
    }

    /** Writes the CSV text to {@code w} (not closed). */
    public static void write(SimulationResult r, Writer w) throws IOException {
        w.write(HEADER);
        w.write('\n');
        Trace t = r.trace();
        StringBuilder sb = new StringBuilder(96);
        for (int i = 0; i < t.size(); i++) {
            TraceSlice s = t.get(i);
            sb.setLength(0);
            sb.append(s.kind().csvName()).append(',').append(s.core()).append(',');
            field(sb, s.vm());
            sb.append(',');
            field(sb, s.task());
            sb.append(',').append(Format.exact(s.start())).append(',').append(Format.exact(s.end())).append(',')
                    .append(s.startTick()).append(',').append(s.endTick()).append('\n');
            w.append(sb);
        }
        for (Miss m : r.misses()) {
            sb.setLength(0);
            sb.append(m.aborted() ? "miss-aborted" : "miss").append(',').append(core(r, m.vm())).append(',');
            field(sb, m.vm());
            sb.append(',');
            field(sb, m.task());
            sb.append(',').append(Format.exact(m.release())).append(',').append(Format.exact(m.deadline())).append(',')
                    .append(Math.round(m.release() * r.resolution())).append(',')
                    .append(Math.round(m.deadline() * r.resolution())).append('\n');
            w.append(sb);
        }
    }

    private static int core(SimulationResult r, String vm) {
        var v = r.vm(vm);
        return v == null ? -1 : v.core();
    }

    private static void field(StringBuilder sb, String s) {
        sb.append(Csv.quote(s));
    }

}
