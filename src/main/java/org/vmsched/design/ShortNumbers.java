package org.vmsched.design;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.HypervisorTest;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.text.Format;

/**
 * The numbers a placement proposes, as an engineer types them (THEORY.md §12.6): on each core,
 * each group of VMs that share a period has it rounded to two significant digits (down, else up;
 * else three digits, down, else up), and each VM of the core gets the exact least budget at the
 * core's new periods (§6.5, with the preemptions its mates cause at their new periods, §6.1),
 * rounded up to two significant digits (else three). Either direction of the period is sound
 * because nothing is carried over from the old period: every budget is the exact answer at the
 * new one, the core is tested with the numbers as written (§6.2), and the placement checks the
 * whole analysis once more. No VM may cost more than {@link #MAX_EXTRA} above its six-digit
 * interface, nor a core more than that above its six-digit load. Where a core fails, the group
 * whose numbers cost most takes the next level; the last ones are the period as placed with
 * budgets of six significant digits (the rounding before), then exact budgets, and with every
 * group there the core is the placement's own, which passed. The cores are never changed, so no
 * placement takes more of them. Stateless.
 */
final class ShortNumbers {

    /** The most a VM's short numbers, and a core's, may add to its bandwidth with six significant digits (relative). */
    static final double MAX_EXTRA = 0.02;

    /**
     * A group's numbers, in the order tried: levels 0-7 are its period at two significant digits
     * (0-3) or three (4-7), rounded down (0, 1, 4, 5) or up (2, 3, 6, 7), with budgets of two
     * significant digits where that is within {@link #MAX_EXTRA} (else three; even levels) or of
     * three (odd levels); then the period as placed with budgets of six digits (the rounding
     * before), then with exact budgets.
     */
    private static final int SIX = 8;
    private static final int EXACT = 9;
    /** The first level whose period has three digits. */
    private static final int THREE = 4;

    /** Two and three significant digits, for periods and budgets alike. */
    private static final SafeRounding.Precision[] DIGITS = {new SafeRounding.Precision(2, null),
        new SafeRounding.Precision(3, null)};

    /** Why a group has more digits than two ("its" for one VM, "their" for several). */
    enum Why {
        COST("shorter ones would cost more than " + percent(MAX_EXTRA) + " of {its} bandwidth"),
        BUDGET("no budget keeps {its} deadlines at a shorter period"),
        PERIOD("a shorter period is outside the periods allowed"),
        CORE_COST("shorter ones would cost {its} {core} more than " + percent(MAX_EXTRA) + " of its load"),
        CORE("with shorter ones {its} {core} would fail the hypervisor test (short numbers would need another core)");

        private final String text;

        Why(String text) {
            this.text = text;
        }

        String text(boolean several) {
            return text.replace("{its}", several ? "their" : "its").replace("{core}", several ? "cores" : "core");
        }
    }

    /** A VM kept longer than two-digit periods: its group's level (three digits, six, exact budgets) and why. */
    record Kept(String vm, int level, Why why) {
    }

    /**
     * The placed VMs with their short numbers (same cores, the scenario's order kept), the bandwidth
     * of all of them and of the six-digit interfaces, and the VMs kept longer.
     */
    record Outcome(List<VirtualMachine> vms, double bandwidth, double sixDigitBandwidth, List<Kept> kept) {

