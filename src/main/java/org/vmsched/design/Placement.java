package org.vmsched.design;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.HypervisorTest;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * VMs onto cores with their interfaces (THEORY.md §9.6): each VM's least-bandwidth interface alone
 * on a core, a lower bound on the cores from those bandwidths, then first-fit decreasing on
 * bandwidth, where a VM goes onto a core only if, with the preemptions its new core mates cause
 * (§6.1), every VM of that core still keeps its deadlines (budgets raised where needed, periods
 * kept) and the core passes the hypervisor test (§6.2); then local improvement empties the least
 * loaded cores into the others while that succeeds. The result is checked by the whole analysis.
 * Stateless.
 */
public final class Placement {

    private Placement() {
    }

    /** One VM of a placement. */
    public record PlacedVm(String vm, int core, double period, double budget, double bandwidth, double aloneBandwidth) {
    }

    /**
     * The outcome: whether every VM found a core; the cores allowed and used; the lower bound;
     * each VM's core and interface; and, when it does not fit, why (which VM, and why each core
     * refused it). {@code scenario} is the placed scenario (null when it does not fit).
     */
    public record Result(boolean fits, int cores, int coresUsed, int lowerBound, List<PlacedVm> vms,
                         List<String> explanation, Scenario scenario) {
        public Result {
            vms = List.copyOf(vms);
            explanation = List.copyOf(explanation);
        }

        /** Cores used beyond the lower bound. */
        public int gap() {
            return coresUsed - lowerBound;
        }
    }

