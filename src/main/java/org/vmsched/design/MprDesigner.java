package org.vmsched.design;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.analysis.mpr.GlobalTask;
import org.vmsched.analysis.mpr.MprSupply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * The MPR interface search (THEORY.md §15.9): for a VM's tasks under global EDF or global RM and a
 * switch overhead X, the interface (period Π, budget per vCPU C = Θ/m′, vcpus m′) of least bandwidth
 * m′C/Π that the package's sufficient tests accept, over a grid of decimal periods, with C a
 * decimal of {@link #BUDGET_DIGITS} significant digits (rounded up, then re-checked, then lowered
 * while the next smaller decimal still passes). Every proposal is the input of a passing test run,
 * so it is exactly as sound as the test. Beside it, the partitioned alternative: the tasks split
 * into single-vCPU VMs, each designed by {@link InterfaceDesigner}. A run may report its progress
 * and be cancelled: each test of the search is one exact question, preceded by a check (THEORY.md
 * §12.8). Stateless.
 */
public final class MprDesigner {

    /** The guest scheduler over the VM's virtual CPUs. */
    public enum Policy {
        /** Global EDF: accepted by Shin–Easwaran–Lee or Bertogna–Cirinei–Lipari on the MPR supply. */
        GLOBAL_EDF("gEDF"),
        /** Global RM: accepted by Bertogna–Cirinei–Lipari's fixed-priority test on the MPR supply. */
        GLOBAL_RM("gRM");

        private final String shortName;

        Policy(String shortName) {
            this.shortName = shortName;
        }

        /** "gEDF" or "gRM", as CARTS writes them. */
        public String shortName() {
            return shortName;
        }

        /** The policy for a VM's guest scheduler: global RM for RM and global RM, else global EDF. */
        public static Policy of(GuestScheduler scheduler) {
            return scheduler == GuestScheduler.GLOBAL_RM || scheduler == GuestScheduler.RM ? GLOBAL_RM : GLOBAL_EDF;
        }
    }

    /** Significant digits of a proposed budget per vCPU. */
    public static final int BUDGET_DIGITS = 3;

    /** Periods tried when no granularity is asked for (geometric, each rounded to two significant digits). */
    public static final int GRID_PERIODS = 40;

    private static final int MAX_PERIODS = 200;

    /**
     * Tests one VM's design runs at most unless told otherwise ({@code design --max-tests}): each
     * sufficient test of the MPR search and each exact question of the partitioned alternative
     * counts one (THEORY.md §15.9). BENCHMARKS.md "Global design, bounded" has what it takes.
     */
    public static final long DEFAULT_MAX_TESTS = 20_000;

    private MprDesigner() {
    }

    /**
     * The least-bandwidth MPR interface of {@code tasks} under {@code policy}, each vCPU paying
     * {@code overhead} X at each of its at most 1 + {@code preemptions} dispatches per period
     * (THEORY.md §15.2), with at most {@code maxVcpus} vCPUs, periods in {@code k}'s range (NaN ends:
     * the defaults of §15.9) and multiples of its granularity when that is positive.
     *
     * @throws IllegalArgumentException for no tasks, a negative overhead or preemption count, or maxVcpus &lt; 1
     */
    public static MprDesign design(String vm, List<GlobalTask> tasks, Policy policy, double overhead, int preemptions,
                                   int maxVcpus, DesignConstraints k) {
        if (preemptions < 0) {
            throw new IllegalArgumentException("preemptions per period must be >= 0, got " + preemptions);
        }
        return design(vm, tasks, policy, overhead, period -> preemptions, maxVcpus, k);
    }

    /**
     * {@link #design(String, List, Policy, double, int, int, DesignConstraints)} with the preemption
     * bound P a function of the period tried (as on a host where shorter-period vCPUs preempt, §15.2).
     */
    public static MprDesign design(String vm, List<GlobalTask> tasks, Policy policy, double overhead,
                                   ToIntFunction<BigFraction> preemptionsAt, int maxVcpus, DesignConstraints k) {
        return InterfaceDesigner.uncancelled(() -> design(vm, tasks, policy, overhead, preemptionsAt, maxVcpus, k,
                Work.none()));
    }

    /** P of a candidate interface: a function of its period and its vCPU count (§15.2). */
    @FunctionalInterface
    interface PreemptionCount {
        int at(BigFraction period, int vcpus);
    }

