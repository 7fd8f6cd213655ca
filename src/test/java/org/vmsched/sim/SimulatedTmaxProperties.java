package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.statistics.Statistics;
import org.vmsched.JudgedTries;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Simulated Tmax is honest: in worst-case mode it never exceeds the analytic Tmax and equals it
 * when the analytic Tmax and its budget fall on the tick grid; in synchronous mode it is never
 * below the analytic Tmax when that falls on the grid, and a point called conclusive misses
 * nothing in a much longer run.
 */
class SimulatedTmaxProperties {
    /** Counts the tries each property judged: a property that judged fewer than half of them fails. */
    private final JudgedTries judged = new JudgedTries();

    @AfterProperty
    void atLeastHalfTheTriesWereJudged() {
        judged.assertAtLeastHalfJudged();
    }

    record Case(VirtualMachine vm, double alpha) {
    }

    @Provide
    Arbitrary<Case> cases() {
        return cases(false, false);
    }

    /** As {@link #cases()}, with task offsets (whole time units below the period). */
    @Provide
    Arbitrary<Case> offsetCases() {
        return cases(true, false);
    }

    /**
     * As {@link #cases()} and {@link #offsetCases()} with α at least two tenths above the tasks'
     * utilization (up to 0.9): the conclusive-point properties judge only a point with a simulated
     * Tmax, which α at or below the utilization never has (issue 17: drawn from 0.2 they judged
     * about 78 % of 20 or 30 tries, a small-sample risk of falling under half).
     */
    @Provide
    Arbitrary<Case> fittedCases() {
        return cases(false, true);
    }

    @Provide
    Arbitrary<Case> fittedOffsetCases() {
        return cases(true, true);
    }

    private static Arbitrary<Case> cases(boolean offsets, boolean fitted) {
        Arbitrary<Task> task = Combinators.combine(Arbitraries.integers().between(5, 60), Arbitraries.integers().between(1, 20),
                        Arbitraries.integers().between(0, 59))
                .as((p, w, off) -> new Task("t", Math.max(1, p * w / 100), p, p, offsets ? off % p : 0));
        return task.list().ofMinSize(1).ofMaxSize(3).flatMap(ts -> {
            double u = ts.stream().mapToDouble(t -> t.wcet() / t.period()).sum();
            int lowest = fitted ? Math.min(9, (int) Math.ceil(10 * u) + 2) : 2;
            return Combinators.combine(Arbitraries.integers().between(lowest, 9),
                            offsets ? Arbitraries.of(0.0, 0.5) : Arbitraries.of(0.0, 0.5, 1.0))
                    .as((a10, x) -> {
                        List<Task> named = new ArrayList<>();
                        for (int i = 0; i < ts.size(); i++) {
                            named.add(ts.get(i).withName("t" + i));
                        }
                        return new Case(VirtualMachine.of("v", 10, 5, x, named), a10 / 10.0);
                    });
        });
    }

    @Property(tries = 30, edgeCases = EdgeCasesMode.NONE)
    void aConclusiveSynchronousPointMissesNothingInAThreeTimesLongerRun(@ForAll("fittedCases") Case c,
                                                                        @ForAll ServerPolicy policy) {
        conclusiveMeansNoMissLater(c, policy);
    }

    @Property(tries = 20, edgeCases = EdgeCasesMode.NONE)
    void withOffsetsAConclusivePointMissesNothingInAThreeTimesLongerRun(@ForAll("fittedOffsetCases") Case c,
                                                                        @ForAll ServerPolicy policy) {
        conclusiveMeansNoMissLater(c, policy);
    }

    /**
     * Each period tried runs on simtmax's budget, {@link SimulatedTmax#MAX_ARRIVALS}; the check runs
     * three times as long, so it handles about three times as many releases and replenishments
     * (plus one per task and server for the rounding up): it gets four times the budget. With the
     * simulator's default of 10^7 for both (once the tried runs took the options' budget), a cut
     * run's three-times-longer check was refused up front.
     */
    private void conclusiveMeansNoMissLater(Case c, ServerPolicy policy) {
        SimulationOptions o = SimulationOptions.DEFAULT.withServerPolicy(policy).withMaxJobs(SimulatedTmax.MAX_ARRIVALS);
        SimulatedTmax.Point p = SimulatedTmax.compute(c.vm(), new double[] {c.alpha()}, o, 30).get(0);
        Statistics.label("conclusive").collect(p.simulatedTmax() == 0 ? "all periods miss" : p.conclusive());
        judged.assume(p.simulatedTmax() != 0 && p.conclusive());
        double res = c.vm().overhead() == 0.5 ? 1000 : 100;
        long t = Math.round(p.simulatedTmax() * res);
        long budget = (long) Math.floor(c.alpha() * t + 1e-9 * Math.max(1, c.alpha() * t));
        VirtualMachine v = c.vm().withServer(t / res, budget / res, c.vm().overhead());
        SimulationResult r = Simulator.run(Scenario.of("s", List.of(v)), o.withTrace(false).withResolution(res)
                .withHorizon(3 * p.horizon()).withMaxJobs(4 * SimulatedTmax.MAX_ARRIVALS), null);
        assertEquals(0, r.deadlineMisses(), p + " misses in a run of " + 3 * p.horizon());
    }

    private static boolean onGrid(double x, double res) {
        double t = x * res;
        return Math.abs(t - Math.rint(t)) < 1e-6;
    }

    @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
    void worstCaseNeverAboveTheAnalysisAndEqualOnTheGrid(@ForAll("cases") Case c) {
        SimulationOptions wc = SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE);
        SimulatedTmax.Point p = SimulatedTmax.compute(c.vm(), new double[] {c.alpha()}, wc, 50).get(0);
        double res = c.vm().overhead() == 0.5 ? 1000 : 100;
        assertTrue(p.simulatedTmax() <= p.analyticTmax() + 1e-9, p.toString());
        boolean grid = p.analyticTmax() > 0 && onGrid(p.analyticTmax(), res) && onGrid(c.alpha() * p.analyticTmax(), res);
        Statistics.label("analytic Tmax on the grid").collect(grid);
        if (grid) {
            assertEquals(p.analyticTmax(), p.simulatedTmax(), 1e-9, p.toString());
        }
    }

    @Property(tries = 40, edgeCases = EdgeCasesMode.NONE)
    void synchronousNeverBelowTheAnalysisOnTheGrid(@ForAll("cases") Case c) {
        SimulatedTmax.Point p = SimulatedTmax.compute(c.vm(), new double[] {c.alpha()}, SimulationOptions.DEFAULT, 50)
                .get(0);
        double res = c.vm().overhead() == 0.5 ? 1000 : 100;
        if (p.analyticTmax() > 0 && onGrid(p.analyticTmax(), res) && onGrid(c.alpha() * p.analyticTmax(), res)) {
            assertTrue(p.simulatedTmax() >= p.analyticTmax() - 1e-9, p.toString());
        }
    }
}
