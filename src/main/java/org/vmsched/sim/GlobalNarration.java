package org.vmsched.sim;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.text.Format;

/**
 * The {@link Narrator}'s words for the cores of a global run (THEORY.md §15.12): which virtual CPU
 * each core runs and why (the earliest server deadlines run), the migrations of virtual CPUs
 * ("vCPU A#1 moves from core 0 to core 1") and of jobs ("job t#3 migrates from vCPU A#0 to A#1"),
 * and the job each virtual CPU runs, with the overhead a dispatch pays and, when the scenario sets a
 * migration cost, the part of it a migration adds. A job is named by its task and its number (the
 * first job of a task is #1). Reads the instant only; not thread-safe, one per run.
 */
final class GlobalNarration {

    /** The scenario's migration cost, in its time units (0: a migration costs X as any dispatch). */
    private final double migrationCost;

    GlobalNarration(double migrationCost) {
        this.migrationCost = migrationCost;
    }

    /** Per lane: the VM and virtual CPU it ran at the previous instant (VM −1: idle), and its task. */
    private int[] prevVm;
    private int[] prevVcpu;
    private int[] prevTask;
    /** Per VM and virtual CPU ("vm#i"): the core it last ran on. */
    private final Map<String, Integer> lastCore = new HashMap<>();
    /** Per task: the job number and "vm#i" its job last ran on. */
    private long[] lastJob;
    private String[] lastVcpu;

    /** The lines for every core at {@code now}, added to {@code parts}. */
    void decisions(EngineInstant now, List<String> parts) {
        int lanes = now.lanes();
        if (prevVm == null) {
            prevVm = new int[lanes];
            prevVcpu = new int[lanes];
            prevTask = new int[lanes];
            Arrays.fill(prevVm, -1);
            Arrays.fill(prevTask, -1);
            lastJob = new long[now.tasks()];
            lastVcpu = new String[now.tasks()];
        }
        for (int c = 0; c < lanes; c++) {
            core(now, c, parts);
        }
        for (int c = 0; c < lanes; c++) {
            prevVm[c] = now.runningVm(c);
            prevVcpu[c] = now.runningVcpu(c);
            prevTask[c] = now.runningTask(c);
        }
    }

    private void core(EngineInstant now, int c, List<String> parts) {
        int core = now.laneCore(c);
        int v = now.runningVm(c);
        if (v < 0) {
            if (prevVm[c] >= 0) {
                parts.add("core " + core + " idles: no other virtual CPU has budget");
            }
            return;
        }
        String vcpu = now.vmName(v) + "#" + now.runningVcpu(c);
        boolean arrived = prevVm[c] != v || prevVcpu[c] != now.runningVcpu(c);
        if (arrived) {
            Integer was = lastCore.get(vcpu);
            String deadline = "server deadline " + Format.label(now.units(now.vmDeadline(v)));
            boolean moves = was != null && was != core;
            String line = moves
                    ? "vCPU " + vcpu + " moves from core " + was + " to core " + core + " (" + deadline + ", among the earliest)"
                    : "vCPU " + vcpu + " starts on core " + core + " (" + deadline + ", among the earliest)";
            long overhead = now.overheadLeft(c);
            String cost = moves && migrationCost > 0 ? ", of which " + Format.label(migrationCost) + " the migration cost" : "";
            parts.add(overhead > 0 ? line + "; " + Format.label(now.units(overhead)) + " overhead" + cost : line);
            lastCore.put(vcpu, core);
        }
        int g = now.runningTask(c);
        if (g < 0 || now.overheadLeft(c) > 0 || (!arrived && g == prevTask[c])) {
            return;
        }
        long job = now.released(g) - now.pending(g) + 1;
        String name = "job " + now.taskName(g) + "#" + job;
        if (lastJob[g] == job && lastVcpu[g] != null && !lastVcpu[g].equals(vcpu)) {
            parts.add(name + " migrates from vCPU " + lastVcpu[g] + " to " + vcpu);
        } else if (lastJob[g] != job || !vcpu.equals(lastVcpu[g]) || g != prevTask[c]) {
            parts.add(vcpu + " runs " + name + " of " + now.vmName(v));
        }
        lastJob[g] = job;
        lastVcpu[g] = vcpu;
    }
}
