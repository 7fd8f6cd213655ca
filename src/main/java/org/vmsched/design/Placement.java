package org.vmsched.design;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.HypervisorTest;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.text.Format;

/**
 * VMs onto cores with their interfaces (THEORY.md §12.6): each VM's least-bandwidth interface alone
 * on a core, a lower bound on the cores from those bandwidths, then first-fit decreasing on
 * bandwidth, where a VM goes onto a core only if, with the preemptions its new core mates cause
 * (§6.1), every VM of that core still keeps its deadlines (budgets raised where needed, periods
 * kept) and the core passes the hypervisor test (§6.2); then local improvement empties the least
 * loaded cores into the others while that succeeds. The result is checked by the whole analysis.
 * Each exact question is preceded by a check of the run's {@link Cancellation} and a report of
 * its progress (THEORY.md §12.8). Stateless.
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
     * refused it). {@code scenario} is the placed scenario (null when it does not fit); {@code note}
     * says how its numbers were rounded and what that cost (null when there is nothing to say), and
     * {@code sixDigitBandwidth} is the total bandwidth the same placement has with budgets of six
     * significant digits, as before short numbers (NaN when it does not fit).
     */
    public record Result(boolean fits, int cores, int coresUsed, int lowerBound, List<PlacedVm> vms,
                         List<String> explanation, Scenario scenario, String note, double sixDigitBandwidth) {
        public Result {
            vms = List.copyOf(vms);
            explanation = List.copyOf(explanation);
        }

        /** The placed VMs' bandwidths C/T as written, added up exactly (0 when it does not fit). */
        public double bandwidth() {
            BigDecimal b = BigDecimal.ZERO;
            for (PlacedVm v : vms) {
                b = b.add(VirtualMachine.ratioAsWritten(v.budget(), v.period()));
            }
            return b.doubleValue();
        }

        /** Cores used beyond the lower bound. */
        public int gap() {
            return coresUsed - lowerBound;
        }
    }

    /**
     * How the placed interfaces are written (THEORY.md §12.6): {@link #SHORT}, periods and budgets of
     * two or three significant digits where each core still passes ({@link ShortNumbers}), or
     * {@link #SIX_DIGITS}, the rounding before it (for comparing the two).
     */
    enum Numbers { SHORT, SIX_DIGITS }

    /** Places the scenario's VMs on {@code cores} cores under its hypervisor policy. */
    public static Result place(Scenario scenario, int cores, ServerModel server, DesignConstraints k) {
        return InterfaceDesigner.uncancelled(() -> place(scenario, cores, server, k, null, null));
    }

    /** Parts of a placement's progress: each VM alone, first fit, improvement, short numbers, the final check. */
    private static final double ALONE = 0.6;
    private static final double FIRST_FIT = 0.28;
    private static final double IMPROVE = 0.07;
    private static final double ROUND = 0.03;

    /**
     * As {@link #place(Scenario, int, ServerModel, DesignConstraints)}, telling {@code progress} how
     * far it is (each VM designed alone, each VM placed, the improvement, the final check) and
     * stopping with {@link CancelledException} at the next exact question once {@code cancel} is
     * set (THEORY.md §12.8). Either may be null (no progress; never cancelled).
     */
    public static Result place(Scenario scenario, int cores, ServerModel server, DesignConstraints k, Progress progress,
                               Cancellation cancel) throws CancelledException {
        return place(scenario, cores, server, k, progress, cancel, Numbers.SHORT);
    }

    /** As {@link #place(Scenario, int, ServerModel, DesignConstraints, Progress, Cancellation)}, its numbers written as {@code numbers} says. */
    static Result place(Scenario scenario, int cores, ServerModel server, DesignConstraints k, Progress progress,
                        Cancellation cancel, Numbers numbers) throws CancelledException {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be at least 1, got " + cores);
        }
        Work work = new Work(progress, cancel, "placing");
        Scenario base = server.apply(scenario).withHypervisor(scenario.hypervisor().withCores(cores));
        Alone alone = designAlone(scenario, base, server, k, work);
        List<String> why = alone.why();
        int lower = Math.max(1, Math.max(alone.heavy(), (int) Math.ceil(alone.sum() - 1e-9)));
        if (!why.isEmpty()) {
            return new Result(false, cores, 0, lower, List.of(), why, null, null, Double.NaN);
        }
        if (lower > cores) {
            why.add(String.format(Locale.ROOT, "at least %d cores are needed: the VMs' least bandwidths alone add up"
                    + " to %s%s, and a core gives at most 1", lower, Format.fixed(alone.sum(), 6),
                    alone.heavy() > 1 ? " (" + alone.heavy() + " of them above 0.5, no two of which share a core)" : ""));
            return new Result(false, cores, 0, lower, List.of(), why, null, null, Double.NaN);
        }
        Map<String, Double> aloneBw = alone.bandwidths();
        CoreFit fit = new CoreFit(base, aloneBw, work.part(0, 0, null));
        List<VirtualMachine> placed = firstFitDecreasing(fit, alone, cores, work, why);
        if (placed == null) {
            return new Result(false, cores, 0, lower, List.of(), why, null, null, Double.NaN);
        }
        fit.at(work.part(ALONE + FIRST_FIT, IMPROVE, "placing: emptying cores"));
        placed = improve(fit, alone.vms(), placed, aloneBw);
        // The numbers as a person types them (THEORY.md §12.6): short where each core still passes
        // with them, else longer per VM; the cores stay the placement's. The final check is the judge.
        Work check = work.part(ALONE + FIRST_FIT + IMPROVE + ROUND, 1 - ALONE - FIRST_FIT - IMPROVE - ROUND,
                "placing: checking");
        BigDecimal sixDigits = BigDecimal.ZERO;
        for (VirtualMachine v : placed) {
            VirtualMachine six = ShortNumbers.sixDigits(v);
            sixDigits = sixDigits.add(VirtualMachine.ratioAsWritten(six.budget(), six.period()));
        }
        double sixDigitBandwidth = sixDigits.doubleValue();
        Written written = numbers == Numbers.SHORT ? shortNumbers(scenario, base, fit, placed, k, work, check) : null;
        Scenario out = written != null ? written.scenario() : longNumbers(scenario, base, placed, check);
        String note = written != null ? written.note() : null;
        List<PlacedVm> result = new ArrayList<>();
        int used = 0;
        for (VirtualMachine v : out.vms()) {
            result.add(new PlacedVm(v.name(), v.core(), v.period(), v.budget(), v.bandwidthAsWritten(), aloneBw.get(v.name())));
            used = Math.max(used, v.core() + 1);
        }
        check.step(1);
        return new Result(true, cores, used, lower, result, List.of(), out, note, sixDigitBandwidth);
    }

    /**
     * Each VM designed alone on a core: its interface as a VM ({@code vms}) and its bandwidth, by name in
     * the scenario's order; why a VM has none; the bandwidths' sum and how many are above 0.5.
     */
    private record Alone(Map<String, VirtualMachine> vms, Map<String, Double> bandwidths, List<String> why, double sum,
                         int heavy) {
    }

    /** Designs each VM alone on a core (the placement's first part of progress). */
    private static Alone designAlone(Scenario scenario, Scenario base, ServerModel server, DesignConstraints k, Work work)
            throws CancelledException {
        Map<String, VirtualMachine> alone = new LinkedHashMap<>();
        Map<String, Double> aloneBw = new LinkedHashMap<>();
        List<String> why = new ArrayList<>();
        double sum = 0;
        int heavy = 0;
        int n = scenario.vms().size();
        for (int i = 0; i < n; i++) {
            VirtualMachine vm = scenario.vms().get(i);
            VirtualMachine v0 = vm.withCore(0);
            Scenario single = base.withVms(List.of(v0)).withHypervisor(new Platform(scenario.hypervisor().policy(), 1));
            InterfaceDesign d = InterfaceDesigner.best(single, v0, server, k,
                    work.part(ALONE * i / n, ALONE / n, "placing: designing " + vm.name() + " alone"));
            if (!d.found()) {
                why.add("VM " + vm.name() + " has no interface even alone on a core: " + d.note());
                continue;
            }
            alone.put(vm.name(), vm.withServer(d.best().period(), d.best().budget(), vm.overhead()));
            aloneBw.put(vm.name(), d.best().bandwidth());
            sum += d.best().bandwidth();
            heavy += d.best().bandwidth() > 0.5 ? 1 : 0;
        }
        return new Alone(alone, aloneBw, why, sum, heavy);
    }

    /**
     * The VMs placed first-fit in decreasing order of their bandwidth alone; null when one fits on no
     * core, {@code why} then saying which and why each core refused it.
     */
    private static List<VirtualMachine> firstFitDecreasing(CoreFit fit, Alone alone, int cores, Work work, List<String> why)
            throws CancelledException {
        Map<String, Double> aloneBw = alone.bandwidths();
        List<VirtualMachine> order = new ArrayList<>(alone.vms().values());
        order.sort(Comparator.comparingDouble((VirtualMachine v) -> -aloneBw.get(v.name())));
        List<VirtualMachine> placed = new ArrayList<>();
        List<Integer> all = IntStream.range(0, cores).boxed().toList();
        for (int i = 0; i < order.size(); i++) {
            VirtualMachine vm = order.get(i);
            fit.at(work.part(ALONE + FIRST_FIT * i / order.size(), FIRST_FIT / order.size(), "placing " + vm.name()));
            List<String> refusals = new ArrayList<>();
            List<VirtualMachine> next = fit.firstFit(placed, vm, all, cores, -1, refusals);
            if (next == null) {
                why.add(String.format(Locale.ROOT, "VM %s (bandwidth %s alone) fits on none of the %d cores:",
                        vm.name(), Format.fixed(aloneBw.get(vm.name()), 6), cores));
                why.addAll(refusals);
                return null;
            }
            placed = next;
        }
        return placed;
    }

    /** A placed scenario with its numbers as written, and the note on how they were rounded (null: none). */
    private record Written(Scenario scenario, String note) {
    }

    /** The placement with short numbers ({@link ShortNumbers}), or null in the unexpected case it fails the final check. */
    private static Written shortNumbers(Scenario scenario, Scenario base, CoreFit fit, List<VirtualMachine> placed,
                                        DesignConstraints k, Work work, Work check) throws CancelledException {
        fit.at(work.part(ALONE + FIRST_FIT + IMPROVE, ROUND, "placing: short numbers"));
        ShortNumbers.Outcome rounded = ShortNumbers.round(fit, base, placed, k);
        Scenario out = base.withVms(renumber(scenario, rounded.vms()));
        if (failure(out, base.hypervisor().cores(), check.part(0, 0.5, null)) == null) {
            return new Written(out, rounded.note());
        }
        return null; // not expected: each core was checked with these numbers; the rounding before then
    }

    /**
     * The placement with budgets of six significant digits (more budget never hurts the VM itself), or
     * exact ones if that fails the final check (a core at its limit).
     */
    private static Scenario longNumbers(Scenario scenario, Scenario base, List<VirtualMachine> placed, Work check)
            throws CancelledException {
        int cores = base.hypervisor().cores();
        List<VirtualMachine> six = new ArrayList<>();
        placed.forEach(v -> six.add(ShortNumbers.sixDigits(v)));
        Scenario out = base.withVms(renumber(scenario, six));
        String failure = failure(out, cores, check.part(0.5, 0.25, null));
        if (failure != null) {
            out = base.withVms(renumber(scenario, placed));
            failure = failure(out, cores, check.part(0.75, 0.25, null));
            if (failure != null) {
                throw new IllegalStateException("placement accepted " + failure);
            }
        }
        return out;
    }

    /**
     * What the analysis rejects in {@code out} (SystemAnalysis's verdict without its good-period
     * regions: every core passes the hypervisor test and every VM its tasks' test with the supply
     * among its mates), or null when it accepts every core and VM.
     */
    private static String failure(Scenario out, int cores, Work check) throws CancelledException {
        for (int c = 0; c < cores; c++) {
            check.step(0.5 * c / cores);
            if (!HypervisorTest.analyzeCore(out, c).schedulable()) {
                return "a core the analysis rejects: core " + c;
            }
        }
        for (int i = 0; i < out.vms().size(); i++) {
            VirtualMachine v = out.vms().get(i);
            check.step(0.5 + 0.5 * i / out.vms().size());
            if (!BudgetSearch.schedulable(v, VmSupply.of(out, v))) {
                return "a VM the analysis rejects: " + v.name();
            }
        }
        return null;
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

    /**
     * Local improvement: while some core can be emptied (its VMs, with their interfaces alone, go
     * first-fit onto the other used cores), empty it, least loaded first.
     */
    private static List<VirtualMachine> improve(CoreFit fit, Map<String, VirtualMachine> alone,
                                                List<VirtualMachine> placed, Map<String, Double> aloneBw)
            throws CancelledException {
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
            Map<Integer, Double> aloneLoad = new LinkedHashMap<>();
            for (VirtualMachine v : placed) {
                aloneLoad.merge(v.core(), aloneBw.get(v.name()), Double::sum);
            }
            // each round empties a core or ends: the progress counts the victims of this round
            for (int vi = 0; vi < used.size(); vi++) {
                int victim = used.get(vi);
                fit.work().step((double) vi / used.size());
                double room = 0;
                for (var e : aloneLoad.entrySet()) {
                    room += e.getKey() == victim ? 0 : Math.max(0, 1 - e.getValue());
                }
                if (aloneLoad.get(victim) > room) {
                    continue; // the other cores cannot hold its VMs even at their least bandwidths
                }
                List<VirtualMachine> rest = new ArrayList<>();
                List<VirtualMachine> moving = new ArrayList<>();
                for (VirtualMachine v : placed) {
                    (v.core() == victim ? moving : rest).add(v);
                }
                moving.sort(Comparator.comparingDouble((VirtualMachine v) -> -aloneBw.get(v.name())));
                List<VirtualMachine> cur = rest;
                for (VirtualMachine v : moving) {
                    cur = cur == null ? null : fit.firstFit(cur, alone.get(v.name()), load.keySet(), used.size(), victim, null);
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
}