        /** The note a placement prints: the rule, its cost, the VMs kept longer and why. */
        String note() {
            double cost = bandwidth / sixDigitBandwidth - 1;
            StringBuilder b = new StringBuilder("periods rounded to 2 significant digits (down, else up) and budgets up to"
                    + " 2 or 3, each core checked again by the exact analysis; short numbers ");
            b.append(Math.abs(cost) < 5e-5 ? "cost no more bandwidth" : cost > 0
                    ? "cost " + percent(cost) + " more bandwidth" : "take " + percent(-cost) + " less bandwidth");
            b.append(" than six significant digits (").append(Format.fixed(bandwidth, 4)).append(" against ")
                    .append(Format.fixed(sixDigitBandwidth, 4)).append(')');
            Map<String, List<Kept>> groups = new LinkedHashMap<>();
            for (Kept k : kept) {
                groups.computeIfAbsent(k.level() + " " + k.why(), x -> new ArrayList<>()).add(k);
            }
            for (List<Kept> g : groups.values()) {
                List<String> names = g.stream().map(Kept::vm).toList();
                boolean several = names.size() > 1;
                String who = names.size() <= 8 ? String.join(", ", names)
                        : String.join(", ", names.subList(0, 8)) + " and " + (names.size() - 8) + " more";
                int level = g.get(0).level();
                String what = level < SIX ? (several ? "periods" : "a period") + " of 3 significant digits"
                        : level == SIX ? "six significant digits" : "six significant digits and exact budgets";
                b.append("; ").append(who).append(several ? " keep " : " keeps ").append(what).append(": ")
                        .append(g.get(0).why().text(several));
            }
            return b.toString();
        }
    }

    private ShortNumbers() {
    }

    /** A share as a percentage with up to two decimals ("0.29 %", "2 %"). */
    private static String percent(double x) {
        return Format.upTo(100 * x, 2) + " %";
    }

    /**
     * {@code placed} (the placement's VMs, exact budgets, each core passing) with short numbers,
     * core by core; {@code fit}'s least budgets are shared with the placement's (its work is this
     * step's).
     */
    static Outcome round(CoreFit fit, Scenario base, List<VirtualMachine> placed, DesignConstraints k)
            throws CancelledException {
        List<VirtualMachine> out = new ArrayList<>(placed);
        List<Kept> kept = new ArrayList<>();
        double six = 0;
        double all = 0;
        List<Integer> cores = placed.stream().map(VirtualMachine::core).distinct().sorted().toList();
        for (int ci = 0; ci < cores.size(); ci++) {
            fit.work().step((double) ci / cores.size());
            int c = cores.get(ci);
            List<Integer> at = new ArrayList<>();
            for (int i = 0; i < placed.size(); i++) {
                if (placed.get(i).core() == c) {
                    at.add(i);
                }
            }
            CoreNumbers cn = new CoreNumbers(fit, base, placed, at, k);
            List<VirtualMachine> rounded = cn.round();
            for (int j = 0; j < at.size(); j++) {
                VirtualMachine v = rounded.get(j);
                out.set(at.get(j), v);
                all += v.bandwidth();
                six += cn.ref[j];
                int level = cn.level[cn.group[j]];
                if (level >= THREE) {
                    kept.add(new Kept(v.name(), level, cn.why[cn.group[j]]));
                }
            }
        }
        List<String> order = base.vms().stream().map(VirtualMachine::name).toList();
        kept.sort(Comparator.comparingInt(x -> order.indexOf(x.vm())));
        return new Outcome(out, all, six, kept);
    }

    /** The six-digit interface of a placed VM: its budget rounded up to six significant digits, where that stays within its period. */
    static VirtualMachine sixDigits(VirtualMachine v) {
        double b = SafeRounding.up(SafeRounding.fraction(v.budget()), SafeRounding.Precision.DEFAULT).doubleValue();
        return b >= v.budget() && b <= v.period() ? v.withServer(v.period(), b, v.overhead()) : v;
    }

    /** One core's search for short numbers. */
    private static final class CoreNumbers {
        private final CoreFit fit;
        private final Scenario base;
        private final DesignConstraints k;
        /** The core's VMs as placed. */
        private final List<VirtualMachine> vms = new ArrayList<>();
        /** Each VM's group (VMs that share a period as placed). */
        private final int[] group;
        /** Each VM's six-digit bandwidth. */
        private final double[] ref;
        /** Each group's period as placed, its level, why it has that level, and whether its last budgets had 2 digits. */
        private final List<Double> periods = new ArrayList<>();
        private final int[] level;
        private final Why[] why;
        private final boolean[] twoDigitBudgets;

