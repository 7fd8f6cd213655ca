package org.vmsched.ui.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.GanttWindow;
import org.vmsched.chart.MeasuredGantt;
import org.vmsched.io.InputFiles;
import org.vmsched.io.TraceInput;
import org.vmsched.linux.ThreadNames;
import org.vmsched.linux.TraceComparison;
import org.vmsched.linux.TraceMeasure;
import org.vmsched.linux.TraceSchedule;
import org.vmsched.linux.VmSupplyWindows;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.report.TraceReport;
import org.vmsched.text.Format;
import org.vmsched.ui.Background;

/**
 * File &gt; Import Trace…: a Linux scheduler trace of a run of the scenario (docs/linux-loop.md),
 * read off the ui thread on a {@link Background} with the engines {@code vmsched trace} uses
 * ({@link TraceInput}, {@link TraceMeasure}, {@link TraceReport}), held as what the window shows
 * beside the simulation: the measured schedule as a Gantt chart over the simulated chart's time
 * window ({@link #ganttProperty()}, which the view draws), each task's measured R for the verdict table
 * ({@link #measuredR()}, keyed "VM/task" as the table's task rows), each VM's measured supply
 * for the sbf chart ({@link #measuredSupply()}). A bad file (not a trace, a folder, a FIFO, a trace
 * of threads that match no task) leaves what was shown and says why in {@link #messageProperty()}.
 * Like a simulation's result, the measurement belongs to the scenario revision it was read for:
 * an edit makes it {@linkplain #staleProperty() stale}, another document ({@link #clear}) forgets it.
 * One time unit is read as a millisecond, as {@code trace}'s default {@code --unit-us 1000}.
 * Use from the ui thread only.
 */
public final class TraceViewModel {

    /** Microseconds per time unit: a millisecond, {@code vmsched trace}'s default. */
    public static final double UNIT_MICROS = 1000;

    /** Longest measured schedule kept for the Gantt chart, in time units, when the scenario sets no horizon. */
    static final double MAX_LENGTH = 100_000;

    /** Why a file was not imported: the message names the file and the reason. */
    static final class NotImported extends Exception {
        NotImported(String message) {
            super(message);
        }
    }

    /** A trace read and shown: its file, comparison, measured schedule and the revision it was read for. */
    public record Imported(Path file, TraceReport report, GanttData gantt, long revision) {
    }

    private final Executor ui;
    private final Background background;
    private Cancellation reading;
    private long revision;
    private double from;
    private double to = Double.NaN;

    private final ReadOnlyObjectWrapper<Imported> imported = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<GanttWindow> gantt = new SimpleObjectProperty<>();
    private final ReadOnlyBooleanWrapper reading0 = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper stale = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ObservableMap<String, String> measuredR = FXCollections.observableHashMap();
    private final ReadOnlyObjectWrapper<Map<String, double[][]>> measuredSupply = new ReadOnlyObjectWrapper<>(Map.of());

    public TraceViewModel(Executor ui, Background background) {
        this.ui = ui;
        this.background = background;
    }

    /**
     * Reads the trace {@code file} of {@code scenario}, revision {@code scenarioRevision} of the edited
     * scenario, off the ui thread; refused at once while the scenario has problems ({@code invalidReason}).
     * A later import, or {@link #clear}, supersedes one still being read.
     */
    public void importTrace(Path file, Scenario scenario, long scenarioRevision, String invalidReason) {
        if (invalidReason != null) {
            message.set("Trace not imported: the scenario has problems (" + invalidReason + ")");
            return;
        }
        Cancellation c = supersede();
        reading = c;
        reading0.set(true);
        message.set("Reading the trace " + file.getFileName() + "…");
        double length = length(scenario);
        background.schedule(() -> {
            Imported done;
            try {
                done = read(file, scenario, length, scenarioRevision);
            } catch (NotImported e) {
                String why = e.getMessage();
                ui.execute(() -> failed(c, why));
                return;
            } catch (RuntimeException e) {
                String why = "Trace " + file + ": cannot be read (" + Limits.oneLine(String.valueOf(e), 200) + ")";
                ui.execute(() -> failed(c, why));
                return;
            }
            ui.execute(() -> shown(c, done));
        }, c, 0);
    }

