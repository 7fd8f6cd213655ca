package org.vmsched.design;

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
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterProperty;
import org.vmsched.JudgedTries;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.Supply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The bound a placement's common period is pruned with (THEORY.md §12.6): no least budget the
 * analysis finds is below the tasks' utilisation plus X per period, whatever the period, the
 * preemptions, the server kind and the guest scheduler. Were it ever above, the pruning could drop
 * the period that should have won.
 */
class CoreFitProperties {
    private final JudgedTries judged = new JudgedTries();

    @AfterProperty
    void atLeastHalfTheTriesWereJudged() {
        judged.assertAtLeastHalfJudged();
    }

    @Provide
    Arbitrary<VirtualMachine> vms() {
        Arbitrary<Task> task = Combinators.combine(
                Arbitraries.integers().between(10, 100),   // period
                Arbitraries.integers().between(1, 25))     // utilisation, percent
                .as((p, u) -> Task.of("t", Math.max(0.01, Math.ceil(p * u) / 100.0), p));
        Arbitrary<List<Task>> tasks = task.list().ofMinSize(1).ofMaxSize(4).map(ts -> {
            List<Task> out = new ArrayList<>();
            for (int i = 0; i < ts.size(); i++) {
                out.add(ts.get(i).withName("t" + (i + 1)));
            }
            return out;
        });
        return Combinators.combine(tasks, Arbitraries.of(0.0, 0.05, 0.1, 0.2), Arbitraries.of(GuestScheduler.RM, GuestScheduler.EDF))
                .as((ts, x, g) -> VirtualMachine.of("VM", 10, 5, x, ts).withScheduler(g));
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void noLeastBudgetIsBelowUtilisationPlusOverhead(@ForAll("vms") VirtualMachine vm,
                                                     @ForAll @DoubleRange(min = 1, max = 20) double period,
                                                     @ForAll @IntRange(min = 0, max = 3) int preemptions,
                                                     @ForAll boolean deferrable) {
        Supply shape = new Supply(period, period, vm.overhead(), preemptions,
                deferrable ? Supply.Kind.DEFERRABLE : Supply.Kind.PERIODIC);
        double need = BudgetSearch.minBudget(vm, shape);
        judged.assume(!Double.isNaN(need));
        assertTrue(need / period >= CoreFit.least(vm, period), () -> vm + " at " + shape + ": least budget " + need
                + " is below the bound " + CoreFit.least(vm, period) * period);
    }
}