        CoreNumbers(CoreFit fit, Scenario base, List<VirtualMachine> placed, List<Integer> at, DesignConstraints k) {
            this.fit = fit;
            this.base = base;
            this.k = k;
            group = new int[at.size()];
            ref = new double[at.size()];
            for (int j = 0; j < at.size(); j++) {
                VirtualMachine v = placed.get(at.get(j));
                vms.add(v);
                int g = periods.indexOf(v.period());
                if (g < 0) {
                    g = periods.size();
                    periods.add(v.period());
                }
                group[j] = g;
                ref[j] = sixDigits(v).bandwidth();
            }
            level = new int[periods.size()];
            why = new Why[periods.size()];
            twoDigitBudgets = new boolean[periods.size()];
        }

        /** The period of group g at level l, or NaN when that period is not allowed. */
        private double period(int g, int l) {
            double t = periods.get(g);
            if (l >= SIX) {
                return t;
            }
            SafeRounding.Precision p = DIGITS[l / 4];
            BigDecimal d = p.round(SafeRounding.fraction(t), l % 4 < 2 ? RoundingMode.FLOOR : RoundingMode.CEILING);
            double r = d.doubleValue();
            if (d.signum() <= 0) {
                return Double.NaN;
            }
            for (int j = 0; j < vms.size(); j++) {
                if (group[j] == g && !InterfaceDesigner.periodAllowed(vms.get(j), k, r)) {
                    return Double.NaN;
                }
            }
            return r;
        }

        /**
         * Group g to its next level, for the reason given, skipping a level that would repeat one
         * tried (the same period and budget rule; three-digit budgets where none had two).
         */
        private void bump(int g, Why reason) {
            int from = level[g];
            why[g] = reason;
            for (level[g]++; level[g] < SIX; level[g]++) {
                int l = level[g];
                boolean same = false;
                for (int e = 0; e < l && !same; e++) {
                    // three-digit budgets at the period just tried change nothing when none there had two
                    // digits, or when what failed was not the core (a VM's cost, budget or period)
                    boolean sameBudgets = e % 2 == l % 2 || e == l - 1 && e == from
                            && (!twoDigitBudgets[g] || reason != Why.CORE && reason != Why.CORE_COST);
                    same = sameBudgets && Double.compare(period(g, e), period(g, l)) == 0;
                }
                if (!same) {
                    break;
                }
            }
        }

        /** The core's VMs (in its order) with the shortest numbers that pass. */
        List<VirtualMachine> round() throws CancelledException {
            while (true) {
                if (bumpedAGroupWithoutItsPeriod()) {
                    continue;
                }
                List<VirtualMachine> trial = new ArrayList<>();
                for (int j = 0; j < vms.size(); j++) {
                    double t = period(group[j], level[group[j]]);
                    trial.add(vms.get(j).withServer(t, t, vms.get(j).overhead()));
                }
                double[] extra = new double[level.length];
                Budgets budgets = budgets(trial, extra);
                if (budgets == null) {
                    continue;
                }
                boolean withinCost = budgets.vmsWithinCost() && budgets.load() <= budgets.refLoad() * (1 + MAX_EXTRA);
                if (budgets.vmsPass() && withinCost && passes(trial)) {
                    return trial;
                }
                // the group that costs most takes its next level: short ones first, then six-digit budgets become exact
                int worst = costliestGroup(extra);
                if (worst < 0) {
                    return new ArrayList<>(vms); // every group as placed: the core the placement accepted
                }
                bump(worst, withinCost ? Why.CORE : Why.CORE_COST);
            }
        }