    private static MprDesign design(String vm, List<GlobalTask> tasks, Policy policy, double overhead,
                                    ToIntFunction<BigFraction> preemptionsAt, int maxVcpus, DesignConstraints k, Work work)
            throws CancelledException {
        return design(vm, tasks, policy, overhead, (period, m) -> preemptionsAt.applyAsInt(period), maxVcpus, k, work);
    }

    private static MprDesign design(String vm, List<GlobalTask> tasks, Policy policy, double overhead,
                                    PreemptionCount preemptionsAt, int maxVcpus, DesignConstraints k, Work work)
            throws CancelledException {
        checkArguments(vm, tasks, overhead, maxVcpus);
        double minD = Double.POSITIVE_INFINITY;
        double maxD = 0;
        BigFraction u = BigFraction.ZERO;
        for (GlobalTask t : tasks) {
            minD = Math.min(minD, t.deadline().doubleValue());
            maxD = Math.max(maxD, t.deadline().doubleValue());
            u = u.add(t.utilization());
        }
        Range range = range(minD, maxD, overhead, k);
        double lo = range.lo();
        double hi = range.hi();
        if (range.none() != null) {
            return new MprDesign(vm, policy.shortName(), overhead, 0, lo, hi, null, null, range.none(), 0);
        }
        MprInterfaceSearch s = new MprInterfaceSearch(tasks, policy, SafeRounding.fraction(overhead), preemptionsAt, u, work);
        int kMax = Math.min(maxVcpus, tasks.size());
        List<BigDecimal> grid = periods(lo, hi, k.granularity());
        String stopped = null;
        try {
            for (int i = 0; i < grid.size(); i++) {
                BigFraction t = SafeRounding.fraction(grid.get(i));
                for (int m = 1; m <= kMax; m++) {
                    work.move((double) (i * kMax + m - 1) / (grid.size() * kMax));
                    s.tryInterface(t, m);
                }
            }
        } catch (Work.BoundReached e) {
            // the best so far is the input of a passing test like any other; the rest is unsearched
            stopped = String.format(Locale.ROOT, "the MPR search stopped at the bound of %d tests after %d of %d periods",
                    work.max(), s.periodsTried, grid.size());
        }
        work.move(1);
        MprDesign.Proposal best = s.best == null ? null : new MprDesign.Proposal(s.bestPeriod.doubleValue(),
                s.bestBudget.doubleValue(), s.bestVcpus, s.bestBandwidth().doubleValue(), s.bestTest);
        String note = stopped != null && best == null
                ? String.format(Locale.ROOT, "no interface found in the %d of %d periods searched before the bound (1 to %d"
                        + " vCPUs)%s", s.periodsTried, grid.size(), kMax, range.floor())
                : best != null
                ? String.format(Locale.ROOT, "searched %d periods in [%s, %s], 1 to %d vCPUs; budgets of %d significant"
                        + " digits, each proposal re-checked by the test%s", s.periodsTried, num(lo), num(hi), kMax,
                        BUDGET_DIGITS, range.floor())
                : String.format(Locale.ROOT, "no interface with at most %d vCPUs and a period in [%s, %s] passes %s"
                        + " (the tasks' utilisation is %s); the tests are sufficient only, so this is no proof that"
                        + " none exists", kMax, num(lo), num(hi), policy == Policy.GLOBAL_EDF
                        ? "Shin-Easwaran-Lee or Bertogna-Cirinei-Lipari" : "Bertogna-Cirinei-Lipari (RM)",
                        num(u.doubleValue()));
        return new MprDesign(vm, policy.shortName(), overhead, best == null ? 0 : s.bestPreemptions, lo, hi, best, null,
                note, work.max() > 0 ? work.asked() : s.tests, work.max(), stopped);
    }

    /** Refuses a VM without tasks, an overhead that is no finite number at least 0, or no vCPU allowed. */
    private static void checkArguments(String vm, List<GlobalTask> tasks, double overhead, int maxVcpus) {
        if (tasks.isEmpty()) {
            throw new IllegalArgumentException("VM " + vm + " has no tasks to design an interface for");
        }
        if (!(overhead >= 0) || Double.isInfinite(overhead)) {
            throw new IllegalArgumentException("overhead must be a finite number >= 0, got " + overhead);
        }
        if (maxVcpus < 1) {
            throw new IllegalArgumentException("maxVcpus must be at least 1, got " + maxVcpus);
        }
    }

    /**
     * The periods an MPR search covers, [lo, hi]; the note of the 1 ms floor when it applied ("" when
     * not, else starting "; "); and why no period is left (null when some is).
     */
    private record Range(double lo, double hi, String floor, String none) {
    }