    /** Places the scenario's VMs on {@code cores} cores under its hypervisor policy. */
    public static Result place(Scenario scenario, int cores, ServerModel server, DesignConstraints k) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be at least 1, got " + cores);
        }
        Scenario base = server.apply(scenario).withHypervisor(new Platform(scenario.hypervisor().policy(), cores));
        Map<String, VirtualMachine> alone = new LinkedHashMap<>();
        Map<String, Double> aloneBw = new LinkedHashMap<>();
        List<String> why = new ArrayList<>();
        double sum = 0;
        int heavy = 0;
        for (VirtualMachine vm : scenario.vms()) {
            VirtualMachine v0 = vm.withCore(0);
            Scenario single = base.withVms(List.of(v0)).withHypervisor(new Platform(scenario.hypervisor().policy(), 1));
            InterfaceDesign d = InterfaceDesigner.best(single, v0, server, k);
            if (!d.found()) {
                why.add("VM " + vm.name() + " has no interface even alone on a core: " + d.note());
                continue;
            }
            alone.put(vm.name(), vm.withServer(d.best().period(), d.best().budget(), vm.overhead()));
            aloneBw.put(vm.name(), d.best().bandwidth());
            sum += d.best().bandwidth();
            heavy += d.best().bandwidth() > 0.5 ? 1 : 0;
        }
        int lower = Math.max(1, Math.max(heavy, (int) Math.ceil(sum - 1e-9)));
        if (!why.isEmpty()) {
            return new Result(false, cores, 0, lower, List.of(), why, null);
        }
        if (lower > cores) {
            why.add(String.format(Locale.ROOT, "at least %d cores are needed: the VMs' least bandwidths alone add up"
                    + " to %.6f%s, and a core gives at most 1", lower, sum,
                    heavy > 1 ? " (" + heavy + " of them above 0.5, no two of which share a core)" : ""));
            return new Result(false, cores, 0, lower, List.of(), why, null);
        }
        List<VirtualMachine> order = new ArrayList<>(alone.values());
        order.sort(Comparator.comparingDouble((VirtualMachine v) -> -aloneBw.get(v.name())));
        List<VirtualMachine> placed = new ArrayList<>();
        for (VirtualMachine vm : order) {
            List<String> refusals = new ArrayList<>();
            List<VirtualMachine> next = firstFit(base, placed, vm, cores, -1, aloneBw, refusals);
            if (next == null) {
                why.add(String.format(Locale.ROOT, "VM %s (bandwidth %.6f alone) fits on none of the %d cores:",
                        vm.name(), aloneBw.get(vm.name()), cores));
                why.addAll(refusals);
                return new Result(false, cores, 0, lower, List.of(), why, null);
            }
            placed = next;
        }
        placed = improve(base, alone, placed, cores, aloneBw);
        Scenario out = base.withVms(renumber(scenario, placed));
        if (!SystemAnalysis.analyze(out).schedulable()) {
            throw new IllegalStateException("placement accepted a system the analysis rejects: " + out);
        }
        List<PlacedVm> result = new ArrayList<>();
        int used = 0;
        for (VirtualMachine v : out.vms()) {
            result.add(new PlacedVm(v.name(), v.core(), v.period(), v.budget(), v.bandwidth(), aloneBw.get(v.name())));
            used = Math.max(used, v.core() + 1);
        }
        return new Result(true, cores, used, lower, result, List.of(), out);
    }

    /** The VMs in the scenario's order, cores numbered 0.. in order of first use. */
    private static List<VirtualMachine> renumber(Scenario scenario, List<VirtualMachine> placed) {
        Map<Integer, Integer> map = new LinkedHashMap<>();
        List<VirtualMachine> out = new ArrayList<>();
        for (VirtualMachine orig : scenario.vms()) {
            for (VirtualMachine v : placed) {
                if (v.name().equals(orig.name())) {
                    int c = map.computeIfAbsent(v.core(), x -> map.size());
                    out.add(v.withCore(c));
                }
            }
        }
        return out;
    }

    /** {@code placed} with {@code vm} on the first core (not {@code skip}) that takes it, or null. */
    private static List<VirtualMachine> firstFit(Scenario base, List<VirtualMachine> placed, VirtualMachine vm, int cores,
                                                 int skip, Map<String, Double> aloneBw, List<String> refusals) {
        for (int c = 0; c < cores; c++) {
            if (c == skip) {
                continue;
            }
            double load = aloneBw.get(vm.name());
            for (VirtualMachine v : placed) {
                if (v.core() == c) {
                    load += aloneBw.get(v.name());
                }
            }
            if (load > 1 + 1e-12) {
                // Every VM needs at least its bandwidth alone, and no policy gives a core more than 1.
                refusals.add(String.format(Locale.ROOT, "  core %d: the least bandwidths would add up to %.6f > 1", c, load));
                continue;
            }
            Attempt a = tryCore(base, placed, vm.withCore(c), c);
            if (a.vms != null) {
                return a.vms;
            }
            refusals.add("  core " + c + ": " + a.reason);
        }
        return null;
    }

    private record Attempt(List<VirtualMachine> vms, String reason) {
    }

    /**
     * {@code vm} added to core c: each VM of the core gets the least budget that keeps its deadlines
     * with the preemptions of its new mates (its period kept), then the core is tested.
     */
    private static Attempt tryCore(Scenario base, List<VirtualMachine> placed, VirtualMachine vm, int c) {
        List<VirtualMachine> list = new ArrayList<>(placed);
        list.add(vm);
        Scenario sc = base.withVms(list);
        for (int i = 0; i < list.size(); i++) {
            VirtualMachine v = list.get(i);
            if (v.core() != c) {
                continue;
            }
            Supply supply = VmSupply.of(sc, v);
            try {
                if (BudgetSearch.schedulable(v, supply)) {
                    continue;
                }
                double need = BudgetSearch.minBudget(v, supply);
                if (Double.isNaN(need)) {
                    return new Attempt(null, "VM " + v.name() + " at period " + InterfaceDesigner.num(v.period())
                            + " would miss a deadline even with the whole period as budget there ("
                            + VmSupply.describe(supply.withServer(v.period(), v.period())) + ")");
                }
                list.set(i, v.withServer(v.period(), need, v.overhead()));
            } catch (AnalysisLimitException e) {
                return new Attempt(null, "VM " + v.name() + ": " + e.getMessage());
            }
        }
        // Budgets do not change P (it depends on periods only), so one pass suffices.
        CoreVerdict cv = HypervisorTest.analyzeCore(base.withVms(list), c);
        if (!cv.schedulable()) {
            return new Attempt(null, String.format(Locale.ROOT, "the %s hypervisor test fails (utilisation %.6f with the"
                    + " budgets raised for the preemptions)%s", cv.policy(), cv.utilization(),
                    cv.note() == null ? "" : ": " + cv.note()));
        }
        return new Attempt(list, null);
    }

    /**
     * Local improvement: while some core can be emptied (its VMs, with their interfaces alone, go
     * first-fit onto the other used cores), empty it, least loaded first.
     */
    private static List<VirtualMachine> improve(Scenario base, Map<String, VirtualMachine> alone,
                                                List<VirtualMachine> placed, int cores, Map<String, Double> aloneBw) {
        boolean again = true;
        while (again) {
            again = false;
            List<Integer> used = new ArrayList<>();
            Map<Integer, Double> load = new LinkedHashMap<>();
            for (VirtualMachine v : placed) {
                load.merge(v.core(), v.bandwidth(), Double::sum);
            }
            used.addAll(load.keySet());
            used.sort(Comparator.comparingDouble(load::get));
            for (int victim : used) {
                List<VirtualMachine> rest = new ArrayList<>();
                List<VirtualMachine> moving = new ArrayList<>();
                for (VirtualMachine v : placed) {
                    (v.core() == victim ? moving : rest).add(v);
                }
                moving.sort(Comparator.comparingDouble((VirtualMachine v) -> -aloneBw.get(v.name())));
                List<VirtualMachine> cur = rest;
                for (VirtualMachine v : moving) {
                    cur = cur == null ? null : firstFitUsed(base, cur, alone.get(v.name()), load.keySet(), victim, aloneBw);
                }
                if (cur != null) {
                    placed = cur;
                    again = true;
                    break;
                }
            }
        }
        return placed;
    }

    private static List<VirtualMachine> firstFitUsed(Scenario base, List<VirtualMachine> placed, VirtualMachine vm,
                                                     java.util.Set<Integer> usedCores, int skip, Map<String, Double> aloneBw) {
        for (int c : usedCores) {
            if (c == skip) {
                continue;
            }
            double load = aloneBw.get(vm.name());
            for (VirtualMachine v : placed) {
                if (v.core() == c) {
                    load += aloneBw.get(v.name());
                }
            }
            if (load > 1 + 1e-12) {
                continue;
            }
            Attempt a = tryCore(base, placed, vm.withCore(c), c);
            if (a.vms != null) {
                return a.vms;
            }
        }
        return null;
    }
}