        /** Bumps the first group whose period at its level is not allowed; whether there was one. */
        private boolean bumpedAGroupWithoutItsPeriod() {
            for (int g = 0; g < level.length; g++) {
                if (Double.isNaN(period(g, level[g]))) {
                    bump(g, Why.PERIOD);
                    return true;
                }
            }
            return false;
        }

        /** What the budgets of a trial came to: whether every VM passes and stays within its cost, and the loads. */
        private record Budgets(boolean vmsPass, boolean vmsWithinCost, double load, double refLoad) {
        }

        /**
         * Gives each trial VM its budget at its group's level, adding each group's extra bandwidth over the
         * six-digit one to {@code extra}; null when a group had to take its next level instead.
         */
        private Budgets budgets(List<VirtualMachine> trial, double[] extra) throws CancelledException {
            Scenario sc = base.withVms(trial);
            Arrays.fill(twoDigitBudgets, false);
            double load = 0;
            double refLoad = 0;
            boolean vmsPass = true;
            boolean vmsWithinCost = true;
            for (int j = 0; j < vms.size(); j++) {
                VirtualMachine v = trial.get(j);
                int g = group[j];
                double need = need(v, VmSupply.of(sc, v));
                double t = v.period();
                double b;
                if (level[g] < SIX) {
                    if (Double.isNaN(need)) {
                        bump(g, Why.BUDGET);
                        return null;
                    }
                    b = shortBudget(j, g, need, t);
                    if (Double.isNaN(b)) {
                        bump(g, Why.COST);
                        return null;
                    }
                } else {
                    if (Double.isNaN(need)) {
                        vmsPass = false; // its mates' new periods preempt it more than it can bear
                        continue;
                    }
                    VirtualMachine exact = vms.get(j).withServer(t, Math.max(need, vms.get(j).budget()), v.overhead());
                    b = (level[g] == SIX ? sixDigits(exact) : exact).budget();
                    // kept at its period, it may still cost more: its mates' shorter periods preempt it more
                    vmsWithinCost &= b / t <= ref[j] * (1 + MAX_EXTRA);
                }
                trial.set(j, v.withServer(t, b, v.overhead()));
                extra[g] += b / t - ref[j];
                load += b / t;
                refLoad += ref[j];
            }
            return new Budgets(vmsPass, vmsWithinCost, load, refLoad);
        }

        /**
         * VM j's least budget {@code need} rounded up to two significant digits (even levels) or three,
         * the first that is at most its period t and within its cost; NaN when none is.
         */
        private double shortBudget(int j, int g, double need, double t) {
            double b = Double.NaN;
            for (int d = level[g] % 2; d < DIGITS.length && Double.isNaN(b); d++) {
                double x = SafeRounding.up(SafeRounding.fraction(need), DIGITS[d]).doubleValue();
                if (x <= t && x / t <= ref[j] * (1 + MAX_EXTRA)) {
                    b = x;
                    twoDigitBudgets[g] |= d == 0;
                }
            }
            return b;
        }

        /**
         * The group that costs most over its six-digit bandwidth, among the short ones first, then among
         * those with six-digit budgets (which become exact); -1 when every group is as placed.
         */
        private int costliestGroup(double[] extra) {
            int worst = -1;
            for (int pass = 0; pass < 2 && worst < 0; pass++) {
                for (int g = 0; g < level.length; g++) {
                    boolean candidate = pass == 0 ? level[g] < SIX : level[g] == SIX;
                    if (candidate && (worst < 0 || extra[g] > extra[worst])) {
                        worst = g;
                    }
                }
            }
            return worst;
        }

        private double need(VirtualMachine v, Supply shape) throws CancelledException {
            try {
                return fit.minBudget(v, shape);
            } catch (AnalysisLimitException e) {
                return Double.NaN;
            }
        }

        private boolean passes(List<VirtualMachine> trial) throws CancelledException {
            fit.work().check();
            return HypervisorTest.analyzeCore(base.withVms(trial), trial.get(0).core()).schedulable();
        }
    }
}