    /**
     * The {@link Range} for tasks of deadlines minD to maxD: --min-period, else minD/20, raised to 1 ms
     * with X = 0 (§12.7, §15.9) and to one switch per period under --max-switches; --max-period, else maxD.
     */
    private static Range range(double minD, double maxD, double overhead, DesignConstraints k) {
        double lo = Double.isNaN(k.minPeriod()) ? minD / 20 : k.minPeriod();
        double hi = Double.isNaN(k.maxPeriod()) ? maxD : k.maxPeriod();
        String floor = "";
        if (Double.isNaN(k.minPeriod()) && overhead == 0) {
            // With X = 0 a shorter period never costs bandwidth (§12.7, §15.9): stop at 1 ms.
            double least = InterfaceDesigner.DEFAULT_LEAST_PERIOD_MICROS / k.unitMicros();
            // in the unit given; above the longest period it leaves nothing to search, and says so
            if (least > lo) {
                lo = least;
                floor = "; with X = 0 the search starts at " + num(least) + " (1 ms)";
                if (least > hi) {
                    return new Range(lo, hi, floor,
                            "with X = 0 the search starts at 1 ms, the least period Xen and Linux cpu.max set (" + num(least)
                            + " time units of " + num(k.unitMicros()) + " us), above the longest period searched, " + num(hi)
                            + "; --min-period (or an overhead X) to search below 1 ms");
                }
            }
        }
        if (k.maxSwitchesPerSecond() > 0) {
            lo = Math.max(lo, 1e6 / k.unitMicros() / k.maxSwitchesPerSecond());
        }
        if (lo > hi) {
            return new Range(lo, hi, floor, "the least period " + num(lo) + " is above the largest " + num(hi));
        }
        return new Range(lo, hi, floor, null);
    }

    /**
     * {@link #design} for a VM of the model (P &lt; 0: counted at each period from the scenario's other
     * VMs by {@link #hostPreemptions}), each dispatch paying X plus the scenario's migration cost
     * ({@link GlobalAnalysis#dispatchOverhead}; the design's {@code overhead} is that sum), its tasks
     * read as sporadic constrained-deadline tasks, with
     * the partitioned alternative: the tasks split by utilisation (worst fit, heaviest first) over
     * 1, 2, … groups, each designed as a single-vCPU VM with EDF (for gEDF) or RM (for gRM) inside by
     * {@link InterfaceDesigner#best}, alone on a core; the first split whose every group has an
     * interface is reported.
     */
    public static MprDesign design(Scenario scenario, VirtualMachine vm, Policy policy, int preemptions, int maxVcpus,
                                   DesignConstraints k) {
        return InterfaceDesigner.uncancelled(() -> design(scenario, vm, policy, preemptions, maxVcpus, k, DEFAULT_MAX_TESTS,
                null, null));
    }

    /**
     * As {@link #design(Scenario, VirtualMachine, Policy, int, int, DesignConstraints)}, telling
     * {@code progress} how far the search of this VM is (the MPR search over the periods and vCPU
     * counts, then the partitioned alternative) and stopping with {@link CancelledException} at the
     * next test once {@code cancel} is set (THEORY.md §12.8). Either may be null (no progress;
     * never cancelled).
     */
    public static MprDesign design(Scenario scenario, VirtualMachine vm, Policy policy, int preemptions, int maxVcpus,
                                   DesignConstraints k, Progress progress, Cancellation cancel) throws CancelledException {
        return design(scenario, vm, policy, preemptions, maxVcpus, k, DEFAULT_MAX_TESTS, progress, cancel);
    }

    /**
     * As {@link #design(Scenario, VirtualMachine, Policy, int, int, DesignConstraints, Progress,
     * Cancellation)} with at most {@code maxTests} tests (at least 1; {@link #DEFAULT_MAX_TESTS} by
     * default): each sufficient test of the MPR search and each exact question of the partitioned
     * alternative counts one, so where a design stops does not depend on the machine. A design
     * stopped by the bound says so ({@link MprDesign#stopped()}) and keeps what it found: the
     * best MPR interface so far (a passing test's input, as always), the partitioned alternative
     * only when it was complete.
     */
    public static MprDesign design(Scenario scenario, VirtualMachine vm, Policy policy, int preemptions, int maxVcpus,
                                   DesignConstraints k, long maxTests, Progress progress, Cancellation cancel)
            throws CancelledException {
        return design(scenario, vm, policy, preemptions, maxVcpus, k,
                new Work(progress, cancel, "designing " + vm.name()).bounded(maxTests));
    }

