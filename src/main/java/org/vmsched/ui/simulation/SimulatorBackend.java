package org.vmsched.ui.simulation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.chart.SimulatedTmaxPoint;
import org.vmsched.chart.SimulationChartData;
import org.vmsched.text.Format;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.report.AnalysisReport;
import org.vmsched.report.SimulationReport;
import org.vmsched.sim.SimulatedTmax;
import org.vmsched.sim.SimulationInputException;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.VmStats;

/**
 * The real simulator behind the GUI's {@link SimulationBackend}: one run of the scenario with
 * the trace on (for the Gantt chart and the CDFs), then the simulated Tmax of every VM at
 * α = 0.1 … 1.0 in the same mode, for the points on the Tmax chart. Stateless; called off the
 * FX thread.
 */
public final class SimulatorBackend implements SimulationBackend {

    /** Slices handed to the Gantt chart; the chart shows the window they cover. */
    static final int GANTT_SLICES = 50_000;

    /** Grid periods per α for the simulated Tmax (the analysis's candidates are tried too). */
    static final int TMAX_GRID = 40;

    private static final double[] ALPHAS = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};

    @Override
    public SimulationResult run(Scenario scenario, SimulationSettings settings, Progress progress,
                                Cancellation cancel) throws CancelledException {
        // The Gantt chart draws the first GANTT_SLICES slices: keep no more than that.
        SimulationOptions options = SimulationOptions.from(settings).withTraceCap(GANTT_SLICES);
        org.vmsched.sim.SimulationResult r;
        try {
            r = SimulationReport.of(AnalysisReport.of(scenario), options, progress.part(0, 0.5, "simulating"), cancel)
                    .result();
        } catch (SimulationInputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (r.cancelled()) {
            throw new CancelledException();
        }
        Map<String, List<SimulatedTmaxPoint>> tmax = new LinkedHashMap<>();
        int vms = scenario.vms().size();
        for (int v = 0; v < vms; v++) {
            VirtualMachine vm = scenario.vms().get(v);
            double from = 0.5 + 0.5 * v / vms;
            double span = 0.5 / vms;
            List<SimulatedTmaxPoint> points = new ArrayList<>();
            try {
                // the scenario's horizon is for the run above; each period tried runs until conclusive (or a cap)
                for (SimulatedTmax.Point p : SimulatedTmax.compute(vm, ALPHAS, options.withTrace(false).withHorizon(null)
                        .withMaxJobs(SimulatedTmax.MAX_ARRIVALS), TMAX_GRID,
                        progress.part(from, span, "simulated Tmax of " + vm.name()), cancel)) {
                    points.add(new SimulatedTmaxPoint(p.alpha(), p.simulatedTmax(), p.atSearchLimit(), p.conclusive(),
                            p.horizon()));
                }
            } catch (SimulationInputException | AnalysisLimitException e) {
                points.clear(); // a VM that cannot be swept exactly: no points, the run itself still counts
            }
            tmax.put(vm.name(), points);
        }
        progress.progress(1, 1, "done");
        // under global EDF the line also says how often virtual CPUs and jobs moved (simulate's table columns)
        String migrations = !scenario.hypervisor().policy().global() ? "" : String.format(Locale.ROOT,
                ", %d vCPU and %d job migrations", r.vms().stream().mapToLong(VmStats::vcpuMigrations).sum(),
                r.vms().stream().mapToLong(VmStats::jobMigrations).sum());
        String summary = String.format(Locale.ROOT, "%s, %s time units, %d events, %s%s%s",
                r.mode().jsonName(), Format.exact(r.end()), r.events(),
                Format.count(r.deadlineMisses(), "deadline miss", "deadline misses"), migrations,
                r.traceTruncated() ? " (trace cut)" : "");
        return new SimulationResult(SimulationChartData.gantt(scenario, r, GANTT_SLICES, options.serverPolicy()),
                SimulationChartData.cdf(scenario, r), tmax, summary);
    }

}
