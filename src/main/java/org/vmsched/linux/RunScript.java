package org.vmsched.linux;

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
 * and exit 2. Stateless.
 */
final class RunScript {

    /** The tracepoints recorded; their enable state is saved and restored. */
    static final List<String> EVENTS = List.of("sched_switch", "sched_wakeup", "sched_wakeup_new", "sched_process_exit");

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

    private static final String PROLOGUE = """
            set -u
            seconds=${1:-3}
            here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
            out=${2:-$here}
            cg=/sys/fs/cgroup/cpu
            tr=/sys/kernel/tracing
            events='%s'
            missing() { echo "run.sh: cannot run: $*" >&2; exit 2; }
            case $seconds in ''|*[!0-9]*) missing "SECONDS must be a whole number, got '$seconds'" ;; esac
            [ "$seconds" -ge 1 ] && [ "$seconds" -le 3600 ] || missing "SECONDS must be 1 to 3600, got $seconds"
            [ -d "$out" ] || missing "no such folder: $out"
            out=$(CDPATH= cd -- "$out" && pwd)
            """.formatted(String.join(" ", EVENTS));

    private static final String CHECKS = """
            [ "$(id -u)" -eq 0 ] || missing "needs root (it makes RT cgroups and records tracefs)"
            command -v rt-app >/dev/null 2>&1 || missing "rt-app is not installed (Debian/Ubuntu: apt-get install rt-app)"
            [ -w "$cg/cpu.rt_runtime_us" ] || missing "no RT group scheduling: $cg/cpu.rt_runtime_us is missing (needs cgroup v1's cpu controller, CONFIG_RT_GROUP_SCHED)"
            for c in $cpus; do [ -d "/sys/devices/system/cpu/cpu$c" ] || missing "CPU $c is not there"; done
            for g in $ours; do [ ! -e "$cg/$g" ] || missing "$cg/$g exists already (another run, or one killed with -9: rmdir it)"; done
            rr=$(cat /proc/sys/kernel/sched_rt_runtime_us); rp=$(cat /proc/sys/kernel/sched_rt_period_us)
            others=0
            for d in "$cg"/*/; do
                [ -f "$d/cpu.rt_runtime_us" ] || continue
                others="$others + $(cat "$d/cpu.rt_runtime_us") / $(cat "$d/cpu.rt_period_us")"
            done
            if [ "$rr" -ge 0 ]; then
                awk "BEGIN { u = $ratio; o = $others; if (u + o > $rr / $rp + 1e-9) exit 1 }" || missing "the groups' runtime/period ($ratio) and the groups already there ($others) exceed the root's sched_rt_runtime_us/sched_rt_period_us = $rr/$rp"
            fi
            if [ -r /sys/kernel/debug/sched/features ] && grep -qw RT_RUNTIME_SHARE /sys/kernel/debug/sched/features; then
                echo "run.sh: note: RT_RUNTIME_SHARE is on: a throttled group may borrow runtime from its other CPUs (THEORY.md)" >&2
            fi
            mounted=0; saved=0; made=''; pids=''; watcher=''
            cleanup() {
                trap - EXIT INT TERM HUP
                for p in $pids; do kill -TERM "$p" 2>/dev/null; done
                i=0
                while [ $i -lt 30 ]; do
                    alive=0
                    for p in $pids; do kill -0 "$p" 2>/dev/null && alive=1; done
                    [ $alive -eq 0 ] && break
                    sleep 0.1; i=$((i + 1))
                done
                for p in $pids; do kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
                [ -n "$watcher" ] && kill "$watcher" 2>/dev/null
                if [ "$saved" -eq 1 ]; then
                    echo 0 > "$tr/tracing_on"
                    for e in $events; do eval "echo \\$was_$e" > "$tr/events/sched/$e/enable" 2>/dev/null; done
                    echo "$was_buffer" > "$tr/buffer_size_kb" 2>/dev/null
                    echo > "$tr/trace"
                    echo "$was_on" > "$tr/tracing_on"
                fi
                for g in $made; do
                    i=0
                    while [ -d "$cg/$g" ] && ! rmdir "$cg/$g" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
                    [ -d "$cg/$g" ] && echo "run.sh: could not remove $cg/$g" >&2
                done
                [ "$mounted" -eq 1 ] && umount "$tr"
            }
            trap cleanup EXIT
            trap 'exit 130' INT
            trap 'exit 143' TERM
            trap 'exit 129' HUP
            if [ -n "${VMSCHED_PARENT_PID:-}" ]; then
                # the caller (vmsched measure) died: clean up now, not only at the end of the run
                ( while kill -0 "$VMSCHED_PARENT_PID" 2>/dev/null; do sleep 0.5; done; kill -TERM $$ ) &
                watcher=$!
            fi
            if [ ! -e "$tr/trace" ]; then
                mount -t tracefs nodev "$tr" || missing "cannot mount tracefs on $tr"
                mounted=1
            fi
            was_on=$(cat "$tr/tracing_on"); was_buffer=$(cat "$tr/buffer_size_kb" | sed 's/ .*//')
            for e in $events; do eval "was_$e=\\$(cat \\"\\$tr/events/sched/\\$e/enable\\")"; done
            saved=1
            make_group() {
                made="$made $1"
                mkdir "$cg/$1" || missing "cannot make $cg/$1"
                echo "$2" > "$cg/$1/cpu.rt_period_us" || missing "the kernel refused period $2 us for $1"
                echo "$3" > "$cg/$1/cpu.rt_runtime_us" || missing "the kernel refused runtime $3 us for $1 (the root's RT bandwidth?)"
            }
            """;

