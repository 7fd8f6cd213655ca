package org.vmsched.io;

import org.vmsched.text.Csv;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.vmsched.text.Format;
import org.vmsched.model.SimulationMode;
import org.vmsched.sim.Miss;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.SliceKind;
import org.vmsched.sim.Trace;
import org.vmsched.sim.TraceSlice;

/**
 * A simulation trace as CSV (RFC 4180, UTF-8, header line, '.' decimals), written atomically.
 * Columns: {@code kind,core,vm,task,start,end,start_tick,end_tick}. One row per slice
 * ({@code kind} = execution, overhead, idle or idle-burn; {@code vm} empty for idle, except in
 * worst-case mode, where each VM runs alone on a lane of its own and an idle row names it, so that
 * a lane's rows cover the run; {@code task} empty unless execution), then one row per recorded deadline miss ({@code kind} = miss or
 * miss-aborted; {@code core} the VM's core; {@code start}/{@code end} the job's release and
 * absolute deadline). Times in the scenario's unit, ticks at the run's resolution. Under a
 * global policy (THEORY.md §15.12) three columns follow, {@code vcpu,migrated,job_release}: a VM's
 * slice names its virtual CPU (0-based) and whether it is the first after that virtual CPU came
 * from another core or its job from another virtual CPU ({@code true}/{@code false}); both are
 * empty on an idle slice and a miss (a job has no virtual CPU of its own), and so is {@code core} on a miss,
 * and on every row in worst-case mode, where each virtual CPU runs alone on a lane of its own and
 * has no core ({@link org.vmsched.sim.CoreStats}): there an idle row names its lane's VM and vCPU
 * ({@code migrated} empty).
 * {@code job_release} names the job an execution slice runs or a miss is of, by its release time
 * (as the Gantt data's job release), empty on every other row.
 * Stateless.
 */
public final class TraceCsv {

    /** The header line. */
    public static final String HEADER = "kind,core,vm,task,start,end,start_tick,end_tick";

    /** The header line under a global policy. */
    public static final String GLOBAL_HEADER = HEADER + ",vcpu,migrated,job_release";

    private TraceCsv() {
    }

    /**
     * Writes the trace and misses of {@code r} to {@code file}, with the vCPU columns when
     * {@code global} (the scenario's policy is global); nothing is left half-written.
     */
    public static void write(SimulationResult r, boolean global, Path file) throws IOException {
        AtomicFiles.write(file, tmp -> {
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                write(r, global, w);
            }
        });
    }

    /** As {@link #write(SimulationResult, boolean, Path)} for a partitioned scenario. */
    public static void write(SimulationResult r, Path file) throws IOException {
        write(r, false, file);
    }

    /** Writes the CSV text of a partitioned scenario to {@code w} (not closed). */
    public static void write(SimulationResult r, Writer w) throws IOException {
        write(r, false, w);
    }

    /** Writes the CSV text to {@code w} (not closed), with the vCPU columns when {@code global}. */
    public static void write(SimulationResult r, boolean global, Writer w) throws IOException {
        w.write(global ? GLOBAL_HEADER : HEADER);
        w.write('\n');
        // a virtual CPU run alone (worst-case mode) is on a lane of its own, not on a core
        boolean noCore = global && r.mode() == SimulationMode.WORST_CASE;
        Trace t = r.trace();
        StringBuilder sb = new StringBuilder(96);
        for (int i = 0; i < t.size(); i++) {
            TraceSlice s = t.get(i);
            sb.setLength(0);
            sb.append(s.kind().csvName()).append(',');
            if (!noCore) {
                sb.append(s.core());
            }
            sb.append(',');
            field(sb, s.vm());
            sb.append(',');
            field(sb, s.task());
            sb.append(',').append(Format.exact(s.start())).append(',').append(Format.exact(s.end())).append(',')
                    .append(s.startTick()).append(',').append(s.endTick());
            if (global) {
                sb.append(',');
                if (s.vm() != null) { // an idle row names a vCPU only as its lane (worst-case mode): nothing migrates there
                    sb.append(s.vcpu()).append(',').append(s.kind() == SliceKind.IDLE ? "" : s.migrated());
                } else {
                    sb.append(',');
                }
                sb.append(',').append(Format.csv(s.release()));
            }
            sb.append('\n');
            w.append(sb);
        }
        for (Miss m : r.misses()) {
            sb.setLength(0);
            sb.append(m.aborted() ? "miss-aborted" : "miss").append(',');
            if (!global) { // a global VM's job runs on any core
                sb.append(core(r, m.vm()));
            }
            sb.append(',');
            field(sb, m.vm());
            sb.append(',');
            field(sb, m.task());
            sb.append(',').append(Format.exact(m.release())).append(',').append(Format.exact(m.deadline())).append(',')
                    .append(Math.round(m.release() * r.resolution())).append(',')
                    .append(Math.round(m.deadline() * r.resolution()));
            if (global) {
                sb.append(",,,").append(Format.exact(m.release()));
            }
            sb.append('\n');
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
