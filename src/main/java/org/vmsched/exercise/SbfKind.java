package org.vmsched.exercise;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * {@code sbf}: the supply of a server at given window lengths t (THEORY.md §2, §6.1): the
 * useful budget Θ, the blackout B, then sbf(t) = 0 up to B and k·Θ + min(t − B − k·T, Θ)
 * after, k = ⌊(t − B)/T⌋. Periodic servers at every level; from level 2 also a deferrable server
 * alone on its core (B = T − C + 2X). The supply is the tool's ({@link VmSupply}). Stateless.
 */
final class SbfKind implements ExerciseKind {

    /** Window lengths one exercise asks at most. */
    static final int MAX_POINTS = 6;

    @Override
    public String name() {
        return "sbf";
    }

    @Override
    public String teaches() {
        return "the supply bound function of a server (periodic or deferrable, with overhead X): its blackout and"
                + " the supply at given window lengths";
    }

    @Override
    public Exercise generate(long seed, int level) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x534246L * (level + 7));
        double x = level == 1 ? Num.between(r, 0, 1) : Num.pick(r, level, 0.5, 1.5);
        double period = Num.pick(r, level, 4, 12);
        double budget = Num.pick(r, level, x + 1, period - 1);
        boolean deferrable = level > 1 && r.nextBoolean();
        VirtualMachine vm = VirtualMachine.of("vm1", period, budget, x, List.of(Task.of("t1", 1, 100)));
        Scenario s = Scenario.of("sbf exercise, seed " + seed + ", level " + level, List.of(vm))
                .withDescription("Time unit: 1 ms. One VM alone on its core.")
                .withSimulation(SimulationSettings.DEFAULT.withServerPolicy(
                        deferrable ? ServerPolicy.DEFERRABLE : ServerPolicy.PERIODIC));
        Supply supply = VmSupply.of(s, vm);
        double b = supply.blackout();
        TreeSet<BigDecimal> ts = new TreeSet<>();
        ts.add(BigDecimal.valueOf(Num.pick(r, level, 1, Math.max(1, b)))); // within the blackout
        while (ts.size() < 3) {
            ts.add(BigDecimal.valueOf(Num.pick(r, level, b + 1, b + 3 * period)));
        }
        SortedMap<String, String> params = new TreeMap<>();
        params.put("vm", "vm1");
        params.put("t", String.join(",", ts.stream().map(d -> d.stripTrailingZeros().toPlainString()).toList()));
        return solve(s, params, seed, level, Exercise.saltOf(name(), seed, level));
    }

    @Override
    public Exercise solve(Scenario scenario, SortedMap<String, String> params, long seed, int level, String salt) {
        for (String key : params.keySet()) {
            if (!key.equals("vm") && !key.equals("t")) {
                throw new InvalidExerciseException("params." + key + " is not a parameter of sbf (it takes vm and t)");
            }
        }
        if (params.get("vm") == null || params.get("t") == null) {
            throw new InvalidExerciseException("params must name the vm and the window lengths t of an sbf exercise");
        }
        VirtualMachine vm = scenario.vm(params.get("vm"));
        if (vm == null) {
            throw new InvalidExerciseException("params.vm: no VM named " + Limits.quote(params.get("vm")) + " in the scenario");
        }
        Supply supply = VmSupply.of(scenario, vm);
        boolean periodic = supply.kind() == Supply.Kind.PERIODIC;
        if (supply.preemptions() != 0 || supply.start() != 0 || supply.kind() == Supply.Kind.DEFERRABLE || vm.vcpus() != 1) {
            throw new InvalidExerciseException("params.vm: an sbf exercise needs a VM of one virtual CPU alone on its core"
                    + " (a periodic or deferrable server never preempted); " + vm.name() + " is not");
        }
        if (supply.exactChunk().signum() <= 0) {
            throw new InvalidExerciseException("params.vm: " + vm.name() + "'s budget must exceed its overhead");
        }
        List<BigFraction> ts = windows(params.get("t"), MAX_POINTS);
        BigFraction period = Num.of(vm.period());
        BigFraction budget = Num.of(vm.budget());
        BigFraction x = Num.of(vm.overhead());
        List<Step> steps = new ArrayList<>();
        BigFraction theta = Num.of(supply.exactChunk());
        steps.add(thetaStep(budget, x, theta));
        BigFraction blackout = Num.of(supply.exactBlackout());
        steps.add(periodic
                ? periodicBlackoutStep(period, budget, x, blackout)
                : new Step("B", "the blackout B, the longest window with no useful supply", "B = T − C + 2X",
                        v -> new Worked(ExactValue.of(blackout), "B = T − C + 2X = " + Num.t(period) + " − "
                                + Num.t(budget) + " + 2·" + Num.t(x) + " = " + Num.t(blackout))));
        for (BigFraction t : ts) {
            String sym = "sbf(" + Num.t(t) + ")";
            steps.add(supplyStep(sym, t, period));
        }
        String question = "VM " + vm.name() + " is a " + (periodic ? "periodic" : "deferrable") + " server of period T = "
                + Num.t(period) + ", budget C = " + Num.t(budget) + " and overhead X = " + Num.t(x)
                + ", alone on its core" + (periodic ? "" : " (nothing delays it)") + ". Find its useful budget per"
                + " period, its blackout and its supply bound function sbf(t) at t = "
                + String.join(", ", ts.stream().map(Num::t).toList()) + ".";
        return new Exercise(name(), seed, level, scenario, params, question, steps, salt);
    }

    /** The step Θ = C − X (shared with {@link EdfKind}). */
    static Step thetaStep(BigFraction budget, BigFraction x, BigFraction theta) {
        return new Step("Θ", "the useful budget per period Θ", "Θ = C − X",
                v -> new Worked(ExactValue.of(theta),
                        "Θ = C − X = " + Num.t(budget) + " − " + Num.t(x) + " = " + Num.t(theta)));
    }

    /** The step B = 2(T − C) + X of a periodic server (shared with {@link EdfKind}). */
    static Step periodicBlackoutStep(BigFraction period, BigFraction budget, BigFraction x, BigFraction blackout) {
        return new Step("B", "the blackout B, the longest window with no useful supply", "B = 2(T − C) + X",
                v -> new Worked(ExactValue.of(blackout), "B = 2(T − C) + X = 2·(" + Num.t(period) + " − "
                        + Num.t(budget) + ") + " + Num.t(x) + " = " + Num.t(blackout)));
    }

    /** The step sbf(t), worked from the student's Θ and B, the steps 0 and 1 (shared with {@link EdfKind}). */
    static Step supplyStep(String sym, BigFraction t, BigFraction period) {
        return new Step(sym, "the least useful supply in any window of length " + Num.t(t),
                "0 when t ≤ B, else k·Θ + min(t − B − k·T, Θ) with k = ⌊(t − B)/T⌋",
                v -> supplyAt(sym, t, period, v.get(0).number(), v.get(1).number()));
    }

    /** sbf(t) worked with the student's Θ and B. */
    static Worked supplyAt(String sym, BigFraction t, BigFraction period, BigFraction theta, BigFraction b) {
        if (t.compareTo(b) <= 0) {
            return new Worked(ExactValue.of(BigFraction.ZERO), sym + " = 0, as t = " + Num.t(t) + " ≤ B = " + Num.t(b));
        }
        BigInteger k = Num.floor(t.subtract(b).divide(period));
        BigFraction rest = t.subtract(b).subtract(period.multiply(new BigFraction(k)));
        BigFraction part = rest.compareTo(theta) < 0 ? rest : theta;
        BigFraction value = theta.multiply(new BigFraction(k)).add(part);
        return new Worked(ExactValue.of(value), sym + " = k·Θ + min(t − B − k·T, Θ) with k = ⌊(" + Num.t(t) + " − "
                + Num.p(b) + ")/" + Num.t(period) + "⌋ = " + k + ": " + k + "·" + Num.p(theta) + " + min(" + Num.t(t) + " − "
                + Num.p(b) + " − " + k + "·" + Num.t(period) + ", " + Num.t(theta) + ") = " + Num.t(value));
    }

    /**
     * The window lengths of params.t: 1 to {@code maxPoints} positive decimals, comma-separated
     * (shared with {@link EdfKind}, which asks at most its own number of points).
     */
    static List<BigFraction> windows(String text, int maxPoints) {
        String[] parts = text.split(",", -1);
        if (parts.length > maxPoints) {
            throw new InvalidExerciseException("params.t holds " + parts.length + " window lengths; at most " + maxPoints);
        }
        List<BigFraction> out = new ArrayList<>();
        for (String p : parts) {
            ExactValue v;
            try {
                v = ExactValue.parse("params.t", p);
            } catch (IllegalArgumentException e) {
                throw new InvalidExerciseException(e.getMessage());
            }
            if (v.number().compareTo(BigFraction.ZERO) <= 0 || v.number().compareTo(new BigFraction(Limits.MAX_TIME)) > 0) {
                throw new InvalidExerciseException("params.t: every window length must be positive and at most 1e9, got "
                        + Limits.quote(p.strip()));
            }
            out.add(v.number());
        }
        return out;
    }
}
