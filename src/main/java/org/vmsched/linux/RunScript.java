package org.vmsched.linux;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeSet;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.Scenario;
import org.vmsched.text.Format;

/**
 * The {@code run.sh} of {@link RtAppExport}: a POSIX shell script that checks its prerequisites
 * (root, rt-app, RT group scheduling, the CPUs, the root's RT bandwidth beside the groups already
 * there), makes one RT cgroup per VM, records {@code sched_switch}/{@code sched_wakeup} through
 * tracefs while each VM's rt-app runs in its group, keeps the trace, and restores what it changed
 * (groups, tracing state, a tracefs it mounted) on exit, error, Ctrl-C, TERM and HUP, and when the
 * process named by {@code VMSCHED_PARENT_PID} dies. A missing prerequisite is one line on stderr
 * and exit 2. The script's fixed parts are shell files beside this class ({@code run-*.sh} in the
 * resources); the groups, CPUs and files are written between them. Stateless.
 */
final class RunScript {

    private RunScript() {
    }

    static String text(Scenario s, List<RtAppExport.Group> groups, AnalysisResult verdict, List<String> warnings,
                       double unitMicros) {
        StringBuilder b = new StringBuilder("#!/bin/sh\n");
        header(b, s, groups, verdict, warnings, unitMicros);
        b.append(PROLOGUE);
        TreeSet<Integer> cpus = new TreeSet<>();
        StringBuilder groupNames = new StringBuilder();
        StringBuilder ratio = new StringBuilder("0");
        for (RtAppExport.Group g : groups) {
            cpus.add(g.cpu());
            groupNames.append(' ').append(g.group());
            ratio.append(" + ").append(g.runtimeUs()).append(" / ").append(g.periodUs());
        }
        b.append("cpus='").append(String.join(" ", cpus.stream().map(String::valueOf).toList())).append("'\n");
        b.append("ours='").append(groupNames.toString().strip()).append("'\n");
        b.append("ratio='").append(ratio).append("'\n");
        b.append(CHECKS);
        for (RtAppExport.Group g : groups) {
            b.append("make_group ").append(g.group()).append(' ').append(g.periodUs()).append(' ').append(g.runtimeUs())
                    .append('\n');
        }
        b.append(START_TRACING);
        for (RtAppExport.Group g : groups) {
            b.append("start_vm ").append(g.group()).append(' ').append(g.file()).append('\n');
        }
        b.append(FINISH);
        return b.toString();
    }

    private static void header(StringBuilder b, Scenario s, List<RtAppExport.Group> groups, AnalysisResult verdict,
                               List<String> warnings, double unitMicros) {
        line(b, "VMSched run on Linux RT group scheduling (cgroup v1 cpu.rt_runtime_us/cpu.rt_period_us) with rt-app");
        line(b, "Scenario: " + oneLine(s.name()));
        line(b, "Usage (as root): ./run.sh [SECONDS [OUTDIR]]   default 3 s, this folder; writes OUTDIR/trace.txt");
        line(b, "Then: vmsched trace OUTDIR/trace.txt --scenario SCENARIO.json --map threads.json");
        line(b, "Verdict of the analysis on the rounded values, as deferrable servers: " + verdict.verdict());
        line(b, "Mapping: one time unit = " + Format.significant(unitMicros, 9) + " us; each VM an RT cgroup (budget ->"
                + " cpu.rt_runtime_us, period -> cpu.rt_period_us), its tasks SCHED_FIFO threads of one rt-app process");
        line(b, "(run = WCET, timer period = period, rate-monotonic priorities) pinned to the VM's core; the groups compete");
        line(b, "at their highest ready thread's priority, so each VM has its own band, in the host's order ("
                + s.hypervisor().policy().title() + ").");
        line(b, "What the kernel does not have: an overhead X (its own switch costs instead), offsets (all threads start");
        line(b, "together), deadlines (trace compares with the scenario's), EDF/CBS/Credit/global hosts (refused). A group");
        line(b, "throttled on one CPU may borrow runtime from its other CPUs when RT_RUNTIME_SHARE is on: run.sh says so.");
        line(b, "The root group admits groups while their runtime/period add up to at most sched_rt_runtime_us /");
        line(b, "sched_rt_period_us (0.95 by default), whatever CPUs they use: checked here and again by run.sh.");
        for (String w : warnings) {
            line(b, "WARNING: " + oneLine(w));
        }
        for (RtAppExport.Group g : groups) {
            VmVerdict v = verdict.vms().stream().filter(x -> x.name().equals(g.vm())).findFirst().orElse(null);
            line(b, "  " + g.vm() + ": group " + g.group() + ", CPU " + g.cpu() + ", runtime " + g.runtimeUs() + " us per "
                    + g.periodUs() + " us, file " + g.file());
            for (RtAppExport.Thread t : g.threads()) {
                TaskVerdict tv = v == null ? null : v.tasks().stream().filter(x -> x.name().equals(t.task())).findFirst()
                        .orElse(null);
                line(b, "    " + t.task() + ": thread " + t.name() + ", priority " + t.priority() + ", run " + t.runUs()
                        + " us every " + t.periodUs() + " us" + (tv == null || tv.responseTime() == null ? ""
                        : ", analytic R " + Format.significant(tv.responseTime() * unitMicros, 9) + " us"));
            }
        }
    }

    private static void line(StringBuilder b, String text) {
        b.append("# ").append(text).append('\n');
    }

    private static String oneLine(String s) {
        return s.replaceAll("[\\r\\n]+", " ");
    }

    private static final String PROLOGUE = part("run-prologue.sh");
    private static final String CHECKS = part("run-checks.sh");
    private static final String START_TRACING = part("run-start-tracing.sh");
    private static final String FINISH = part("run-finish.sh");

    /** A piece of the script, kept as a shell file beside this class (resources) so that it reads as shell. */
    private static String part(String name) {
        try (InputStream in = RunScript.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
