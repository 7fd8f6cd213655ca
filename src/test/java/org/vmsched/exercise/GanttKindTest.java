package org.vmsched.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.SliceKind;
import org.vmsched.sim.TraceSlice;

@AddLifecycleHook(ExerciseTries.class)
class GanttKindTest {

    private static final GanttKind GANTT = new GanttKind();
    private static final Pattern INSTANT = Pattern.compile("t = (\\d+):");

    /** vma (T 4, C 2) runs a1 (2, 7); vmb (T 8, C 3) runs b1 (1, 9); EDF on one core, 13 slots. */
    private static Exercise small() {
        Scenario s = new Scenario(Scenario.SCHEMA_VERSION, "s", "", new Platform(HypervisorPolicy.EDF, 1),
                List.of(VirtualMachine.of("vma", 4, 2, 0, List.of(Task.of("a1", 2, 7))),
                        VirtualMachine.of("vmb", 8, 3, 0, List.of(Task.of("b1", 1, 9)))), null);
        TreeMap<String, String> p = new TreeMap<>();
        p.put("slots", "13");
        return GANTT.solve(s, p, 0, 0, "salt");
    }

    @Test
    void theSlotsOfTwoServersUnderEdfAreWorkedByHand() {
        // 0–2 vma (deadline 4 before 8) runs a1; 2–3 vmb runs b1; 3–5 vmb burns its budget idle, 5–7 vma
        // does; 7–8 no budget; 8–10 a1 again, 10 b1, then idle
        assertEquals(List.of("a1", "a1", "b1", "idle", "idle", "idle", "idle", "idle", "a1", "a1", "b1", "idle", "idle"),
                small().answers().stream().map(ExactValue::word).toList());
    }

    @Test
    void aWrongSlotSaysWhatRanAndWhyAndNothingLater() {
        Exercise e = small();
        List<ExactValue> a = new ArrayList<>(e.answers());
        a.set(2, ExactValue.word("a1"));
        Checker.Report r = Checker.check(e, a);
        assertEquals(2, r.firstWrong());
        String x = r.explanation();
        assertTrue(x.startsWith("step 3 (slot 2): you wrote a1; with your numbers slot 2 = b1: t = 2:"), x);
        assertTrue(x.contains("vma's budget is spent") && x.contains("vmb is the only VM with budget"), x);
        assertEquals(-1, x.indexOf("t = 3"), "a later instant must not show: " + x);
        assertTrue(x.endsWith(".") && !x.contains(".."), "one full stop, not two: " + x);
        assertTrue(e.steps().get(0).read("a", " A1 ").word().equals("a1"), "names are read in any case");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> e.steps().get(0).read("answer", "zed"));
        assertEquals("answer must be a1 or b1 or idle, got \"zed\"", bad.getMessage());
    }

    @Test
    void aScenarioWithFractionsOrOverheadIsRefusedNamingTheField() {
        Exercise e = small();
        Scenario half = e.scenario().withVms(List.of(e.scenario().vms().get(0).withServer(4, 1.5, 0),
                e.scenario().vms().get(1)));
        InvalidExerciseException x = assertThrows(InvalidExerciseException.class,
                () -> GANTT.solve(half, e.params(), 0, 0, "s"));
        assertTrue(x.getMessage().startsWith("vma.budget: a gantt exercise needs whole numbers"), x.getMessage());
        TreeMap<String, String> p = new TreeMap<>(e.params());
        p.put("slots", "41");
        x = assertThrows(InvalidExerciseException.class, () -> GANTT.solve(e.scenario(), p, 0, 0, "s"));
        assertEquals("params.slots must be 1 to 40, got 41", x.getMessage());
    }

    @Property(tries = 1000)
    void theSlotsAreTheSimulatorOwnAndEveryStepIsChecked(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int level) {
        Exercise e = GANTT.generate(seed, level);
        int slots = e.steps().size();
        // one truth: an ordinary run of the simulator, its trace read slot by slot
        SimulationResult run = Simulator.run(e.scenario(), SimulationOptions.from(e.scenario().simulation())
                .withHorizon((double) slots).withMode(SimulationMode.SYNCHRONOUS).withTrace(true));
        String[] owner = new String[slots];
        Arrays.fill(owner, "idle");
        for (TraceSlice s : run.trace().asList()) {
            for (int k = (int) s.start(); k < s.end() && k < slots; k++) {
                owner[k] = s.kind() == SliceKind.EXECUTION ? s.task().toLowerCase(Locale.ROOT) : "idle";
            }
        }
        List<Worked> w = e.solution();
        for (int k = 0; k < slots; k++) {
            assertEquals(owner[k], w.get(k).value().word(), "slot " + k);
            Matcher m = INSTANT.matcher(w.get(k).working());
            while (m.find()) {
                assertTrue(Integer.parseInt(m.group(1)) <= k, "slot " + k + " tells a later instant: " + w.get(k).working());
            }
        }
        // the level's promise: sizes, and every task runs in some slot
        int vms = e.scenario().vms().size();
        long tasks = e.scenario().vms().stream().mapToLong(v -> v.tasks().size()).sum();
        int[][] sizes = {{2, 2, 3, 12, 16}, {2, 3, 4, 16, 20}, {3, 4, 5, 20, 24}};
        int[] z = sizes[level - 1];
        assertEquals(z[0], vms);
        assertTrue(tasks >= z[1] && tasks <= z[2] && slots >= z[3] && slots <= z[4], tasks + " tasks, " + slots + " slots");
        assertTrue(GanttKind.fits(e), "every task runs");
        ExerciseChecks.checkerCatchesEveryAlteredStep(e);
    }

    @Test
    void theSameSeedGivesTheSameExercise() {
        assertEquals(GANTT.generate(7, 3).hashes(), GANTT.generate(7, 3).hashes());
    }
}