    /** The work off the ui thread: read, measure, compare, and lay out the measured schedule. */
    static Imported read(Path file, Scenario s, double length, long revision) throws NotImported {
        TraceMeasure m = new TraceMeasure(s, UNIT_MICROS, 0, null);
        m.recordSchedule(length);
        TraceInput.Read read;
        try {
            read = TraceInput.read(file, "Trace", m);
        } catch (InputFiles.Refused e) {
            throw new NotImported(e.getMessage());
        }
        m.overwritten(read.summary().overwritten());
        TraceMeasure.Measurement measured = m.finish();
        if (measured.tasks().stream().allMatch(t -> t.threads() == 0)) {
            throw new NotImported("Trace " + file + ": no thread in it is a task of " + s.name() + " (threads are"
                    + " matched by name: " + String.join(", ", ThreadNames.of(s).values())
                    + "; vmsched trace --map maps other names)");
        }
        TraceReport report = TraceReport.of(s, measured, read.summary(), read.notes());
        return new Imported(file, report, MeasuredGantt.of(s, m.schedule()), revision);
    }

    /** How much of the trace the Gantt chart keeps: the scenario's horizon, else its hyperperiod (bounded). */
    static double length(Scenario s) {
        Double h = s.simulation() == null ? null : s.simulation().horizon();
        if (h != null && h > 0 && Double.isFinite(h)) {
            return Math.min(h, MAX_LENGTH);
        }
        long lcm = 1;
        double longest = 1;
        for (VirtualMachine vm : s.vms()) {
            lcm = lcm(lcm, vm.period());
            longest = Math.max(longest, vm.period());
            for (Task t : vm.tasks()) {
                lcm = lcm(lcm, t.period());
                longest = Math.max(longest, t.period());
            }
        }
        return lcm > 0 ? Math.min(lcm, MAX_LENGTH) : Math.min(20 * longest, MAX_LENGTH);
    }

    /** lcm of {@code a} and {@code p}; 0 once a period is not whole or the lcm passes {@link #MAX_LENGTH}. */
    private static long lcm(long a, double p) {
        if (a == 0 || p != Math.rint(p) || p < 1) {
            return 0;
        }
        long b = (long) p;
        long x = a;
        long y = b;
        while (y != 0) {
            long r = x % y;
            x = y;
            y = r;
        }
        double l = (double) a / x * b;
        return l > MAX_LENGTH ? 0 : (long) l;
    }

    private void failed(Cancellation c, String why) {
        if (reading != c) {
            return;
        }
        reading = null;
        reading0.set(false);
        message.set("Trace not imported: " + why);
    }

    private void shown(Cancellation c, Imported i) {
        if (reading != c) {
            return;
        }
        reading = null;
        reading0.set(false);
        Map<String, String> r = new LinkedHashMap<>();
        for (TraceComparison.Row row : i.report().rows()) {
            TraceMeasure.MeasuredTask t = row.measured();
            r.put(t.vm() + "/" + t.task(), t.jobs() == 0 ? "no job" : Format.screen(t.maxResponse()));
        }
        Map<String, double[][]> supply = new HashMap<>();
        for (TraceMeasure.MeasuredVm v : i.report().measurement().vms()) {
            supply.put(v.vm(), points(v.supply()));
        }
        measuredR.clear();
        measuredR.putAll(r);
        measuredSupply.set(Map.copyOf(supply));
        imported.set(i);
        stale.set(i.revision() != revision);
        redraw();
        long jobs = i.report().measurement().tasks().stream().mapToLong(TraceMeasure.MeasuredTask::jobs).sum();
        long misses = i.report().measurement().tasks().stream().mapToLong(TraceMeasure.MeasuredTask::misses).sum();
        message.set("Trace " + i.file().getFileName() + " imported: " + Format.table(i.report().measurement().span())
                + " time units, " + Format.count(jobs, "job", "jobs") + ", " + Format.count(misses, "miss", "misses")
                + (i.gantt().end() < i.report().measurement().span() ? "; the Gantt chart shows its first "
                + Format.table(i.gantt().end()) + " time units" : ""));
    }

