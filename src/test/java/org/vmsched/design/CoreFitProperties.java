package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
import net.jqwik.api.statistics.Statistics;
import org.vmsched.JudgedTries;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.Supply;
import org.vmsched.model.GuestScheduler;
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

    /** InterfaceDesignProperties' VMs (1 to 4 tasks, X from 0 to 1), with RM or EDF inside. */
    @Provide
    Arbitrary<VirtualMachine> vms() {
        return Combinators.combine(new InterfaceDesignProperties().vms(), Arbitraries.of(GuestScheduler.RM, GuestScheduler.EDF))
                .as(VirtualMachine::withScheduler);
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void noLeastBudgetIsBelowUtilisationPlusOverhead(@ForAll("vms") VirtualMachine vm,
                                                     @ForAll @DoubleRange(min = 3, max = 20) double period,
                                                     @ForAll @IntRange(min = 0, max = 3) int preemptions,
                                                     @ForAll boolean deferrable) {
        Supply shape = new Supply(period, period, vm.overhead(), preemptions,
                deferrable ? Supply.Kind.DEFERRABLE : Supply.Kind.PERIODIC);
        double need = BudgetSearch.minBudget(vm, shape);
        Statistics.label("some budget enough").collect(!Double.isNaN(need));
        judged.assume(!Double.isNaN(need));
        assertTrue(need / period >= CoreFit.least(vm, period), () -> vm + " at " + shape + ": least budget " + need
                + " is below the bound " + CoreFit.least(vm, period) * period);
    }
}