    /**
     * Every VM of {@code vms} (VMs of {@code scenario}) designed as {@link #design(Scenario, VirtualMachine,
     * Policy, int, int, DesignConstraints, long, Progress, Cancellation)} with its own scheduler's policy
     * and P counted from its mates, in order; {@code progressOf} gives the progress of the i-th. VMs equal
     * but for their names are designed once: they read the same tasks, overheads and settings, and the
     * same mates (the others' periods and vCPUs, one multiset), so their designs differ in the name only
     * (issue 30: a hundred equal VMs were designed a hundred times). Throws as that method does.
     */
    public static List<MprDesign> designAll(Scenario scenario, List<VirtualMachine> vms, int maxVcpus, DesignConstraints k,
                                            long maxTests, IntFunction<Progress> progressOf,
                                            Cancellation cancel) throws CancelledException {
        Map<VirtualMachine, MprDesign> byContent = new HashMap<>();
        List<MprDesign> out = new ArrayList<>();
        for (int i = 0; i < vms.size(); i++) {
            VirtualMachine vm = vms.get(i);
            // names are unique and no VM is named by a control character: the key is the VM's content
            VirtualMachine key = vm.withName("\u0000");
            MprDesign twin = byContent.get(key);
            if (cancel != null) {
                cancel.check();
            }
            if (twin != null) {
                out.add(new MprDesign(vm.name(), twin.policy(), twin.overhead(), twin.preemptions(), twin.minPeriod(),
                        twin.maxPeriod(), twin.proposal(), twin.partitioned(), twin.note(), twin.testsRun(), twin.maxTests(),
                        twin.stopped()));
                continue;
            }
            MprDesign d = design(scenario, vm, Policy.of(vm.scheduler()), -1, maxVcpus, k, maxTests, progressOf.apply(i), cancel);
            byContent.put(key, d);
            out.add(d);
        }
        return out;
    }

    private static MprDesign design(Scenario scenario, VirtualMachine vm, Policy policy, int preemptions, int maxVcpus,
                                    DesignConstraints k, Work work) throws CancelledException {
        List<GlobalTask> tasks = new ArrayList<>();
        for (Task t : vm.tasks()) {
            tasks.add(GlobalTask.of(t.wcet(), t.deadline(), t.period()));
        }
        // each dispatch may be a migration: X plus the scenario's migration cost (§15.2), as GlobalAnalysis reads it
        double perDispatch = GlobalAnalysis.dispatchOverhead(scenario, vm);
        // the MPR search takes most of the bar; the partitioned alternative runs the exact single-vCPU design
        Work global = work.part(0, 0.7, null);
        MprDesign d = preemptions >= 0
                ? design(vm.name(), tasks, policy, perDispatch, period -> preemptions, maxVcpus, k, global)
                : design(vm.name(), tasks, policy, perDispatch, (PreemptionCount) Mates.of(scenario, vm)::preemptions,
                        maxVcpus, k, global);
        String stopped = d.stopped();
        MprDesign.Partitioned p = null;
        if (stopped == null) {
            try {
                p = partitioned(scenario, vm, policy, maxVcpus, k, work.part(0.7, 0.3, null));
            } catch (Work.BoundReached e) {
                stopped = "the partitioned alternative stopped at the bound of " + work.max() + " tests";
            }
        }
        if (stopped != null) {
            stopped += d.found() ? "; the global proposal is the best found so far" : "; no global proposal found so far";
            stopped += p == null ? ", and the partitioned alternative was not completed" : "";
        }
        work.move(1);
        return new MprDesign(d.vm(), d.policy(), d.overhead(), d.preemptions(), d.minPeriod(), d.maxPeriod(),
                d.proposal(), p, d.note(), work.max() > 0 ? work.asked() : d.testsRun(), work.max(), stopped);
    }

    /**
     * P at {@code period} for a vCPU of {@code vm}, given {@code vcpus} of them, among the scenario's
     * other VMs' vCPUs under global EDF (§15.2, as {@code HostGlobalEdf.preemptionsPerPeriod}): 0
     * when all the vCPUs fit the cores (none ever waits for one), else Σ over the other vCPUs of
     * shorter period T_j of ⌈(T − T_j)/T_j⌉.
     */
    public static int hostPreemptions(Scenario scenario, VirtualMachine vm, BigFraction period, int vcpus) {
        return Mates.of(scenario, vm).preemptions(period, vcpus);
    }

