package org.vmsched.ui.analysis;

import static org.vmsched.analysis.Verdicts.Audience.GUI;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.report.AnalysisReport;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.Verdict;
import org.vmsched.chart.GoodPeriodMapData;
import org.vmsched.chart.SimulatedTmaxPoint;
import org.vmsched.chart.SupplyDemandChartFactory;
import org.vmsched.chart.SupplyDemandData;
import org.vmsched.chart.TmaxChartData;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.ui.Background;
import org.vmsched.ui.document.Tagged;

/**
 * Live analysis: each {@link #request} (one per edit or selection change) is debounced, runs
 * off the FX thread on {@link Background}, and publishes through the {@code ui} executor only
 * if no newer request came meanwhile, so a superseded result is never shown. A request for what a
 * keystroke made waits for typing to pause ({@link #TYPING_PAUSE_MILLIS}, on the same worker, so a
 * test's worker decides when the pause has passed) or for {@link #analyseNow}: the next keystroke
 * supersedes it before it starts, so "512" typed costs one analysis, not three with their Tmax curves. Every request
 * names the scenario revision it is for, and what it publishes carries that revision: the verdict
 * table and the result are one {@link Tagged} value ({@link #verdictsProperty()}), from which the
 * table's rows, {@link #resultProperty()} and {@link #resultRevisionProperty()} are set together,
 * so the verdict table and the status line (which reads the same value) cannot show different
 * revisions. While a request is pending, {@link #stateProperty()} is
 * ANALYSING, the verdict rows are empty and Explain says so; for invalid input it says "Not
 * analysed" with the reason. When a request's work runs is {@link DebouncedRequests}' business,
 * the rows are {@link VerdictRows}'s, the chart data {@link AnalysisCharts}'s, and what the
 * simulation and an imported trace add to the charts {@link ChartOverlays}'. Properties are
 * changed on the ui executor only; not thread-safe otherwise.
 */
public final class AnalysisViewModel {

    /** Where the shown results stand. */
    public enum State { CURRENT, ANALYSING, INVALID, FAILED }

    /** Bandwidth columns of the Tmax curve and the good-period map. */
    public static final int ALPHA_STEPS = 100;

    /**
     * How long typing must pause before the value typed is analysed, in milliseconds: longer than
     * the gap between the keystrokes of a word (about 100 to 200 ms), short enough to read as at once.
     */
    public static final long TYPING_PAUSE_MILLIS = 250;

    /** When each request's work runs, and whether it may still publish. */
    private final DebouncedRequests timing;
    private Request last;
    /** The report of the revision analysed last: a selection change reuses its verdicts. */
    private volatile Revised cached;

    /** What a request asked for: the same again is not computed again. */
    private record Request(Scenario scenario, int vmIndex, int taskIndex, String invalidReason, long revision) {
    }

    /** The verdicts shown: the analysis and the verdict table's rows made from it. */
    public record VerdictTable(AnalysisResult result, List<ResultRow> rows) {

        public VerdictTable {
            rows = List.copyOf(rows);
        }
    }

    /** A report and the revision it was made for. */
    private record Revised(long revision, AnalysisReport report) {
    }

    private final ObjectProperty<State> state = new SimpleObjectProperty<>(State.ANALYSING);
    private final StringProperty message = new SimpleStringProperty("");
    private final ObjectProperty<Tagged<VerdictTable>> verdicts = new SimpleObjectProperty<>(Tagged.none());
    private final ObjectProperty<AnalysisResult> result = new SimpleObjectProperty<>();
    private final ObservableList<ResultRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<AnalysisChart> tmaxChart = new SimpleObjectProperty<>();
    private final ObjectProperty<AnalysisChart> mapChart = new SimpleObjectProperty<>();
    private final ObjectProperty<AnalysisChart> ratioChart = new SimpleObjectProperty<>();
    private final ObjectProperty<AnalysisChart> supplyChart = new SimpleObjectProperty<>();
    private final ObjectProperty<TmaxChartData> tmaxData = new SimpleObjectProperty<>();
    private final ObjectProperty<GoodPeriodMapData> mapData = new SimpleObjectProperty<>();
    private final StringProperty explanation = new SimpleStringProperty("");
    private final BooleanProperty normalized = new SimpleBooleanProperty(false);
    private final LongProperty lastMillis = new SimpleLongProperty();
    private final LongProperty resultRevision = new SimpleLongProperty(-1);
    /** The simulated Tmax points and measured supplies drawn on the charts, and the Tmax axis. */
    private final ChartOverlays overlays = new ChartOverlays(tmaxData, tmaxChart, supplyChart, normalized);

