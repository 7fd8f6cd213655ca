package org.vmsched.design;

import java.util.List;
import org.vmsched.analysis.EdfDemand;
import org.vmsched.analysis.EdfResult;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.Supply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * Why a design's optimum is at its period (THEORY.md §12.2), for a student: what binds there, the
 * task whose deadline is tight at the proposed budget (null when none is named), and one or two
 * sentences saying so. Derived from the design's own exact questions: the least budget at periods
 * just outside the range (is a shorter or longer period cheaper?), and the exact test at a budget
 * a hair below the least one (which task misses; under EDF, at which deadline). Immutable.
 */
public record OptimumReason(Kind kind, String task, String text) {

    /** What holds the optimum where it is. */
    public enum Kind {
        /** The shortest period allowed: a shorter one would need less bandwidth. */
        SHORTEST_PERIOD,
        /** The longest period allowed: a longer one would need less bandwidth, or it is the range's end. */
        LONGEST_PERIOD,
        /**
         * A corner inside the range: the tight task's deadline stops a longer period (the blackout
         * grows with T), the overhead X per period a shorter one.
         */
        DEADLINE_AND_OVERHEAD,
        /** A corner inside the range without overhead: the lowest of the corners the tight task makes. */
        DEADLINE
    }

    /** The budget below the least one, relative, at which the exact test names the tight task. */
    private static final double BELOW = 1e-6;

    private static String n(double x) {
        return Format.significant(x, 6);
    }

    /**
     * The reason for {@code best} found by {@code s} in [lo, hi]; {@code loWhy} says what set lo
     * (" (1 ms, …)"), or "". Asks at most two least budgets beyond the design's and one exact test.
     */
    static OptimumReason of(AlphaSearch s, Candidate best, double lo, double hi, String loWhy) {
        VirtualMachine vm = s.vm;
        double t = best.period();
        double alpha = best.bandwidth() * (1 - 1e-9);
        Tight tight = tight(s, t, best.budget());
        String who = tight == null ? "" : tight.text;
        double cheaperShort = cheapest(s, lo / 10, lo / 2);
        if (cheaperShort < alpha) {
            double at = bandwidthAt(s, lo / 10) <= bandwidthAt(s, lo / 2) ? lo / 10 : lo / 2;
            return new OptimumReason(Kind.SHORTEST_PERIOD, tight == null ? null : tight.task,
                    "A shorter period would need less bandwidth (" + n(cheaperShort) + " at T = " + n(at) + ")"
                    + (vm.overhead() == 0 ? ": with X = 0 nothing is paid per period and the blackout shrinks with T" : "")
                    + "; the periods allowed start at " + n(lo) + loWhy + "." + (who.isEmpty() ? "" : " Near there " + who));
        }
        if (t >= hi * (1 - 1e-9)) {
            double longer = bandwidthAt(s, 2 * hi);
            return new OptimumReason(Kind.LONGEST_PERIOD, tight == null ? null : tight.task,
                    "The period is the longest allowed, " + n(hi) + " (twice the longest deadline unless a longest period is asked)"
                    + (longer < alpha ? "; a longer one would need less bandwidth (" + n(longer) + " at T = " + n(2 * hi) + ")" : "")
                    + "." + (who.isEmpty() ? "" : " " + capital(who)));
        }
        Supply at = s.server.shape(s.scenario, vm, t).withServer(t, best.budget());
        double extra = at.blackout() - 2 * (t - best.budget());
        String blackout = "the blackout B = " + n(at.blackout()) + (at.kind() != Supply.Kind.PERIODIC ? ""
                : extra > 1e-9 * t ? " (2(T − C) plus " + n(extra) + " of overhead)" : " (2(T − C))") + ", the longest wait for supply";
        String name = tight == null ? "the tightest task" : tight.task;
        if (vm.overhead() > 0) {
            return new OptimumReason(Kind.DEADLINE_AND_OVERHEAD, tight == null ? null : tight.task,
                    (who.isEmpty() ? "" : capital(who) + " ") + "A longer period lengthens " + blackout + ", and " + name
                    + " would need a larger share; a shorter one pays the overhead X = " + n(vm.overhead())
                    + " more often (" + Format.significant(at.lostPerPeriod() / t, 3) + " of the core at this period).");
        }
        return new OptimumReason(Kind.DEADLINE, tight == null ? null : tight.task,
                (who.isEmpty() ? "" : capital(who) + " ") + "Without overhead the least bandwidth rises and falls between"
                + " such corners as T changes; this is the lowest in the periods allowed, " + n(lo) + " to " + n(hi) + ".");
    }

    /** A sentence that begins with "the" begins with "The"; a task's name is left as written. */
    private static String capital(String s) {
        return s.startsWith("the ") ? "T" + s.substring(1) : s;
    }

    /** The least bandwidth at period p (+∞ when none). */
    private static double bandwidthAt(AlphaSearch s, double p) {
        double c = s.leastBudget(p);
        return Double.isNaN(c) ? Double.POSITIVE_INFINITY : c / p;
    }

    private static double cheapest(AlphaSearch s, double a, double b) {
        return Math.min(bandwidthAt(s, a), bandwidthAt(s, b));
    }

    /** The tight task and the words for it. */
    private record Tight(String task, String text) {
    }

    /**
     * The task whose deadline is tight at period t: with the least budget it just makes it, and a
     * budget a hair below misses (RM: the missing task of highest priority; EDF: the deadline
     * where demand passes supply). Null when the test names none.
     */
    private static Tight tight(AlphaSearch s, double t, double proposed) {
        VirtualMachine vm = s.vm;
        double c = s.leastBudget(t);
        if (Double.isNaN(c)) {
            return null;
        }
        Supply shape = s.server.shape(s.scenario, vm, t);
        Supply less = shape.withServer(t, c * (1 - BELOW));
        List<Task> tasks = vm.tasks();
        if (vm.scheduler() == GuestScheduler.EDF) {
            EdfResult r = EdfDemand.test(less, tasks);
            if (r.schedulable() || r.witness() == null) {
                return null;
            }
            double w = r.witness();
            for (Task k : tasks) {
                double j = (w - k.deadline()) / k.period();
                if (j >= -1e-9 && Math.abs(j - Math.rint(j)) <= 1e-9 * Math.max(1, j)) {
                    return new Tight(k.name(), "the deadline of " + k.name() + " at t = " + n(w) + " sets the budget: with C = "
                            + n(proposed) + " the demand of all tasks due by then, " + n(EdfDemand.dbf(tasks, w))
                            + ", just fits; with less than " + n(c) + " it would not.");
                }
            }
            return null;
        }
        double[] lessR = ResponseTimeAnalysis.responseTimes(less, tasks, 1.0);
        double[] r = ResponseTimeAnalysis.responseTimes(shape.withServer(t, proposed), tasks, 1.0);
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        for (int i : order) {
            if (Double.isInfinite(lessR[i])) {
                Task k = tasks.get(i);
                return new Tight(k.name(), k.name() + " sets the budget: with C = " + n(proposed) + " it finishes by " + n(r[i])
                        + " (deadline " + n(k.deadline()) + "); with less than " + n(c) + " it would miss its deadline.");
            }
        }
        return null;
    }
}