    /**
     * The other VMs as {@link #hostPreemptions} reads them, their periods made exact fractions once:
     * the search asks P at every interface it tries, and converting every mate's period each time
     * was a tenth of a 100-VM design (issue 30). Immutable.
     */
    private record Mates(int cores, int vcpus, List<BigFraction> periods, List<Integer> counts) {
        static Mates of(Scenario scenario, VirtualMachine vm) {
            int all = 0;
            List<BigFraction> periods = new ArrayList<>();
            List<Integer> counts = new ArrayList<>();
            for (VirtualMachine other : scenario.vms()) {
                if (!other.name().equals(vm.name())) {
                    all += other.vcpus();
                    periods.add(SafeRounding.fraction(other.period()));
                    counts.add(other.vcpus());
                }
            }
            return new Mates(scenario.hypervisor().cores(), all, periods, counts);
        }

        int preemptions(BigFraction period, int mine) {
            if (vcpus + mine <= cores) {
                return 0;
            }
            long p = 0;
            for (int j = 0; j < periods.size(); j++) {
                BigFraction tj = periods.get(j);
                if (tj.compareTo(period) < 0) {
                    BigFraction q = period.subtract(tj).divide(tj);
                    BigInteger[] qr = q.getNumerator().divideAndRemainder(q.getDenominator());
                    p += (qr[0].longValueExact() + (qr[1].signum() != 0 ? 1 : 0)) * counts.get(j);
                }
            }
            return Math.toIntExact(p);
        }
    }

    private static MprDesign.Partitioned partitioned(Scenario scenario, VirtualMachine vm, Policy policy, int maxVcpus,
                                                     DesignConstraints k, Work work) throws CancelledException {
        List<Task> sorted = new ArrayList<>(vm.tasks());
        sorted.sort(Comparator.comparingDouble((Task t) -> -t.wcet() / t.period()));
        GuestScheduler inside = policy == Policy.GLOBAL_EDF ? GuestScheduler.EDF : GuestScheduler.RM;
        ServerModel server = ReservationServer.of(scenario);
        double u = 0;
        for (Task t : sorted) {
            u += t.wcet() / t.period();
        }
        int first = Math.max(1, (int) Math.ceil(u - 1e-9));
        int last = Math.min(maxVcpus, sorted.size());
        for (int groups = first; groups <= last; groups++) {
            Work split = work.part((double) (groups - first) / (last - first + 1), 1.0 / (last - first + 1), null);
            List<List<Task>> bins = worstFit(sorted, groups);
            List<MprDesign.Vcpu> out = new ArrayList<>();
            double bw = 0;
            for (int i = 0; i < groups && out.size() == i; i++) {
                VirtualMachine one = vm.withName(vm.name() + "/" + (i + 1)).withTasks(bins.get(i)).withScheduler(inside)
                        .withCore(0).withVcpus(1);
                // Alone on one core under partitioned EDF: the single-vCPU design of §12, whatever the host policy.
                Scenario alone = scenario.withVms(List.of(one)).withHypervisor(new Platform(HypervisorPolicy.EDF, 1));
                double least = leastPeriod(one, k);
                if (!Double.isNaN(least)) {
                    // one exact question: the least budget at that period (§6.5), no bisection on α
                    split.part((double) i / groups, 1.0 / groups, null).check();
                    double exact = InterfaceDesigner.minBudget(alone, one, server, least);
                    // six significant digits, rounded up: at a fixed period more budget never lowers the supply
                    double c = Double.isNaN(exact) ? exact
                            : SafeRounding.up(SafeRounding.fraction(exact), SafeRounding.Precision.DEFAULT).doubleValue();
                    if (!Double.isNaN(c)) {
                        out.add(new MprDesign.Vcpu(bins.get(i).stream().map(Task::name).toList(), least, c, c / least));
                        bw += c / least;
                    }
                    continue;
                }
                InterfaceDesign d = InterfaceDesigner.best(alone, one, server, k,
                        split.part((double) i / groups, 1.0 / groups, null));
                if (d.found()) {
                    out.add(new MprDesign.Vcpu(bins.get(i).stream().map(Task::name).toList(), d.best().period(),
                            d.best().budget(), d.best().bandwidth()));
                    bw += d.best().bandwidth();
                }
            }
            if (out.size() == groups) {
                return new MprDesign.Partitioned(out, bw);
            }
        }
        return null;
    }

