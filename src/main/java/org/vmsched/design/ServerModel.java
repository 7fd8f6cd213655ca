package org.vmsched.design;

import java.util.List;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.Interval;
import org.vmsched.analysis.Supply;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * The seam between interface design and a kind of server (THEORY.md §12): what supply a VM gets
 * from a server of a given period among its core mates, and the exact good periods at a bandwidth.
 * The periodic and deferrable servers of the analysis are {@link ReservationServer}; another kind
 * (a constant bandwidth server) plugs in by implementing this.
 */
public interface ServerModel {

    /** A short name for reports ("periodic", "deferrable"). */
    String kindName();

    /** The supply shape (kind, preemption bound P, late start) of {@code vm} at {@code period}; budget = period. */
    Supply shape(Scenario scenario, VirtualMachine vm, double period);

    /** The good periods of {@code vm} at bandwidth α in [minPeriod, maxPeriod] (exact region, THEORY.md §3, §6.4). */
    List<Interval> goodPeriods(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha, double minPeriod,
                               double maxPeriod);

    /**
     * As {@link #goodPeriods(Scenario, VirtualMachine, GoodPeriods, double, double, double)}, at least
     * the {@code limit} highest intervals when there are more (a kind may stop its walk there).
     */
    default List<Interval> goodPeriods(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha,
                                       double minPeriod, double maxPeriod, int limit) {
        return goodPeriods(scenario, vm, gp, alpha, minPeriod, maxPeriod);
    }

    /**
     * Whether {@link #goodPeriods} holds a period in [minPeriod, maxPeriod] (a multiple of
     * {@code grid} when it is positive); a kind may answer faster.
     */
    default boolean anyGood(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha, double minPeriod,
                            double maxPeriod, double grid) {
        for (Interval iv : goodPeriods(scenario, vm, gp, alpha, minPeriod, maxPeriod)) {
            double a = Math.max(iv.lo(), minPeriod);
            double b = Math.min(iv.hi(), maxPeriod);
            if (a <= b && (!(grid > 0) || Math.floor(b / grid * (1 + 1e-12)) * grid >= a * (1 - 1e-12))) {
                return true;
            }
        }
        return false;
    }

    /** The scenario as this server kind would run it (for the final verdict by the analysis). */
    Scenario apply(Scenario scenario);
}
