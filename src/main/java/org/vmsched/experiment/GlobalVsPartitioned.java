package org.vmsched.experiment;

import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Progress;
import org.vmsched.report.AnalysisReport;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;

/**
 * Issue 32, item 3: global EDF against the partitioned placement of the same vCPUs, the two rows of
 * {@link PolicyComparison} ({@code compare}) a teacher sets side by side, under the scenario's own
 * server policy. Each side carries the analysis of its scenario, its run over the horizon (the
 * numbers {@code compare} prints, from the same {@link PolicyComparison#simulate}) and a run with
 * its trace over the Gantt window ({@link PolicyComparison#traced}, as {@code compare --gantt}).
 * Stateless.
 */
public final class GlobalVsPartitioned {

    /**
     * One side: the variant, the analysis of its scenario with its server policy, the row
     * {@code compare} prints for it, its run over the horizon and its traced run over the window.
     */
    public record Side(PolicyComparison.Variant variant, AnalysisResult analysis, PolicyComparison.Row row,
                       SimulationResult run, SimulationResult traced) {
    }

    /** Both sides of {@code scenario}; both traces cover [0, {@code shown}]. */
    public record Outcome(Scenario scenario, Side global, Side partitioned, double shown) {
    }

    private GlobalVsPartitioned() {
    }

    /**
     * Why {@code s} has nothing to set side by side (no VM of several vCPUs, no global host: each
     * VM is already one vCPU in its place), or null when it has.
     */
    public static String unavailable(Scenario s) {
        return PolicyComparison.hasGlobalSide(s) ? null
                : "no VM has several vCPUs and the host is not global: there is no global schedule to set beside a partitioned one";
    }

    /** The options {@code compare} runs {@code s} with: the scenario's, synchronous, no trace. */
    public static SimulationOptions options(Scenario s) {
        return SimulationOptions.from(s.simulation()).withTrace(false).withMode(SimulationMode.SYNCHRONOUS);
    }

    /**
     * Analyses and simulates both sides, reporting to {@code progress}; throws once {@code cancel}
     * is cancelled. Throws what the analysis or the simulator throws for input they refuse.
     */
    public static Outcome compute(Scenario s, Progress progress, Cancellation cancel) throws CancelledException {
        SimulationOptions o = options(s);
        ServerPolicy p = o.serverPolicy() == null ? ServerPolicy.PERIODIC : o.serverPolicy();
        double shown = PolicyComparison.ganttWindow(s, o, null);
        Side g = side(s, PolicyComparison.global(s, o, p), shown, progress.part(0, 0.5, "global EDF"), cancel);
        Side q = side(s, PolicyComparison.partitionedEdf(s, o, p), shown, progress.part(0.5, 0.5, "partitioned"), cancel);
        return new Outcome(s, g, q, shown);
    }

    private static Side side(Scenario s, PolicyComparison.Variant v, double shown, Progress progress, Cancellation cancel)
            throws CancelledException {
        // the analysis reads the server policy from the scenario; the variant's run has it in its options
        Scenario analysed = v.scenario().withSimulation(v.scenario().simulation().withServerPolicy(v.options().serverPolicy()));
        AnalysisResult a = AnalysisReport.of(analysed).result();
        cancel.check();
        SimulationResult run = PolicyComparison.simulate(v, progress.part(0, 0.8, null), cancel).result();
        SimulationResult traced = PolicyComparison.traced(v, shown, progress.part(0.8, 0.2, null), cancel).result();
        return new Side(v, a, PolicyComparison.row(v.label(), s, run), run, traced);
    }

    /**
     * The verdict of {@code vm} of the compared scenario in {@code a}: its own, or the conjunction
     * over the vCPU VMs of the partitioned placement ("control/v0", …); null if none is there.
     */
    public static Verdict vmVerdict(AnalysisResult a, VirtualMachine vm) {
        Verdict out = null;
        for (VmVerdict v : a.vms()) {
            if (holds(v, vm)) {
                out = out == null ? v.verdict() : out.and(v.verdict());
            }
        }
        return out;
    }

    /** The analysis of task {@code task} of {@code vm} in {@code a}, in the VM or the vCPU VM holding it; null if none. */
    public static TaskVerdict taskVerdict(AnalysisResult a, VirtualMachine vm, String task) {
        for (VmVerdict v : a.vms()) {
            if (holds(v, vm)) {
                for (TaskVerdict t : v.tasks()) {
                    if (t.name().equals(task)) {
                        return t;
                    }
                }
            }
        }
        return null;
    }

    private static boolean holds(VmVerdict v, VirtualMachine vm) {
        return v.name().equals(vm.name()) || (vm.multiVcpu() && v.name().startsWith(vm.name() + PolicyComparison.VCPU_MARK));
    }
}
