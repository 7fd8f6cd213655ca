package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.TaskStats;

/**
 * A seeded battery that tries to break a proof by simulation: draws systems until the analysis proves what the
 * battery is about, sharpens them to the edge of that proof, simulates each at its own offsets, at random offsets and
 * in worst-case mode, and holds every task of a proved VM to no miss and to its response-time bound; it tallies what
 * it saw and prints one line. A battery brings its case generator ({@link #draw}, {@link #kept}, {@link #reoffset},
 * {@link #options}) and what its judge adds ({@link #checkRun}, {@link #closestCounts}, its {@link #tally} line);
 * DeferrableBlockingSoundnessTest and GangSoundnessTest are two. One battery an instance, one thread.
 */
abstract class SoundnessBattery {

    /** Systems drawn, and those kept (the cases). */
    long drawn;
    long cases;
    /** Sharpening steps kept, and the VMs whose next step the proof no longer covered. */
    long sharpened;
    long atEdge;
    long runs;
    /** Task runs of proved VMs held to a response-time bound (and within it, or the battery failed). */
    long boundedTaskRuns;
    long provedTaskMisses;
    long unprovedMisses;
    /** The largest seen response time over its bound among the tasks {@link #closestCounts} names: other runs, worst-case mode. */
    double closest;
    double closestWorst;

    /** Random runs a case beside the fixed ones ({@link #fixedRuns}). */
    private final int offsets;

    SoundnessBattery(int offsets) {
        this.offsets = offsets;
    }

    /** A system drawn from {@code rnd}. */
    abstract Scenario draw(Random rnd);

    /**
     * {@code s} made a case (sharpened, its own tallies counted) when the analysis proves what the battery is about,
     * or null to draw again.
     */
    abstract Scenario kept(Scenario s);

    /** {@code s} with its tasks' offsets drawn again from {@code rnd}. */
    abstract Scenario reoffset(Scenario s, Random rnd);

    /** How a case is simulated (worst-case mode is this with {@link SimulationMode#WORST_CASE}). */
    abstract SimulationOptions options(Scenario s);

    /** The battery's line of what it saw. */
    abstract String tally(String label);

    /** The runs of a case before its random ones: {@code s} itself unless the battery adds more. */
    List<Scenario> fixedRuns(Scenario s) {
        return List.of(s);
    }

    /** What the battery checks of a run beside its tasks (nothing unless it says). */
    void checkRun(Scenario s, SimulationResult run, AnalysisResult a) {
    }

    /** Whether VM {@code v}'s tasks count toward {@link #closest} (every proved VM's unless the battery says). */
    boolean closestCounts(AnalysisResult a, int v) {
        return true;
    }

    /**
     * {@code cases} cases from {@code seed}: prints the {@link #tally} line, then fails if a task of a proved VM
     * missed (a bound exceeded fails at once).
     */
    final void run(String label, long seed, int cases) {
        Random rnd = new Random(seed);
        for (int c = 0; c < cases; c++) {
            check(qualifying(rnd), rnd);
        }
        System.err.println(tally(label));
        assertEquals(0, provedTaskMisses);
    }

    private Scenario qualifying(Random rnd) {
        while (true) {
            drawn++;
            Scenario s = draw(rnd);
            assertEquals(List.of(), ScenarioValidator.validate(s), () -> json(s));
            Scenario kept = kept(s);
            if (kept != null) {
                cases++;
                return kept;
            }
        }
    }

    /**
     * {@code s} with VM {@code v}'s tasks made heavier one {@code step} at a time, at most {@code steps} times, while
     * {@code proved} holds of the heavier system; a step that changes nothing ends it too.
     */
    final Scenario sharpened(Scenario s, int v, int steps, UnaryOperator<Task> step, Predicate<Scenario> proved) {
        for (int k = 0; k < steps; k++) {
            VirtualMachine vm = s.vms().get(v);
            List<Task> heavier = vm.tasks().stream().map(step).toList();
            if (heavier.equals(vm.tasks())) {
                break;
            }
            List<VirtualMachine> vms = new ArrayList<>(s.vms());
            vms.set(v, vm.withTasks(heavier));
            Scenario next = s.withVms(vms);
            if (!proved.test(next)) {
                atEdge++;
                break;
            }
            s = next;
            sharpened++;
        }
        return s;
    }

    private void check(Scenario s, Random rnd) {
        SimulationOptions o = options(s);
        List<Scenario> all = new ArrayList<>(fixedRuns(s));
        for (int i = 0; i < offsets; i++) {
            all.add(reoffset(s, rnd));
        }
        for (Scenario r : all) {
            judge(r, Simulator.run(r, o), SystemAnalysis.analyze(r));
        }
        judge(s, Simulator.run(s, o.withMode(SimulationMode.WORST_CASE)), SystemAnalysis.analyze(s));
    }

    private void judge(Scenario s, SimulationResult run, AnalysisResult a) {
        runs++;
        Invariants.check(s, run);
        checkRun(s, run, a);
        for (int v = 0; v < s.vms().size(); v++) {
            boolean proved = a.vms().get(v).schedulable();
            String vm = s.vms().get(v).name() + " (proved on " + a.vms().get(v).provedOn() + ")";
            for (int i = 0; i < s.vms().get(v).tasks().size(); i++) {
                TaskStats seen = run.vms().get(v).tasks().get(i);
                if (!proved) {
                    unprovedMisses += seen.missed();
                    continue;
                }
                provedTaskMisses += seen.missed();
                assertEquals(0, seen.missed(), () -> "task " + seen.name() + " of VM " + vm + " missed in a " + run.mode()
                        + " run: " + run.misses() + " in " + json(s));
                Double bound = a.vms().get(v).tasks().get(i).responseTime();
                if (bound == null || Double.isNaN(seen.maxResponseTime())) {
                    continue;
                }
                boundedTaskRuns++;
                if (closestCounts(a, v)) {
                    double ratio = seen.maxResponseTime() / bound;
                    if (run.mode() == SimulationMode.WORST_CASE) {
                        closestWorst = Math.max(closestWorst, ratio);
                    } else {
                        closest = Math.max(closest, ratio);
                    }
                }
                assertTrue(seen.maxResponseTime() <= bound + 1e-9, () -> "task " + seen.name() + " of VM " + vm + " took "
                        + seen.maxResponseTime() + " above its bound " + bound + " in a " + run.mode() + " run of " + json(s));
            }
        }
    }

    static String json(Scenario s) {
        return ScenarioJson.toJson(s);
    }
}
