package org.vmsched.ui.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulationChartData;
import org.vmsched.experiment.GlobalVsPartitioned;
import org.vmsched.experiment.PolicyComparison;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Progress;
import org.vmsched.sim.TaskStats;
import org.vmsched.text.Format;
import org.vmsched.ui.Background;

/**
 * The Compare Global vs Partitioned dialog's state (issue 32, item 3): the scenario's vCPUs under
 * global EDF beside the same vCPUs partitioned, as {@code compare} runs them
 * ({@link GlobalVsPartitioned}): for each side the analysis's verdict and response-time bounds, the
 * simulated misses and worst response times, and its Gantt chart over one time window shared by
 * both. The work runs on a {@link Background} with progress and Cancel; a newer run or a cancel
 * drops an older answer. Properties are read and changed on the ui thread only.
 */
public final class CompareViewModel {

    /**
     * One line of a side's table: a VM or one of its tasks, with the analysis's verdict (as the
     * main window's verdict column words it, "✖ NO"; {@code glyph} its glyph alone, "✖") and
     * response-time bound, and the simulated missed/jobs and worst response time (a VM's over its
     * deadline, as {@code compare}'s cell "0/12, 0.77").
     */
    public record Line(String name, String deadline, String verdict, String glyph, String bound, String missed,
            String worst) {
    }

    /**
     * What one side shows: its title ({@code compare}'s row label), its verdicts in one line, the
     * lines of its table, its Gantt chart's data and the time its chart shows first (from 0; the
     * view draws the chart, {@link CompareView#gantt}) and the row {@code compare} prints for it.
     */
    public record Side(String title, String verdict, List<Line> lines, GanttData gantt, double shown,
            PolicyComparison.Row row) {
    }

    private final Supplier<Scenario> scenario;
    private final Executor ui;
    private final Background background;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Side> global = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Side> partitioned = new ReadOnlyObjectWrapper<>();
    /** The scenario the sides shown were computed for; null when none is shown. */
    private Scenario shownFor;
    /** The run under way; null when none (a late answer of a cancelled run is no one's). */
    private Cancellation current;

    /**
     * The dialog's state over the main window's scenario, read at each {@link #run}; the work runs
     * on {@code background}, its progress and answer are handed to {@code ui} (the FX thread in the
     * application; {@code Runnable::run} with {@link Background#immediate()} in a test).
     */
    public CompareViewModel(Supplier<Scenario> scenario, Executor ui, Background background) {
        this.scenario = scenario;
        this.ui = ui;
        this.background = background;
    }

    /** Why {@code s} has nothing to compare (the menu item's tooltip while disabled), or null. */
    public static String unavailable(Scenario s) {
        return s == null ? "no scenario" : GlobalVsPartitioned.unavailable(s);
    }

    /** Computes both sides of the scenario as it is now; ignored while a run is under way. */
    public void run() {
        if (running.get()) {
            return;
        }
        Scenario s = scenario.get();
        String why = unavailable(s);
        if (why != null) {
            status.set("Nothing to compare: " + why + ".");
            return;
        }
        Cancellation c = new Cancellation();
        current = c;
        running.set(true);
        progress.set(0);
        status.set("Analysing and simulating both placements…");
        Progress bar = Background.onUi(ui, (done, total, what) -> {
            if (current == c) {
                progress.set(Progress.ratio(done, total));
            }
        });
        background.schedule(() -> {
            try {
                GlobalVsPartitioned.Outcome o = GlobalVsPartitioned.compute(s, bar, c);
                Side g = side(s, o.global(), o.shown());
                Side p = side(s, o.partitioned(), o.shown());
                // each side's line says its misses: the summary does not repeat them (a line of present mode's type)
                String summary = "Simulated over 0.." + Format.exact(o.global().run().horizon()) + "; both Gantt charts show 0.."
                        + Format.exact(o.shown()) + " on one time axis.";
                ui.execute(() -> finish(c, s, g, p, summary));
            } catch (CancelledException x) {
                ui.execute(() -> finish(c, null, null, null, "Cancelled."));
            } catch (RuntimeException x) {
                ui.execute(() -> finish(c, null, null, null, "The comparison failed: " + x.getMessage()));
            }
        }, c, 0);
    }