    /** {t, least supply} of every window length some window of the trace had. */
    private static double[][] points(VmSupplyWindows.Curve c) {
        List<double[]> out = new ArrayList<>();
        out.add(new double[] {0, 0});
        for (int k = 0; k < c.lengths().length; k++) {
            if (c.windows()[k] > 0) {
                out.add(new double[] {c.lengths()[k], c.least()[k]});
            }
        }
        return out.size() > 1 ? out.toArray(new double[0][]) : new double[0][];
    }

    /**
     * Shows the measured schedule over the time window {@code from}..{@code to} as typed over the
     * simulated Gantt chart (its fields follow a zoom there); a window that is not two numbers
     * in order shows the whole measured schedule.
     */
    public void window(String fromText, String toText) {
        try {
            double a = Double.parseDouble(fromText.trim());
            double b = Double.parseDouble(toText.trim());
            if (b > a && Double.isFinite(a) && Double.isFinite(b)) {
                from = a;
                to = b;
            } else {
                to = Double.NaN;
            }
        } catch (NumberFormatException | NullPointerException e) {
            to = Double.NaN;
        }
        redraw();
    }

    private void redraw() {
        Imported i = imported.get();
        if (i == null) {
            gantt.set(null);
            return;
        }
        double a = Double.isNaN(to) ? 0 : from;
        double b = Double.isNaN(to) ? i.gantt().viewEnd() : to;
        gantt.set(new GanttWindow(i.gantt(), a, b));
    }

    /** The edited scenario is now revision {@code scenarioRevision}: a measurement of another revision is stale. */
    public void scenarioChanged(long scenarioRevision) {
        revision = scenarioRevision;
        Imported i = imported.get();
        stale.set(i != null && i.revision() != scenarioRevision);
    }

    /** The revision moved with the same schedule (the description alone changed): a current measurement stays current. */
    public void sameSchedule(long scenarioRevision) {
        long before = revision;
        revision = scenarioRevision;
        Imported i = imported.get();
        if (i != null && i.revision() == before) {
            imported.set(new Imported(i.file(), i.report(), i.gantt(), scenarioRevision));
        }
        stale.set(imported.get() != null && imported.get().revision() != scenarioRevision);
    }

    /** Another document (New, Open): forgets the measurement and drops a trace still being read. */
    public void clear(long scenarioRevision) {
        supersede();
        reading = null;
        reading0.set(false);
        revision = scenarioRevision;
        imported.set(null);
        measuredR.clear();
        measuredSupply.set(Map.of());
        stale.set(false);
        to = Double.NaN;
        gantt.set(null);
        message.set("");
    }

    private Cancellation supersede() {
        if (reading != null) {
            reading.cancel();
        }
        return new Cancellation();
    }

    /** The trace shown, or null before any (and after {@link #clear}). */
    public ReadOnlyObjectProperty<Imported> importedProperty() {
        return imported.getReadOnlyProperty();
    }

    /**
     * The measured schedule over the simulated chart's window, for the view to draw
     * ({@link MeasuredGantt#create(GanttWindow)}); null while no trace is shown.
     */
    public ObjectProperty<GanttWindow> ganttProperty() {
        return gantt;
    }

    /** Whether a trace is being read. */
    public ReadOnlyBooleanProperty readingProperty() {
        return reading0.getReadOnlyProperty();
    }

    /** Whether the trace shown was read for an earlier revision of the scenario than the one edited. */
    public ReadOnlyBooleanProperty staleProperty() {
        return stale.getReadOnlyProperty();
    }

    /** What the last import did: reading, imported (with its figures), or why not; "" before any. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Each task's measured R as the verdict table shows it, keyed "VM/task"; empty while no trace is shown. */
    public ObservableMap<String, String> measuredR() {
        return measuredR;
    }

    /** Each VM's measured supply {t, least supply in a window of length t}, by VM name; empty while no trace is shown. */
    public ReadOnlyObjectProperty<Map<String, double[][]>> measuredSupply() {
        return measuredSupply.getReadOnlyProperty();
    }
}
