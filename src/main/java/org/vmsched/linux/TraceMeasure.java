package org.vmsched.linux;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * What a scheduler trace shows of a scenario's tasks and VMs (THEORY.md §17.4), computed as the
 * events stream past ({@link SchedTraceParser.Listener}), in memory bounded by the number of
 * threads followed. Threads are matched to tasks by name ({@link ThreadNames}, or a map of names
 * and thread ids); a thread keeps its task when renamed. A job runs from a thread's
 * {@code sched_wakeup} to the {@code sched_switch} that puts it to sleep in state S; a wait in
 * state D belongs to the job; a thread's first activation (to its first sleep) is its start-up,
 * counted apart. Per VM: the least supply its threads received over every window of each length
 * while it had a job ready ({@link VmSupplyWindows}) and the CPU time its periodic jobs used per period. The
 * assumptions taken for a messy trace (lost events, CPUs whose switches out of idle are missing,
 * jobs cut at either end) are counted and said in {@link Measurement#notes}. This class is the
 * event state machine and the per-VM supply; the matching of threads to tasks and each task's job
 * accounting are {@link TraceTasks}'. Not thread-safe.
 */
public final class TraceMeasure implements SchedTraceParser.Listener {

    /** Most threads followed; more (a pid reused thousands of times) are not followed, and the notes say so. */
    public static final int MAX_THREADS = 100_000;

    /** Response-time histogram: ten bins of a tenth of the deadline each, and one for a response above it. */
    public static final int BINS = 11;

    /** One task as measured; times in the scenario's unit, NaN where there was no job. */
    public record MeasuredTask(String vm, String task, String thread, long jobs, double maxResponse, double meanResponse,
                               double maxExecution, double meanExecution, long misses, long[] histogram, long startups,
                               double maxStartup, long cut, long skipped, int threads) {
    }

    /**
     * One VM as measured: its supply curve ({@link VmSupplyWindows.Curve}) and the CPU time its periodic jobs used per
     * period (aligned to the first event kept, not to the kernel's period timer; start-ups left out).
     */
    public record MeasuredVm(String vm, VmSupplyWindows.Curve supply, long periods, double maxPerPeriod,
                             double meanPerPeriod) {
    }

    /** The whole measurement: tasks and VMs in the scenario's order, the span measured, and the assumptions taken. */
    public record Measurement(List<MeasuredTask> tasks, List<MeasuredVm> vms, double span, List<String> notes) {
        public Measurement {
            tasks = List.copyOf(tasks);
            vms = List.copyOf(vms);
            notes = List.copyOf(notes);
        }
    }

    private enum State { NEW, IN_JOB, ASLEEP, UNKNOWN, GONE }

    private static final class VmAcc {
        final VmSupplyWindows windows;
        final List<Thread> threads = new ArrayList<>();
        int running;
        int ready;

        VmAcc(VmSupplyWindows windows) {
            this.windows = windows;
        }

        /** Its threads on a CPU in a periodic job: a start-up (rt-app's set-up, on any CPU, before SCHED_FIFO) is not the group's budget. */
        int budgeted() {
            int b = 0;
            for (Thread t : threads) {
                if (t.onCpuSince >= 0 && !t.startup) {
                    b++;
                }
            }
            return b;
        }
    }

    private static final class Thread {
        final TraceTasks.Acc task;
        final VmAcc vm;
        String comm;
        State state = State.NEW;
        boolean startup;
        boolean blocked;
        long jobStart = -1;
        long exec;
        long onCpuSince = -1;
        boolean presumed;
        int cpu = -1;

        Thread(TraceTasks.Acc task, VmAcc vm, String comm) {
            this.task = task;
            this.vm = vm;
            this.comm = comm;
        }

        /** Ready for the supply windows: in a periodic job, not waiting in D; a start-up is not modelled, so not counted. */
        boolean ready() {
            return state == State.IN_JOB && !blocked && !startup;
        }
    }

    private final double unitNs;
    private final double from;
    private final TraceTasks tasks;
    private final Map<String, VmAcc> vms = new LinkedHashMap<>();
    private final Map<Integer, Thread> threads = new HashMap<>();
    private final Map<Integer, long[]> cpus = new HashMap<>(); // cpu -> {last switch ns, idle 0/1}
    private final Map<Integer, Thread> presumedOn = new HashMap<>();
    /** Creation times of threads not (yet) matched: rt-app creates a thread as "rt-app" and names it a moment later. */
    private final Map<Integer, Long> born = new HashMap<>();
    private boolean started;
    private long first = -1;
    private long last = -1;
    private long fromNs = Long.MIN_VALUE;
    private long lostLines;
    private long lostEvents;
    private long inferredStarts;
    private long presumedStarts;
    private long wrongPresumptions;
    private long renames;
    private long backwards;
    private long notFollowed;
    private long overwritten;
    private TraceSchedule schedule;

    /**
     * A measurement of {@code s}: one time unit = {@code unitMicros} µs; jobs woken before
     * {@code from} time units after the first event are skipped (0 for none). {@code map} gives
     * thread names or ids (as decimal strings) to "VM/task"; null to match by {@link ThreadNames}.
     *
     * @throws IllegalArgumentException naming the entry of {@code map} that names no task
     */
    public TraceMeasure(Scenario s, double unitMicros, double from, Map<String, String> map) {
        this.unitNs = unitMicros * 1000;
        this.from = from;
        for (VirtualMachine vm : s.vms()) {
            vms.put(vm.name(), new VmAcc(new VmSupplyWindows(s, vm, unitNs)));
        }
        this.tasks = new TraceTasks(s, unitNs, map);
    }

    /**
     * Also records which task ran on which CPU over the first {@code length} time units from the
     * first event of a followed thread ({@link #schedule()}); call before the first event.
     *
     * @throws IllegalArgumentException when {@code length} is not a positive number
     */
    public void recordSchedule(double length) {
        schedule = new TraceSchedule(length, unitNs);
    }

    /** The schedule recorded ({@link #recordSchedule}), or null when none was asked for. */
    public TraceSchedule.Schedule schedule() {
        return schedule == null ? null : schedule.schedule();
    }

    /** Events overwritten before the trace's first kept event (the parser's count), for the notes. */
    public void overwritten(long n) {
        overwritten = n;
    }

    private boolean time(long ns) {
        if (first < 0) {
            first = ns;
            fromNs = from > 0 ? ns + Math.round(from * unitNs) : Long.MIN_VALUE;
        }
        if (ns < last) {
            backwards++; // per-CPU buffers merged out of order by a few ns: taken at the latest time seen
            return false;
        }
        last = ns;
        for (VmAcc v : vms.values()) {
            v.windows.advance(ns, v.running, v.budgeted());
        }
        return true;
    }

    private Thread thread(int pid, String comm) {
        Thread t = threads.get(pid);
        if (t != null) {
            if (!t.comm.equals(comm)) {
                renames++;
                t.comm = comm;
            }
            return t.state == State.GONE ? null : t;
        }
        TraceTasks.Acc a = tasks.of(pid, comm);
        if (a == null) {
            return null;
        }
        if (threads.size() >= MAX_THREADS) {
            notFollowed++;
            return null;
        }
        if (!started) {
            // CPU time per period counts from the first event of a followed thread (or --from)
            started = true;
            for (VmAcc v : vms.values()) {
                v.windows.start(Math.max(last, fromNs));
            }
            if (schedule != null) {
                schedule.origin(Math.max(last, fromNs));
            }
        }
        t = new Thread(a, vms.get(a.vm), comm);
        Long b = born.remove(pid);
        if (b != null) {
            t.state = State.IN_JOB;
            t.startup = true;
            t.jobStart = b;
        }
        a.threads++;
        t.vm.threads.add(t);
        threads.put(pid, t);
        return t;
    }

    @Override
    public void onWakeup(long ns, int cpu, String comm, int pid, boolean created) {
        boolean inOrder = time(ns);
        Thread gone = threads.get(pid);
        if (created && gone != null && gone.state == State.GONE) {
            threads.remove(pid); // a new thread with a reused id
        }
        Thread t = thread(pid, comm);
        long now = inOrder ? ns : last;
        if (t == null) {
            if (created) {
                if (born.size() >= MAX_THREADS) {
                    born.clear();
                }
                born.put(pid, now);
            }
            return;
        }
        switch (t.state) {
            case NEW -> {
                t.state = State.IN_JOB;
                t.startup = true;
                t.jobStart = now;
                t.exec = 0;
            }
            case ASLEEP -> {
                t.state = State.IN_JOB;
                t.startup = false;
                t.jobStart = now;
                t.exec = 0;
            }
            default -> { }
        }
        t.blocked = false;
        long[] c = cpus.get(cpu);
        if (t.state == State.IN_JOB && t.onCpuSince < 0 && c != null && c[1] == 1) {
            // the CPU was idle, and a switch out of idle may not be in the trace (LINUX-LOOP): it runs now
            t.onCpuSince = now;
            t.presumed = true;
            t.cpu = cpu;
            t.vm.running++;
            c[1] = 0;
            presumedOn.put(cpu, t);
            presumedStarts++;
        }
        ready(t, now);
    }

    @Override
    public void onSwitch(long ns, int cpu, String prevComm, int prevPid, String prevState, String nextComm, int nextPid) {
        boolean inOrder = time(ns);
        long now = inOrder ? ns : last;
        long[] c = cpus.computeIfAbsent(cpu, k -> new long[] {now, 0});
        Thread o = presumedOn.remove(cpu);
        if (o != null && o.presumed && o.cpu == cpu && o.onCpuSince >= 0 && threads.get(prevPid) != o) {
            // presumed running on this CPU, but another thread is switched out here: it did not run after all
            o.presumed = false;
            o.onCpuSince = -1;
            o.vm.running--;
            wrongPresumptions++;
            ready(o, now);
        }
        Thread p = prevPid == 0 ? null : thread(prevPid, prevComm);
        if (p != null) {
            switchOut(p, now, cpu, c[0], prevState);
        }
        Thread n = nextPid == 0 ? null : thread(nextPid, nextComm);
        if (n != null) {
            if (n.state == State.NEW) {
                n.state = State.IN_JOB;
                n.startup = true;
                n.jobStart = -1; // running when first seen: its start-up began before the trace
            }
            if (n.onCpuSince < 0) {
                n.vm.running++;
            }
            n.onCpuSince = now;
            n.presumed = false;
            n.cpu = cpu;
            n.blocked = false;
            ready(n, now);
        }
        c[0] = now;
        c[1] = nextPid == 0 ? 1 : 0;
    }

    private void switchOut(Thread t, long now, int cpu, long cpuLast, String prevState) {
        long since = t.onCpuSince;
        if (since < 0) {
            // its switch in is not in the trace (out of idle): it ran at most since the CPU's last switch
            since = Math.max(cpuLast, t.jobStart);
            inferredStarts++;
        } else {
            t.vm.running--;
        }
        if (t.state == State.IN_JOB) {
            t.exec += Math.max(0, now - since);
        }
        if (schedule != null) {
            schedule.ran(cpu, t.task.vm, t.task.task.name(), since, now);
        }
        t.onCpuSince = -1;
        t.presumed = false;
        char st = prevState.isEmpty() ? 'R' : prevState.charAt(0);
        if (st == 'S' || st == 'I') {
            sleep(t, now);
        } else if (st == 'X' || st == 'Z') {
            end(t);
        } else if (st != 'R') {
            t.blocked = true; // D (and T): the wait is part of the job
        }
        ready(t, now);
    }

    private void sleep(Thread t, long now) {
        TraceTasks.Acc a = t.task;
        if (t.state == State.IN_JOB) {
            if (t.startup) {
                a.startup(t.jobStart, now);
            } else {
                a.job(t.jobStart, now, t.exec, fromNs);
            }
        } else if (t.state == State.NEW) {
            a.startups++; // its first activation ended before anything else of it was seen
        }
        t.state = State.ASLEEP;
        t.startup = false;
        t.blocked = false;
    }

    private void end(Thread t) {
        if (t.state == State.IN_JOB && !t.startup) {
            t.task.cut++;
        }
        t.state = State.GONE;
    }

    private void ready(Thread t, long now) {
        VmAcc v = t.vm;
        int r = 0;
        for (Thread o : v.threads) {
            if (o.ready()) {
                r++;
            }
        }
        v.ready = r;
        v.windows.state(now, v.running, r > 0);
    }

    @Override
    public void onExit(long ns, String comm, int pid) {
        time(ns);
        Thread t = threads.get(pid);
        if (t != null) {
            if (t.onCpuSince >= 0) {
                t.vm.running--;
            }
            end(t);
            t.vm.threads.remove(t); // kept as GONE in threads: its last switch out comes after the exit
            ready(t, last);
        }
    }

    @Override
    public void onLost(int cpu, long count) {
        lostLines++;
        lostEvents += count;
        // after a gap nothing is known of any thread: jobs in progress are cut, states wait for a sleep
        for (Thread t : threads.values()) {
            if (t.state == State.IN_JOB && !t.startup) {
                t.task.cut++;
            }
            if (t.state != State.GONE) {
                t.state = State.UNKNOWN;
            }
            t.onCpuSince = -1;
            t.presumed = false;
            t.blocked = false;
        }
        for (VmAcc v : vms.values()) {
            v.running = 0;
            v.ready = 0;
            v.windows.reset();
        }
        cpus.clear();
        presumedOn.clear();
    }

    /** Time units from the trace's first event to its last (0 before any event), --from not taken off. */
    public double length() {
        return first < 0 ? 0 : (last - first) / unitNs;
    }

    /** The measurement after the last event: jobs still running are cut, not counted. */
    public Measurement finish() {
        for (Thread t : threads.values()) {
            if (schedule != null && t.onCpuSince >= 0) {
                schedule.ran(t.cpu, t.task.vm, t.task.task.name(), t.onCpuSince, last); // still running at the end
            }
            if (t.state == State.IN_JOB && !t.startup) {
                t.task.cut++;
            }
        }
        List<String> notes = new ArrayList<>();
        List<MeasuredTask> out = tasks.measured(notes);
        List<MeasuredVm> vmOut = new ArrayList<>();
        for (Map.Entry<String, VmAcc> e : vms.entrySet()) {
            VmSupplyWindows w = e.getValue().windows;
            w.advance(Math.max(last, 0), 0, 0);
            vmOut.add(new MeasuredVm(e.getKey(), w.curve(), w.periods(), w.maxPerPeriod(), w.meanPerPeriod()));
        }
        notes(notes);
        double span = first < 0 ? 0 : (last - Math.max(first, fromNs)) / unitNs;
        return new Measurement(out, vmOut, Math.max(0, span), notes);
    }

    private void notes(List<String> notes) {
        notes.add("a job is a thread's wake-up to its sleep in state S (a D wait is part of it); each thread's first"
                + " activation is its start-up, counted apart; jobs running at the trace's end or at a gap are cut, not counted");
        if (overwritten > 0) {
            notes.add(overwritten + " events were overwritten before the first one kept (the buffer was full): the trace"
                    + " starts later than the recording, and start-ups may be missing");
        }
        if (lostLines > 0) {
            notes.add(lostLines + " gaps of lost events (" + lostEvents + " events): at each, jobs in progress were cut and"
                    + " every thread's state was taken as unknown until its next sleep; supply windows restart there");
        }
        if (inferredStarts > 0) {
            notes.add(inferredStarts + " switches in were not in the trace (a CPU's switch out of idle is often not logged):"
                    + " the thread was taken to run from the CPU's previous switch or its wake-up, whichever is later");
        }
        if (presumedStarts > 0) {
            notes.add(presumedStarts + " wake-ups on an idle CPU were taken to start running at once"
                    + (wrongPresumptions > 0 ? " (" + wrongPresumptions + " were corrected by a later switch)" : ""));
        }
        if (renames > 0) {
            notes.add(renames + " events named a followed thread by another name (rt-app names its threads after their"
                    + " creation): each thread keeps the task it was first matched to");
        }
        if (backwards > 0) {
            notes.add(backwards + " events were out of time order (per-CPU buffers): each was taken at the latest time seen");
        }
        if (notFollowed > 0) {
            notes.add(notFollowed + " threads were not followed: more than " + MAX_THREADS + " matched threads");
        }
        notes.add("other processes' events are ignored; a task's threads are matched by name (cut to 15 characters by"
                + " the kernel) or by --map");
    }
}
