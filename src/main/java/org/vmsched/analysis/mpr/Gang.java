package org.vmsched.analysis.mpr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.ExactDecimal;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * A VM whose periodic vCPUs have a core each serves its tasks as k processors that come and go together (THEORY.md
 * §15.23): every vCPU runs [o + jT + X, o + jT + C), the same instants. Counted in the VM's own time (the instants it
 * serves), its tasks are sporadic tasks (C_i, αD_i, αT_i) with α = (C − X)/T on k dedicated processors, exactly, when
 * every D_i and T_i is a whole number of the VM's periods: any test of global EDF or RM on dedicated processors then
 * holds, and a bound R′ in the VM's time is a bound in real time of the blackout T − (C − X) plus R′'s chunks. Stateless.
 */
final class Gang {

    private Gang() {
    }

    /** The VM's tasks in its own time and the numbers that map a bound back: the chunk C − X of every period T. */
    record Dilated(List<GlobalTask> tasks, int processors, BigFraction period, BigFraction chunk) {

        /** α = (C − X)/T: the share of real time the VM serves. */
        BigFraction rate() {
            return chunk.divide(period);
        }

        /** The k dedicated processors the tests run on. */
        MprSupply dedicated() {
            return new MprSupply(BigFraction.ONE, new BigFraction(processors), processors, BigFraction.ZERO);
        }

        /**
         * A bound {@code r} of the VM's time in real time, over every release from the VM's first replenishment on:
         * the longest blackout T − (C − X), then the chunks up to r (⌈r/chunk⌉ − 1 whole ones, a period each).
         */
        BigFraction realTime(BigFraction r) {
            if (r.compareTo(BigFraction.ZERO) <= 0) {
                return BigFraction.ZERO;
            }
            BigFraction whole = new BigFraction(Exact.ceil(r.divide(chunk)).subtract(BigInteger.ONE));
            return period.subtract(chunk).add(whole.multiply(period)).add(r.subtract(whole.multiply(chunk)));
        }

        /** {@code b}'s bounds in real time (its answer unchanged). */
        GlobalEdfResponseTimes.Bounds inRealTime(GlobalEdfResponseTimes.Bounds b) {
            return new GlobalEdfResponseTimes.Bounds(b.result(), b.responseTimes().stream().map(this::realTime).toList());
        }
    }

    /**
     * {@code vm}'s tasks ({@code tasks}, in its order) in its own time, or null where §15.23 does not hold: the host
     * has not a core for each vCPU ({@code coreEach} false), the scenario sets a migration cost (a vCPU moved would pay
     * X + M and serve later than the others), a task is released before the VM's first replenishment, a task's
     * deadline or period is not a whole number of the VM's periods, no time is left after the overhead, or the budget
     * is the whole period with an overhead (such a vCPU is never switched out: it pays X once and serves more than the
     * claim's chunks, a run the change of clock does not describe, §15.23's review).
     */
    static Dilated of(Scenario s, VirtualMachine vm, List<GlobalTask> tasks, boolean coreEach) {
        if (!coreEach || GlobalAnalysis.dispatchOverhead(s, vm) != vm.overhead()
                || vm.budget() == vm.period() && vm.overhead() > 0) {
            return null;
        }
        BigFraction t = ExactDecimal.fraction(vm.period());
        BigFraction chunk = ExactDecimal.fraction(vm.budget()).subtract(ExactDecimal.fraction(vm.overhead()));
        if (chunk.compareTo(BigFraction.ZERO) <= 0) {
            return null;
        }
        BigFraction alpha = chunk.divide(t);
        List<GlobalTask> out = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            Task written = vm.tasks().get(i);
            GlobalTask g = tasks.get(i);
            if (written.offset() < vm.offset() || !whole(g.deadline().divide(t)) || !whole(g.period().divide(t))
                    || g.wcet().compareTo(g.deadline().multiply(alpha)) > 0) {
                return null;
            }
            out.add(new GlobalTask(g.wcet(), g.deadline().multiply(alpha), g.period().multiply(alpha), g.name()));
        }
        return new Dilated(out, vm.vcpus(), t, chunk);
    }

    private static boolean whole(BigFraction f) {
        return f.getDenominator().equals(BigInteger.ONE);
    }
}
