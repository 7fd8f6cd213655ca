package org.vmsched.exercise;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.HypervisorTest;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Limits;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * {@code host}: the hypervisor-level test of a core under EDF (THEORY.md §4): each VM's
 * bandwidth α = C/T as an exact fraction, their sum U, and the verdict U ≤ 1, the test
 * {@link HypervisorTest#analyzeCore} makes. Stateless.
 */
final class HostKind implements ExerciseKind {

    private static final double[] LEVEL_ONE_PERIODS = {3, 4, 6, 8, 12};
    private static final double[] DECIMAL_PERIODS = {4, 5, 8, 10, 12.5, 16, 20, 25};

    @Override
    public String name() {
        return "host";
    }

    @Override
    public String teaches() {
        return "the hypervisor-level test of a core under EDF: each VM's bandwidth C/T as a fraction, their sum,"
                + " the verdict";
    }

    @Override
    public Exercise generate(long seed, int level) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x484f5354L * (level + 3));
        int n = level == 1 ? Num.between(r, 2, 3) : level == 2 ? 3 : 4;
        List<VirtualMachine> vms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // periods whose least common multiple stays small: the sum is a short fraction (level 1, twelfths
            // and the like) or a short decimal (levels 2 and 3: periods of 2s and 5s only)
            double[] nice = level == 1 ? LEVEL_ONE_PERIODS : DECIMAL_PERIODS;
            double period = nice[r.nextInt(nice.length)];
            double budget = Num.pick(r, level, 1, Math.max(1, period * 0.6));
            vms.add(VirtualMachine.of("vm" + (i + 1), period, budget, 0, List.of(Task.of("t1", budget / 2, 10 * period))));
        }
        Scenario s = new Scenario(Scenario.SCHEMA_VERSION, "host exercise, seed " + seed + ", level " + level,
                "Time unit: 1 ms. VMs on one core under EDF.", new Platform(HypervisorPolicy.EDF, 1), vms, null);
        SortedMap<String, String> params = new TreeMap<>();
        params.put("core", "0");
        return solve(s, params, seed, level, Exercise.saltOf(name(), seed, level));
    }

    @Override
    public Exercise solve(Scenario scenario, SortedMap<String, String> params, long seed, int level, String salt) {
        for (String key : params.keySet()) {
            if (!key.equals("core")) {
                throw new InvalidExerciseException("params." + key + " is not a parameter of host (it takes core)");
            }
        }
        int core;
        try {
            core = Integer.parseInt(params.getOrDefault("core", "").strip());
        } catch (NumberFormatException e) {
            throw new InvalidExerciseException("params.core must be a core number, got " + Limits.quote(params.get("core")));
        }
        if (!scenario.hypervisor().policy().equals(HypervisorPolicy.EDF)) {
            throw new InvalidExerciseException("hypervisor.policy: a host exercise is the EDF test; the scenario's is "
                    + scenario.hypervisor().policy().title());
        }
        List<VirtualMachine> on = scenario.vms().stream().filter(v -> v.core() == core).toList();
        if (on.isEmpty() || on.size() > 12) {
            throw new InvalidExerciseException("params.core: a host exercise needs 1 to 12 VMs on core " + core + ", it has "
                    + on.size());
        }
        List<Step> steps = new ArrayList<>();
        for (VirtualMachine vm : on) {
            BigFraction c = Num.of(vm.budget()).multiply(vm.vcpus());
            BigFraction t = Num.of(vm.period());
            BigFraction alpha = c.divide(t);
            steps.add(new Step("α(" + vm.name() + ")", "the bandwidth of " + vm.name() + " (as a fraction or exactly)",
                    "α = C/T", v -> new Worked(ExactValue.of(alpha), "α(" + vm.name() + ") = " + Num.t(c) + "/" + Num.t(t)
                    + " = " + Num.t(alpha))));
        }
        int n = on.size();
        steps.add(new Step("U", "the utilisation U of core " + core, "U = Σ α", v -> {
            BigFraction u = BigFraction.ZERO;
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (v.get(i).number() == null) {
                    return new Worked(ExactValue.word("undefined"), "α is no number");
                }
                u = u.add(v.get(i).number());
                parts.add(Num.t(v.get(i).number()));
            }
            return new Worked(ExactValue.of(u), "U = " + String.join(" + ", parts) + " = " + Num.t(u));
        }));
        steps.add(new Step("verdict", "does core " + core + " pass the EDF test? (yes or no)", "yes when U ≤ 1", v -> {
            BigFraction u = v.get(n).number();
            if (u == null) {
                return new Worked(ExactValue.word("undefined"), "U is no number");
            }
            boolean ok = u.compareTo(BigFraction.ONE) <= 0;
            return new Worked(ExactValue.word(ok ? "yes" : "no"), "U = " + Num.t(u) + (ok ? " ≤ 1: yes" : " > 1: no"));
        }, List.of("yes", "no")));
        String question = "The VMs of core " + core + " are scheduled by EDF at the hypervisor level, each a periodic server"
                + " (C, T). Find each VM's bandwidth, the core's utilisation, and whether the core passes the EDF test.";
        return new Exercise(name(), seed, level, scenario, params, question, steps, salt);
    }
}
