package org.vmsched.ui.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.vmsched.analysis.Bounds;
import org.vmsched.analysis.TmaxCurve;
import org.vmsched.chart.GlobalSupplyChartFactory;
import org.vmsched.chart.GoodPeriodMapData;
import org.vmsched.chart.ResponseRatioChartFactory;
import org.vmsched.chart.ResponseRatioData;
import org.vmsched.chart.SimulatedTmaxPoint;
import org.vmsched.chart.TmaxChartData;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.report.AnalysisReport;
import org.vmsched.report.GlobalSupplies;
import org.vmsched.report.TmaxSetting;
import org.vmsched.report.TmaxSweep;

/**
 * The chart data of the live analysis, computed off the FX thread from one
 * {@link AnalysisReport}: the Tmax curve among the core mates and alone, the good-period map, and
 * the max Ri/Ti chart, and a global VM's supplies. Split out of {@link AnalysisViewModel}, which publishes what it returns.
 * Stateless.
 */
final class AnalysisCharts {

    /** The data of the Tmax chart and the good-period map of one VM. */
    record Tmax(TmaxChartData data, GoodPeriodMapData map) {
    }

    private AnalysisCharts() {
    }

    /**
     * The Tmax curve and good-period map of VM {@code v}, with the simulated points {@code sim} of
     * its name; null as soon as {@code stale} says the request was superseded.
     */
    static Tmax tmax(AnalysisReport report, Scenario s, int v, Map<String, List<SimulatedTmaxPoint>> sim, boolean norm,
                     String simNote, BooleanSupplier stale) {
        VirtualMachine vm = s.vms().get(v);
        int n = vm.tasks().size();
        int steps = n <= 100 ? AnalysisViewModel.ALPHA_STEPS : n <= 300 ? 50 : 20;
        // α = 1 itself is left out: its Tmax is unbounded and cannot be drawn.
        // One α at a time, so that a superseded run of a large task set stops within one column.
        // The same curve as `vmsched tmax` (among the core mates): one report, one computation.
        TmaxSweep sweep = report.tmax(v, TmaxSetting.AMONG_CORE_MATES, Double.NaN, Double.NaN);
        List<TmaxCurve.Point> curve = new ArrayList<>();
        for (int i = 1; i < steps; i++) {
            if (stale.getAsBoolean()) {
                return null;
            }
            curve.add(sweep.at(i / (double) steps, false));
        }
        // and, beside it, the thesis's curve of the VM alone on a core (`tmax --alone`), where
        // core mates make it another curve
        List<TmaxCurve.Point> aloneCurve = new ArrayList<>();
        if (hasCoreMates(s, vm)) {
            TmaxSweep aloneSweep = report.tmax(v, TmaxSetting.ALONE, Double.NaN, Double.NaN);
            for (int i = 1; i < steps; i++) {
                if (stale.getAsBoolean()) {
                    return null;
                }
                aloneCurve.add(aloneSweep.at(i / (double) steps, false));
            }
        }
        Task first = Bounds.firstTask(vm.tasks());
        TmaxChartData td = new TmaxChartData(vm.name(), curve, aloneCurve, sim.getOrDefault(vm.name(), List.of()),
                vm.bandwidth(), vm.period(), first.period(), norm, simNote);
        GoodPeriodMapData md = mapData(vm, curve, 1.0 / steps, first);
        return new Tmax(td, md);
    }

    /** The max Ri/Ti chart of {@code vm} (a message under EDF); null when cancelled. */
    static AnalysisChart ratio(VirtualMachine vm, Cancellation cancel) {
        AnalysisChart rc;
        if (vm.scheduler() == GuestScheduler.RM) {
            int samples = vm.tasks().size() <= 50 ? 300 : 40;
            ResponseRatioData rd = ResponseRatioChartFactory.compute(vm.name(), vm.tasks(), vm.bandwidth(),
                    vm.overhead(), vm.period(), samples, cancel);
            if (rd == null) {
                return null;
            }
            rc = new AnalysisChart.Ratio(rd);
        } else {
            rc = new AnalysisChart.Message("max Ri/Ti of " + vm.name(), "Response times are defined under RM only; this VM uses EDF.");
        }
        return rc;
    }

    /** Whether another VM is on {@code vm}'s core (then its Tmax among them may differ from alone). */
    private static boolean hasCoreMates(Scenario s, VirtualMachine vm) {
        return s.vms().stream().anyMatch(o -> o != vm && o.core() == vm.core());
    }

    private static GoodPeriodMapData mapData(VirtualMachine vm, List<TmaxCurve.Point> curve, double width, Task first) {
        List<GoodPeriodMapData.Column> cols = new ArrayList<>();
        for (TmaxCurve.Point p : curve) {
            cols.add(new GoodPeriodMapData.Column(p.alpha(), p.feasiblePeriods()));
        }
        double yMax = Math.max(2 * first.period(), vm.period() * 1.5);
        return new GoodPeriodMapData(vm.name(), cols, width, vm.bandwidth(), vm.period(), yMax);
    }

    /** Why a global VM's supply chart is not drawn where its MPR supply is not derived (THEORY.md §15.14). */
    static final String NO_GLOBAL_SUPPLY = "the supply of deferrable virtual CPUs with a switch overhead or a migration cost"
            + " is not derived (THEORY.md §15.14): see the VM's row";

    /**
     * The supply chart of VM {@code v} of a global policy for its task {@code t} (THEORY.md §15.17,
     * §15.19): its MPR supply and, where the analysis tried it, the host's own schedule's; a message
     * where there is none ({@code noAnalysis} under a policy that is not global).
     */
    static AnalysisChart globalSupply(AnalysisReport report, Scenario s, int v, int t, String noAnalysis) {
        String title = "Supply & demand";
        if (!s.hypervisor().policy().global()) {
            return new AnalysisChart.Message(title, noAnalysis);
        }
        VirtualMachine vm = s.vms().get(v);
        if (vm.tasks().isEmpty()) {
            return new AnalysisChart.Message(title, vm.name() + " has no tasks");
        }
        GlobalSupplies g = report.globalSupplies(v);
        if (g == null) {
            return new AnalysisChart.Message(title, NO_GLOBAL_SUPPLY);
        }
        return new AnalysisChart.GlobalSupply(GlobalSupplyChartFactory.compute(vm, t, report.vm(v), g.edp(), g.schedule()));
    }
}