    /** {@code sorted} in {@code groups} bins, each task in turn to the least loaded (the first of equals). */
    private static List<List<Task>> worstFit(List<Task> sorted, int groups) {
        List<List<Task>> bins = new ArrayList<>();
        double[] load = new double[groups];
        for (int i = 0; i < groups; i++) {
            bins.add(new ArrayList<>());
        }
        for (Task t : sorted) {
            int least = 0;
            for (int i = 1; i < groups; i++) {
                least = load[i] < load[least] ? i : least;
            }
            bins.get(least).add(t);
            load[least] += t.wcet() / t.period();
        }
        return bins;
    }

    /**
     * The one period at which a pinned vCPU is designed, or NaN (the exact search of §12): with
     * X = 0 and none of --min-period, --max-switches and --granularity, the least period the search
     * takes (1 ms, or T1/1000 when that is longer), where with X = 0 the least bandwidth tends to
     * be least (THEORY.md §12.7), though not always (§15.9: a sound row, not always the least); the
     * search's bandwidth bisection ends just above U, where the good periods of EDF are thousands of intervals and one exact
     * question took minutes (issue 30).
     */
    static double leastPeriod(VirtualMachine one, DesignConstraints k) {
        if (one.overhead() != 0 || !Double.isNaN(k.minPeriod()) || k.maxSwitchesPerSecond() > 0 || k.granularity() > 0) {
            return Double.NaN;
        }
        double t1 = Double.POSITIVE_INFINITY;
        for (Task t : one.tasks()) {
            t1 = Math.min(t1, t.period());
        }
        double least = Math.max(InterfaceDesigner.DEFAULT_LEAST_PERIOD_MICROS / k.unitMicros(),
                BigDecimal.valueOf(t1).movePointLeft(3).doubleValue());
        return Double.isNaN(k.maxPeriod()) || least <= k.maxPeriod() ? least : Double.NaN;
    }

    /** The periods tried: multiples of the granularity, or a geometric grid of two-significant-digit decimals. */
    static List<BigDecimal> periods(double lo, double hi, double granularity) {
        TreeSet<BigDecimal> out = new TreeSet<>();
        if (granularity > 0) {
            BigDecimal g = BigDecimal.valueOf(granularity);
            long first = (long) Math.ceil(lo / granularity - 1e-9);
            long last = (long) Math.floor(hi / granularity + 1e-9);
            long step = Math.max(1, (last - first + 1) / MAX_PERIODS + 1);
            for (long n = Math.max(first, 1); n <= last; n += step) {
                out.add(g.multiply(BigDecimal.valueOf(n)).stripTrailingZeros());
            }
            return new ArrayList<>(out);
        }
        MathContext two = new MathContext(2, RoundingMode.HALF_EVEN);
        double ratio = hi > lo ? Math.pow(hi / lo, 1.0 / (GRID_PERIODS - 1)) : 1;
        for (int i = 0; i < GRID_PERIODS; i++) {
            BigDecimal v = new BigDecimal(lo * Math.pow(ratio, i), two);
            if (v.doubleValue() < lo) {
                v = new BigDecimal(lo * Math.pow(ratio, i), new MathContext(2, RoundingMode.CEILING));
            }
            if (v.doubleValue() > hi) {
                v = new BigDecimal(lo * Math.pow(ratio, i), new MathContext(2, RoundingMode.FLOOR));
            }
            if (v.signum() > 0 && v.doubleValue() >= lo && v.doubleValue() <= hi) {
                out.add(v.stripTrailingZeros());
            }
        }
        if (out.isEmpty()) {
            out.add(BigDecimal.valueOf(lo).stripTrailingZeros());
        }
        return new ArrayList<>(out);
    }

    /**
     * The useful supply of m periodic vCPUs of (period, budget) paying X at each of 1 + P dispatches
     * (THEORY.md §15.2): Π = T, Θ = m(C − (1 + P)X), B = 2(T − C) + (2P + 1)X.
     */
    public static MprSupply supply(BigFraction period, BigFraction budget, int m, BigFraction overhead, int preemptions) {
        BigFraction useful = budget.subtract(overhead.multiply(1 + preemptions));
        if (useful.getNumerator().signum() < 0) {
            useful = BigFraction.ZERO;
        }
        BigFraction blackout = period.subtract(budget).multiply(2).add(overhead.multiply(2L * preemptions + 1));
        return new MprSupply(period, useful.multiply(m), m, blackout);
    }

    private static String num(double v) {
        return BigDecimal.valueOf(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
