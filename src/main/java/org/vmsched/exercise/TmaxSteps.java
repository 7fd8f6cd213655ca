package org.vmsched.exercise;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * The steps of a {@code tmax} exercise after the demands (THEORY.md §3.1): the test at a
 * candidate period, and an end of an interval of good periods named by the one point and chunk
 * count n whose interval J_n = [(w + n·X)/(n·α), (t − w − n·X)/((n + 1)(1 − α))] ends there.
 * Stateless.
 */
final class TmaxSteps {

    /** Candidate periods at most. */
    static final int MAX_PERIODS = 4;

    private static final int MAX_CHUNKS = 400;

    private TmaxSteps() {
    }

    /**
     * A scheduling point of a task: its task, its t, and the step that computes its demand W(t).
     *
     * @param task the task's name
     * @param t the point
     * @param step the index of the step of W(t)
     */
    record Point(String task, BigFraction t, int step) {
    }

    /**
     * What the steps share: the bandwidth, the overhead and the points in priority order.
     *
     * @param alpha α = C/T of the VM
     * @param x the overhead X
     * @param points every task's points, tasks in priority order
     * @param demands the true value of each earlier step, by step index (the demands W(t))
     */
    record Context(BigFraction alpha, BigFraction x, List<Point> points, List<BigFraction> demands) {
    }

    /** The VM {@code name} of the scenario, refused unless one vCPU with RM inside is alone on its core. */
    static VirtualMachine thesisVm(Scenario scenario, String name, String kind) {
        if (name == null) {
            throw new InvalidExerciseException("params must name the vm of a " + kind + " exercise");
        }
        VirtualMachine vm = scenario.vm(name);
        if (vm == null) {
            throw new InvalidExerciseException("params.vm: no VM named " + Limits.quote(name) + " in the scenario");
        }
        Supply supply = VmSupply.of(scenario, vm);
        if (!supply.isThesisSupply() || vm.vcpus() != 1 || vm.scheduler() != GuestScheduler.RM) {
            throw new InvalidExerciseException("params.vm: a " + kind + " exercise needs a VM of one virtual CPU with RM"
                    + " inside, on a periodic server never preempted (alone on its core); " + vm.name() + " is not");
        }
        return vm;
    }

    /** The candidate periods of {@code params.periods}: positive numbers separated by spaces, at most four. */
    static List<BigFraction> periods(String text) {
        List<BigFraction> out = new ArrayList<>();
        for (String w : text.strip().split("\\s+")) {
            if (w.isEmpty()) {
                continue;
            }
            ExactValue v;
            try {
                v = ExactValue.parse("params.periods", w);
            } catch (IllegalArgumentException x) {
                throw new InvalidExerciseException(x.getMessage());
            }
            if (v.number().getNumerator().signum() <= 0) {
                throw new InvalidExerciseException("params.periods must hold positive periods, got " + Limits.quote(w));
            }
            out.add(v.number());
        }
        if (out.size() > MAX_PERIODS) {
            throw new InvalidExerciseException("params.periods holds " + out.size() + " periods; at most " + MAX_PERIODS);
        }
        return out;
    }

    /** sbf(t) of the periodic server (T, C = α·T, X) of THEORY.md §2, exactly. */
    static BigFraction sbf(BigFraction period, BigFraction budget, BigFraction x, BigFraction t) {
        BigFraction chunk = budget.subtract(x);
        if (chunk.getNumerator().signum() <= 0) {
            return BigFraction.ZERO;
        }
        BigFraction blackout = period.subtract(budget).multiply(2).add(x);
        if (t.compareTo(blackout) <= 0) {
            return BigFraction.ZERO;
        }
        BigInteger k = Num.floor(t.subtract(blackout).divide(period));
        BigFraction rest = t.subtract(blackout).subtract(period.multiply(k));
        return chunk.multiply(k).add(rest.compareTo(chunk) < 0 ? rest : chunk);
    }