    public AnalysisViewModel(Executor ui, Background background, long debounceMillis) {
        this.timing = new DebouncedRequests(ui, background, debounceMillis);
    }

    /**
     * Analyses {@code scenario}, revision {@code revision} of the edited scenario (with charts
     * for VM {@code vmIndex} and task {@code taskIndex}, clamped), or shows {@code invalidReason}
     * when it is not null (the input has problems).
     */
    public void request(Scenario scenario, int vmIndex, int taskIndex, String invalidReason, long revision) {
        request(scenario, vmIndex, taskIndex, invalidReason, revision, false);
    }

    /**
     * As {@link #request(Scenario, int, int, String, long)}; with {@code typed} (the revision is a
     * keystroke's) the analysis starts once typing pauses, unless a newer request comes first.
     */
    public void request(Scenario scenario, int vmIndex, int taskIndex, String invalidReason, long revision,
                        boolean typed) {
        Request req = new Request(scenario, vmIndex, taskIndex, invalidReason, revision);
        if (req.equals(last) && state.get() != State.FAILED) {
            return; // asked again for what is shown or being computed: one computation per revision (issue 17)
        }
        last = req;
        long gen = timing.supersede();
        show(new Tagged<>(revision, null));
        // the words before the state: a listener of the state never reads the last revision's message
        if (invalidReason != null) {
            message.set("Not analysed: " + invalidReason);
            explanation.set("Not analysed: " + invalidReason);
            state.set(State.INVALID);
            return;
        }
        message.set("Analysing…");
        explanation.set(typed ? "Not analysed yet: the value typed is analysed once typing pauses…"
                : "Not analysed yet: the analysis of the current input is running…");
        state.set(State.ANALYSING);
        Map<String, List<SimulatedTmaxPoint>> sim = overlays.simulatedTmax();
        boolean norm = normalized.get();
        String note = overlays.simulatedNote();
        timing.start(c -> () -> compute(gen, revision, scenario, vmIndex, taskIndex, sim, norm, note, c), typed);
    }

    /**
     * Starts now (after the debounce) the analysis waiting for typing to pause, if one waits: the
     * field was left or Enter pressed, and the value typed is final.
     */
    public void analyseNow() {
        timing.startWaiting();
    }

    /**
     * The edited scenario is now {@code scenario}, revision {@code revision}, with nothing but its
     * name or description changed since the verdicts shown: when they are current, they are of this
     * revision too and nothing is computed again (the rows are made again, the system row naming
     * the scenario). Whether they were; if not, {@link #request} it.
     */
    public boolean carryTo(Scenario scenario, long revision) {
        Tagged<VerdictTable> v = verdicts.get();
        if (last == null || state.get() != State.CURRENT || !v.isCurrentAt(last.revision())) {
            return false;
        }
        boolean renamed = !last.scenario().name().equals(scenario.name());
        last = new Request(scenario, last.vmIndex(), last.taskIndex(), last.invalidReason(), revision);
        show(new Tagged<>(revision, renamed ? new VerdictTable(v.value().result(), rows(scenario, v.value().result()))
                : v.value()));
        return true;
    }

    /**
     * Shows the verdicts {@code t}: the one value the table's rows, the result and its revision
     * are set from (a null value clears the table and keeps the revision of what was shown last).
     */
    private void show(Tagged<VerdictTable> t) {
        verdicts.set(t);
        if (t.value() != null) {
            resultRevision.set(t.revision());
        }
        result.set(t.value() == null ? null : t.value().result());
        if (t.value() == null) {
            rows.clear();
        } else {
            rows.setAll(t.value().rows());
        }
    }

