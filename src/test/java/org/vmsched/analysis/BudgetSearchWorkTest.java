package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.vmsched.bench.ResponseTimeBenchmark;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Issue 12: {@code budget FILE --vm V --period 1} on the 1,000-task RM VM (seed 12, see
 * {@link ResponseTimeBenchmark#thousandTasks()}) took 6.5–10 s: 47 exact tests of doubles of 17
 * digits, whose scaled values pass 64 bits (5.6·10^6 of its 9·10^6 terms in BigInteger). The least
 * budget is now bracketed by short decimals tested in 64 bits and the same bisection replayed
 * (THEORY.md §10): the same answer, no BigInteger term. Asserts the answer and the work (no clock).
 */
class BudgetSearchWorkTest {

    @Test
    void theThousandTaskVmsLeastBudgetAtPeriodOneIsFoundIn64Bits() {
        VirtualMachine vm = VirtualMachine.of("VM1", 1, 0.9, 0, ResponseTimeBenchmark.thousandTasks());
        BudgetSearch.Effort effort = new BudgetSearch.Effort();
        double c = BudgetSearch.minBudget(vm, new Supply(1, 1, 0), effort);
        assertEquals(0.7562222613596532, c, 0); // the answer before the change, digit for digit
        assertTrue(BudgetSearch.schedulable(vm, new Supply(1, c, 0)));
        assertFalse(BudgetSearch.schedulable(vm, new Supply(1, c * (1 - 1e-12), 0)));
        assertEquals(0, effort.wideTerms, "terms in BigInteger (5.6e6 before)");
        assertTrue(effort.checks <= 60, "exact tests: " + effort.checks);
        assertTrue(effort.terms < 12_000_000, "terms: " + effort.terms);
    }

    @Test
    void shortInPicksTheFewestDigits() {
        assertEquals(0.5, BudgetSearch.shortIn(0.26, 0.74), 0);
        assertEquals(0.76, BudgetSearch.shortIn(0.7561, 0.7649), 0);
        assertEquals(0.75622226, BudgetSearch.shortIn(0.756222255, 0.756222265), 0);
    }

    /** The search before the change (plain bisection on doubles), the reference of the property. */
    static double reference(VirtualMachine vm, Supply shape) {
        double period = shape.period();
        if (!BudgetSearch.schedulable(vm, shape.withServer(period, period))) {
            return Double.NaN;
        }
        double lo = shape.withServer(period, 0).lostPerPeriod();
        double hi = period;
        for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
            double mid = 0.5 * (lo + hi);
            if (BudgetSearch.schedulable(vm, shape.withServer(period, mid))) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        java.math.BigDecimal l = new java.math.BigDecimal(lo);
        for (int digits = 1; digits <= 17; digits++) {
            java.math.BigDecimal cand = l.round(new java.math.MathContext(digits, java.math.RoundingMode.CEILING));
            if (cand.compareTo(l) == 0) {
                cand = cand.add(java.math.BigDecimal.ONE.scaleByPowerOfTen(l.precision() - l.scale() - digits));
            }
            double d = cand.doubleValue();
            if (d > lo && d <= hi && BudgetSearch.schedulable(vm, shape.withServer(period, d))) {
                return d;
            }
        }
        return hi;
    }

    @Provide
    Arbitrary<VirtualMachine> vms() {
        Arbitrary<Task> task = Arbitraries.integers().between(2, 400).flatMap(t ->
                Arbitraries.integers().between(1, 1000).map(share ->
                        Task.of("t", Math.max(0.001, Math.round(t / 2.0 * share / 3000.0 * 1000) / 1000.0), t / 2.0)));
        Arbitrary<List<Task>> tasks = task.list().ofMinSize(1).ofMaxSize(6).map(ArrayList::new);
        Arbitrary<Double> overhead = Arbitraries.of(0.0, 0.0, 0.01, 0.05);
        Arbitrary<GuestScheduler> sched = Arbitraries.of(GuestScheduler.RM, GuestScheduler.RM, GuestScheduler.EDF);
        return Combinators.combine(tasks, overhead, sched).as((ts, x, g) ->
                VirtualMachine.of("VM", 1, 1, x, ts).withScheduler(g));
    }

    @Property(tries = 200, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
    void theAnswerIsTheBisectionsOfBefore(@ForAll("vms") VirtualMachine vm,
                                          @ForAll("periods") double period) {
        Supply shape = new Supply(period, period, vm.overhead());
        double now;
        try {
            now = BudgetSearch.minBudget(vm, period);
        } catch (AnalysisLimitException e) {
            // an EDF VM whose search passes 5e7 task-steps (found by random seeds of the full
            // verify): the search gives up with its bracket, the documented bounded answer (exit 2)
            assertTrue(e.getMessage().contains("the smallest budget of VM lies in ("), e.getMessage());
            return;
        }
        double ref = reference(vm, shape);
        assertEquals(ref, now, 0, vm + " at " + period);
    }

    @Provide
    Arbitrary<Double> periods() {
        return Arbitraries.integers().between(1, 300).map(p -> p / 10.0);
    }
}