    private static final String START_TRACING = """
            echo 0 > "$tr/tracing_on"
            echo > "$tr/trace"
            echo 8192 > "$tr/buffer_size_kb"
            for e in $events; do echo 1 > "$tr/events/sched/$e/enable"; done
            cd "$out" || missing "cannot enter $out"
            # one calibration for every process, before the trace: calibrating each rt-app on its own made them
            # start tens of seconds apart on a busy machine, so the VMs never ran together
            if [ -z "${CALIBRATION:-}" ]; then
                c1=$(echo $cpus | cut -d' ' -f1)
                echo '{"global": {"duration": 1, "calibration": "CPU'"$c1"'", "logdir": ".", "log_basename": ".calibration"}, "tasks": {"calibrate": {"loop": 1, "run": 100}}}' > "$out/.run-calibration.json"
                # in the background, so that a signal's trap runs at once, not after the calibration
                rt-app "$out/.run-calibration.json" > "$out/.calibration.out" 2>&1 &
                pids=$!
                wait "$pids"
                pids=''
                CALIBRATION=$(sed -n 's/.*pLoad = \\([0-9]*\\)ns.*/\\1/p' "$out/.calibration.out" | head -1)
                rm -f "$out/.run-calibration.json" "$out"/.calibration*
                case $CALIBRATION in ''|*[!0-9]*) missing "rt-app's calibration printed no pLoad (set CALIBRATION=ns-per-loop)" ;; esac
            fi
            echo "run.sh: rt-app calibration: $CALIBRATION ns per loop" >&2
            start_vm() {
                sed -e "s/\\"duration\\": [0-9]*/\\"duration\\": $seconds/" \
                    -e "s/\\"calibration\\": \\"CPU[0-9]*\\"/\\"calibration\\": $CALIBRATION/" "$here/$2" > "$out/.run-$2"
                sh -c 'echo $$ > "$1/tasks" && exec rt-app "$2"' run-vm "$cg/$1" "$out/.run-$2" > "$out/rt-app-$1.out" 2>&1 &
                pids="$pids $!"
            }
            echo 1 > "$tr/tracing_on"
            """;

    private static final String FINISH = """
            status=0
            for p in $pids; do wait "$p" || status=1; done
            pids=''
            echo 0 > "$tr/tracing_on"
            cat "$tr/trace" > "$out/trace.txt"
            rm -f "$out"/.run-*.json
            lost=$(cat "$tr"/per_cpu/cpu*/stats 2>/dev/null | awk '/^overrun:/ { n += $2 } END { print n + 0 }')
            [ "$lost" -gt 0 ] && echo "run.sh: note: $lost events were overwritten (buffer overrun); trace says what that costs" >&2
            [ "$status" -eq 0 ] || { echo "run.sh: an rt-app failed; see $out/rt-app-*.out" >&2; exit 1; }
            echo "run.sh: trace in $out/trace.txt"
            """;
}