    /** Whether period {@code p} is good: every task has a point with W(t) ≤ sbf(t), W from the earlier steps. */
    static Step candidate(Context c, BigFraction p) {
        String sym = "good(" + Num.t(p) + ")";
        return new Step(sym, "is the VM schedulable at period T = " + Num.t(p) + "? (yes or no)",
                "yes when every task has a point t with W(t) ≤ sbf(t), C = α·T, B = 2(T − C) + X", v -> {
                    BigFraction budget = c.alpha().multiply(p);
                    BigFraction blackout = p.subtract(budget).multiply(2).add(c.x());
                    StringBuilder s = new StringBuilder("T = " + Num.t(p) + ": C = " + Num.t(c.alpha()) + "·" + Num.t(p)
                            + " = " + Num.t(budget) + ", B = 2(" + Num.t(p) + " − " + Num.t(budget) + ") + " + Num.t(c.x())
                            + " = " + Num.t(blackout));
                    boolean all = true;
                    String task = null;
                    boolean found = false;
                    for (Point pt : c.points()) {
                        if (!pt.task().equals(task)) {
                            if (task != null && !found) {
                                all = false;
                                break;
                            }
                            task = pt.task();
                            found = false;
                            s.append("; ").append(task).append(':');
                        }
                        if (found) {
                            continue;
                        }
                        if (s.charAt(s.length() - 1) != ':') {
                            s.append(',');
                        }
                        BigFraction w = v.get(pt.step()).number();
                        if (w == null) {
                            return new Worked(ExactValue.word("undefined"), "W is no number");
                        }
                        BigFraction supply = sbf(p, budget, c.x(), pt.t());
                        boolean ok = w.compareTo(supply) <= 0;
                        s.append(" sbf(").append(Num.t(pt.t())).append(") = ").append(Num.t(supply)).append(ok ? " ≥ " : " < ")
                                .append(Num.t(w));
                        found = ok;
                    }
                    all = all && found;
                    s.append(all ? "; every task has a point: yes" : "; " + task + " has no point: no");
                    return new Worked(ExactValue.word(all ? "yes" : "no"), s.toString());
                }, List.of("yes", "no"));
    }

    /**
     * An end of an interval of good periods: the value the analysis found, written as the end of
     * one point's J_n (U for a top, L for a bottom) with the student's W of that point put in.
     */
    static Step end(Context c, String sym, String prompt, BigFraction value, boolean top) {
        String formula = top ? "a top is U = (t − w − n·X)/((n + 1)(1 − α)) of one point (the n-th chunk ends by t)"
                : "a bottom is L = (w + n·X)/(n·α) of one point (n chunks carry w)";
        for (Point pt : c.points()) {
            int chunks = chunksAt(c, pt.t(), demand(c, pt), value, top);
            if (chunks > 0) {
                return new Step(sym, prompt, formula, v -> {
                    BigFraction ww = v.get(pt.step()).number();
                    if (ww == null) {
                        return new Worked(ExactValue.word("undefined"), "W is no number");
                    }
                    BigFraction e = top ? upper(c, pt.t(), ww, chunks) : lower(c, ww, chunks);
                    String at = " at " + pt.task() + "'s point t = " + Num.t(pt.t()) + " with W = " + Num.t(ww)
                            + ", n = " + chunks + ": ";
                    String text = top
                            ? sym + " = U" + at + "(" + Num.t(pt.t()) + " − " + Num.t(ww) + " − " + chunks + "·"
                                    + Num.t(c.x()) + ")/(" + (chunks + 1) + "·(1 − " + Num.t(c.alpha()) + "))"
                            : sym + " = L" + at + "(" + Num.t(ww) + " + " + chunks + "·" + Num.t(c.x()) + ")/(" + chunks
                                    + "·" + Num.t(c.alpha()) + ")";
                    return new Worked(ExactValue.of(e), text + " = " + Num.t(e));
                });
            }
        }
        return new Step(sym, prompt, formula, v -> new Worked(ExactValue.of(value), sym + " = " + Num.t(value)
                + " (the analysis's end)"));
    }

    /**
     * The chunk count n ≤ {@link #MAX_CHUNKS} whose U_n (a top) or L_n (a bottom) of point (t, w) is
     * {@code value}, or 0 when there is none. Each end is linear in n once multiplied out, so n is
     * solved for, not searched: U_n = v gives n = (t − w − v(1 − α))/(v(1 − α) + X), and L_n = v gives
     * n = w/(vα − X); the n must be a whole number from 1 (THEORY.md §3.1).
     */
    static int chunksAt(Context c, BigFraction t, BigFraction w, BigFraction value, boolean top) {
        BigFraction num;
        BigFraction den;
        if (top) {
            BigFraction v1 = value.multiply(BigFraction.ONE.subtract(c.alpha()));
            num = t.subtract(w).subtract(v1);
            den = v1.add(c.x());
        } else {
            num = w;
            den = value.multiply(c.alpha()).subtract(c.x());
        }
        if (den.getNumerator().signum() == 0) {
            return 0;
        }
        BigFraction n = num.divide(den);
        if (!n.getDenominator().equals(BigInteger.ONE) || n.getNumerator().signum() <= 0
                || n.getNumerator().compareTo(BigInteger.valueOf(MAX_CHUNKS)) > 0) {
            return 0;
        }
        return n.getNumerator().intValue();
    }

    /** The true demand W(t) of a point. */
    private static BigFraction demand(Context c, Point pt) {
        return c.demands().get(pt.step());
    }

    /** U_n = (t − w − n·X)/((n + 1)(1 − α)). */
    static BigFraction upper(Context c, BigFraction t, BigFraction w, int n) {
        return t.subtract(w).subtract(c.x().multiply(n)).divide(BigFraction.ONE.subtract(c.alpha()).multiply(n + 1));
    }

    /** L_n = (w + n·X)/(n·α). */
    static BigFraction lower(Context c, BigFraction w, int n) {
        return w.add(c.x().multiply(n)).divide(c.alpha().multiply(n));
    }
}
