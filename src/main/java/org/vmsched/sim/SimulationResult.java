package org.vmsched.sim;

import java.util.List;
import org.vmsched.model.SimulationMode;

/**
 * What one simulation produced. Times are in the scenario's time unit; {@code horizon} is the
 * requested end and {@code end} the time actually reached (smaller only when {@code cancelled}).
 * {@code timeBase} gives the resolution and any rounding; {@code events} counts the events
 * handled (releases, replenishments, deadline checks, completions, ends of overhead and budget
 * exhaustions). {@code vms} follow the scenario's order. {@code misses} lists the first
 * {@code traceCap} deadline misses ({@code missesTruncated} past that; {@code deadlineMisses} is
 * always the full count); {@code trace} the first {@code traceCap} slices ({@code traceTruncated}
 * past that). {@code notes} are sentences for the user (a capped default horizon, rounding).
 * Immutable.
 */
public record SimulationResult(SimulationMode mode, double horizon, double end, TimeBase timeBase, long events,
                               long deadlineMisses, List<VmStats> vms, List<CoreStats> cores, Trace trace,
                               boolean traceTruncated, List<Miss> misses, boolean missesTruncated, boolean cancelled,
                               List<String> notes) {

    public SimulationResult {
        vms = List.copyOf(vms);
        cores = List.copyOf(cores);
        misses = List.copyOf(misses);
        notes = List.copyOf(notes);
    }

    /** Ticks per time unit. */
    public double resolution() {
        return timeBase.ticksPerUnit();
    }

    /** The stats of the VM with this name, or null. */
    public VmStats vm(String name) {
        for (VmStats v : vms) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        return null;
    }

    /** The stats of a task by VM and task name, or null. */
    public TaskStats task(String vmName, String taskName) {
        VmStats v = vm(vmName);
        if (v != null) {
            for (TaskStats t : v.tasks()) {
                if (t.name().equals(taskName)) {
                    return t;
                }
            }
        }
        return null;
    }
}