    private static String words(PolicyComparison.Row r) {
        long jobs = r.vms().stream().mapToLong(PolicyComparison.VmOutcome::jobs).sum();
        return r.missed() + " of " + jobs + " jobs missed";
    }

    private void finish(Cancellation c, Scenario s, Side g, Side p, String message) {
        if (current != c) {
            return;
        }
        current = null;
        running.set(false);
        progress.set(g == null ? 0 : 1);
        shownFor = s;
        global.set(g);
        partitioned.set(p);
        status.set(message);
        scenarioChanged(); // edited in the main window while running: that answer is of another scenario
    }

    /** Stops the run under way: the dialog is usable at once and the late answer is not shown. */
    public void cancel() {
        Cancellation c = current;
        if (c == null) {
            return;
        }
        c.cancel();
        current = null;
        running.set(false);
        progress.set(0);
        status.set("Cancelled.");
    }

    /** The main window's scenario changed: sides shown of another scenario say so (Compare runs it again). */
    public void scenarioChanged() {
        if (running.get() || shownFor == null || shownFor.equals(scenario.get())) {
            return;
        }
        status.set("The scenario changed in the main window; these results are of the scenario before. Compare runs it as it is now.");
    }

    private static Side side(Scenario s, GlobalVsPartitioned.Side side, double shown) {
        List<Line> lines = new ArrayList<>();
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine vm = s.vms().get(v);
            PolicyComparison.VmOutcome vo = side.row().vms().get(v);
            Verdict verdict = GlobalVsPartitioned.vmVerdict(side.analysis(), vm);
            boolean ok = verdict == Verdict.SCHEDULABLE;
            boolean undecided = verdict == Verdict.UNDECIDED;
            lines.add(new Line(vm.name(), "", verdict == null ? "" : Verdicts.mark(ok, undecided, false),
                    verdict == null ? "" : Verdicts.glyph(ok, undecided, false), "", vo.missed() + "/" + vo.jobs(),
                    "R/D " + ratio(vo.worstResponseOverDeadline())));
            for (Task t : vm.tasks()) {
                TaskVerdict tv = GlobalVsPartitioned.taskVerdict(side.analysis(), vm, t.name());
                TaskStats ts = PolicyComparison.taskStats(side.run(), vm, t.name());
                boolean tUndecided = tv != null && tv.verdict() == Verdict.UNDECIDED;
                lines.add(new Line("  " + t.name(), Format.table(t.deadline()),
                        tv == null ? "" : Verdicts.mark(tv.schedulable(), tUndecided, tv.notGuaranteed()),
                        tv == null ? "" : Verdicts.glyph(tv.schedulable(), tUndecided, tv.notGuaranteed()),
                        tv == null || tv.responseTime() == null ? "" : "≤ " + Format.table(tv.responseTime()),
                        ts.missed() + "/" + ts.jobs(), ts.completed() > 0 ? Format.table(ts.maxResponseTime()) : "none finished"));
            }
        }
        String verdict = "analysis: " + Verdicts.of(side.analysis().verdict(), Verdicts.Audience.GUI) + ";  simulation: "
                + words(side.row());
        GanttData d = SimulationChartData.gantt(side.variant().scenario(), side.traced(), 200_000,
                side.variant().options().serverPolicy());
        return new Side(side.variant().label(), verdict, List.copyOf(lines), d, shown, side.row());
    }

    /** {@code compare}'s worst response over deadline: two decimals, "inf" when a job never finished. */
    static String ratio(double x) {
        return Double.isInfinite(x) ? "inf (a job never finished)" : Format.fixed(x, 2);
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** The run's progress in [0, 1]. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** One line on the run: what is being done, the two sides' misses, a cancel or a failure. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The global EDF side; null before the first answer and after a cancel or failure. */
    public ReadOnlyObjectProperty<Side> globalProperty() {
        return global.getReadOnlyProperty();
    }

    /** The partitioned side; null before the first answer and after a cancel or failure. */
    public ReadOnlyObjectProperty<Side> partitionedProperty() {
        return partitioned.getReadOnlyProperty();
    }
}