    /**
     * Computes what request {@code gen} asked for and publishes it in steps, each only while no
     * newer request came: the verdicts, the VM's explanation and supply chart, its Tmax and
     * good-period charts, then its max Ri/Ti chart and the status message.
     */
    private void compute(long gen, long revision, Scenario s, int vmIndex, int taskIndex, Map<String, List<SimulatedTmaxPoint>> sim,
                         boolean norm, String simNote, Cancellation cancel) {
        Revised known = cached;
        AnalysisReport report = known != null && known.revision() == revision && known.report().scenario() == s
                ? known.report() : AnalysisReport.of(s);
        cached = new Revised(revision, report);
        String noAnalysis = report.noCurvesReason();
        if (noAnalysis != null) {
            showWithoutCurves(gen, revision, s, report, noAnalysis, vmIndex, taskIndex);
            return;
        }
        try {
            long t0 = System.nanoTime();
            AnalysisResult r = report.result();
            List<ResultRow> newRows = rows(s, r);
            if (timing.stale(gen)) {
                return;
            }
            Tagged<VerdictTable> shown = new Tagged<>(revision, new VerdictTable(r, newRows));
            timing.publish(gen, () -> show(shown));
            int v = Math.max(0, Math.min(s.vms().size() - 1, vmIndex));
            VirtualMachine vm = s.vms().get(v);
            int t = Math.max(0, Math.min(vm.tasks().size() - 1, taskIndex));
            if (!publishSupply(gen, report, vm, v, t) || !publishTmax(gen, report, s, v, sim, norm, simNote)) {
                return;
            }
            AnalysisChart rc = AnalysisCharts.ratio(vm, cancel);
            if (rc == null || timing.stale(gen)) {
                return;
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            timing.publish(gen, () -> {
                ratioChart.set(rc);
                lastMillis.set(ms);
                state.set(State.CURRENT);
                message.set("Analysis up to date (" + ms + " ms): the system is " + Verdicts.of(r.verdict(), GUI)
                        + (r.verdict() == Verdict.UNDECIDED ? " (an EDF test reached a limit: see its VM's row)" : "")
                        + ".");
            });
        } catch (AnalysisLimitException e) {
            // The verdicts above are current; only the exact good-period charts are out of reach.
            timing.publish(gen, () -> {
                state.set(State.CURRENT);
                message.set("Verdicts up to date; Tmax and good-period charts not drawn: " + e.getMessage());
            });
        } catch (RuntimeException | StackOverflowError e) {
            timing.publish(gen, () -> {
                state.set(State.FAILED);
                message.set("Analysis failed: " + e);
            });
        }
    }

    /**
     * Publishes the verdicts of a version-2 policy, whose analysis the verdict table holds
     * (THEORY.md §11), with a message in place of each periodic-server chart.
     */
    private void showWithoutCurves(long gen, long revision, Scenario s, AnalysisReport report, String noAnalysis, int vmIndex,
                                   int taskIndex) {
        AnalysisResult hr;
        List<ResultRow> hrows;
        try {
            hr = report.result();
            hrows = rows(s, hr);
        } catch (RuntimeException e) {
            hr = null;
            hrows = List.of();
        }
        AnalysisChart sc = new AnalysisChart.Message("Supply & demand", noAnalysis);
        if (hr != null && !s.vms().isEmpty()) {
            int v = Math.max(0, Math.min(s.vms().size() - 1, vmIndex));
            int t = Math.max(0, Math.min(s.vms().get(v).tasks().size() - 1, taskIndex));
            try {
                sc = AnalysisCharts.globalSupply(report, s, v, t, noAnalysis); // a global VM's supplies (THEORY.md §15.17, §15.19)
            } catch (RuntimeException e) {
                sc = new AnalysisChart.Message("Supply & demand", "not drawn: " + e.getMessage());
            }
        }
        String text = hr == null ? "No analysis: " + noAnalysis + "." : chartsText(s, hr);
        AnalysisChart tc = new AnalysisChart.Message("Tmax curve", noAnalysis);
        AnalysisChart mc = new AnalysisChart.Message("Good-period map", noAnalysis);
        AnalysisChart rc = new AnalysisChart.Message("max Ri/Ti", noAnalysis);
        AnalysisResult fr = hr;
        AnalysisChart fsc = sc;
        List<ResultRow> frows = hrows;
        Tagged<VerdictTable> shown = new Tagged<>(revision, fr == null ? null : new VerdictTable(fr, frows));
        timing.publish(gen, () -> {
            show(shown);
            overlays.noSupplyShown();
            if (fr == null) {
                resultRevision.set(revision); // the message below is this revision's
            }
            explanation.set(text);
            // no periodic-server curve behind the message: a simulated Tmax or the
            // normalised axis must not bring one back (issue 17)
            tmaxData.set(null);
            mapData.set(null);
            tmaxChart.set(tc);
            mapChart.set(mc);
            ratioChart.set(rc);
            supplyChart.set(fsc);
            state.set(State.CURRENT);
            message.set(text.lines().findFirst().orElse(text)); // the status line; the VMs are in the explanation
        });
    }

    /** Publishes VM {@code v}'s explanation for task {@code t} and its supply chart; false if a newer request came. */
    private boolean publishSupply(long gen, AnalysisReport report, VirtualMachine vm, int v, int t) {
        Supply vmSupply = report.supply(v);
        String explain = report.explanation(v, t);
        SupplyDemandData sd = SupplyDemandChartFactory.compute(vm, t, vmSupply);
        Map<String, double[][]> measured = overlays.measuredSupply();
        AnalysisChart supply = new AnalysisChart.Supply(sd, measured.get(vm.name()));
        if (timing.stale(gen)) {
            return false;
        }
        timing.publish(gen, () -> {
            explanation.set(explain);
            overlays.showSupply(sd, vm.name(), measured, supply);
        });
        return true;
    }

    /** Publishes VM {@code v}'s Tmax curve and good-period map; false if a newer request came. */
    private boolean publishTmax(long gen, AnalysisReport report, Scenario s, int v, Map<String, List<SimulatedTmaxPoint>> sim,
                                boolean norm, String simNote) {
        AnalysisCharts.Tmax tmax = AnalysisCharts.tmax(report, s, v, sim, norm, simNote, () -> timing.stale(gen));
        if (tmax == null) {
            return false;
        }
        timing.publish(gen, () -> {
            tmaxData.set(tmax.data());
            mapData.set(tmax.map());
            tmaxChart.set(new AnalysisChart.Tmax(tmax.data()));
            mapChart.set(new AnalysisChart.Map(tmax.map()));
        });
        return true;
    }

    /** The explanation under a version-2 policy: each VM's analysis sentence ({@link VerdictRows#chartsText}). */
    static String chartsText(Scenario s, AnalysisResult r) {
        return VerdictRows.chartsText(s, r);
    }

    /** The verdict table of an analysis: system, cores, then each VM followed by its tasks ({@link VerdictRows#rows}). */
    public static List<ResultRow> rows(Scenario s, AnalysisResult r) {
        return VerdictRows.rows(s, r);
    }

    /**
     * Forgets every simulated Tmax point (the scenario they were simulated for has changed) and
     * takes them off the Tmax chart shown.
     */
    public void clearSimulatedTmax() {
        overlays.clearSimulatedTmax();
    }

    /**
     * Each VM's supply measured in an imported trace, {t, least supply in a window of length t} by
     * VM name, drawn on the sbf chart from now on beside the sbf (empty: none).
     */
    public void setMeasuredSupply(Map<String, double[][]> byVm) {
        overlays.setMeasuredSupply(byVm);
    }

    /** Simulated Tmax points of a VM, drawn on its Tmax chart from now on. */
    public void setSimulatedTmax(String vmName, List<SimulatedTmaxPoint> points) {
        setSimulatedTmax(vmName, points, overlays.simulatedNote());
    }

    /** As {@link #setSimulatedTmax(String, List)}, with a note under the chart's title on how they were simulated. */
    public void setSimulatedTmax(String vmName, List<SimulatedTmaxPoint> points, String note) {
        overlays.setSimulatedTmax(vmName, points, note);
    }

    public ObjectProperty<State> stateProperty() {
        return state;
    }

    public StringProperty messageProperty() {
        return message;
    }

    /**
     * The verdicts shown and the revision they are of: a value only while they are of the revision
     * last asked for (an empty {@link Tagged} while it is being analysed or cannot be). Set on the
     * ui executor, before the rows and the result it carries.
     */
    public ReadOnlyObjectProperty<Tagged<VerdictTable>> verdictsProperty() {
        return verdicts;
    }

    public ObjectProperty<AnalysisResult> resultProperty() {
        return result;
    }

    public ObservableList<ResultRow> rows() {
        return rows;
    }

    /** The Tmax chart to draw ({@link ChartDrawing#of}); null before the first analysis. */
    public ObjectProperty<AnalysisChart> tmaxChartProperty() {
        return tmaxChart;
    }

    /** The good-period map to draw; null before the first analysis. */
    public ObjectProperty<AnalysisChart> mapChartProperty() {
        return mapChart;
    }

    /** The max Ri/Ti chart to draw; null before the first analysis. */
    public ObjectProperty<AnalysisChart> ratioChartProperty() {
        return ratioChart;
    }

    /** The supply-and-demand chart to draw; null before the first analysis. */
    public ObjectProperty<AnalysisChart> supplyChartProperty() {
        return supplyChart;
    }

    public ObjectProperty<TmaxChartData> tmaxDataProperty() {
        return tmaxData;
    }

    public ObjectProperty<GoodPeriodMapData> mapDataProperty() {
        return mapData;
    }

    public StringProperty explanationProperty() {
        return explanation;
    }

    /** Whether the Tmax chart's y axis shows Tmax/T1 instead of Tmax. */
    public BooleanProperty normalizedProperty() {
        return normalized;
    }

    /** The scenario revision the verdicts, Explain text and charts shown were computed for; −1 before any. */
    public LongProperty resultRevisionProperty() {
        return resultRevision;
    }

    /** How long the last complete analysis (verdicts and charts) took, in milliseconds. */
    public LongProperty lastMillisProperty() {
        return lastMillis;
    }
}
