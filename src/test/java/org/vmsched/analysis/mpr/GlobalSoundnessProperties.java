package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.statistics.Statistics;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * One truth for the sufficient tests (THEORY.md §15.3–§15.6): whatever a test proves schedulable
 * meets every deadline in a simulation of global scheduling on a legal supply of the interface —
 * integer slots, each period's Θ units spread over the slots (at most m′ per slot) either as the
 * worst case of §15.1 (as early as possible in the first period, as late as possible after) or at
 * random — with sporadic releases (random gaps above the period, random first release). The
 * simulation is a small one written here, independent of the tests' code. The interfaces, tasks
 * and servers come from jqwik generators, so a failure shrinks to a small case; a seed draws only
 * the simulation's own random choices (the supply pattern, the release gaps).
 */
class GlobalSoundnessProperties {

    record Case(int period, int budget, int m, List<int[]> tasks) {
        MprSupply supply() {
            return MprSupply.of(new BigFraction(period), new BigFraction(budget), m);
        }

        List<GlobalTask> globalTasks() {
            return tasks.stream().map(t -> new GlobalTask(new BigFraction(t[0]), new BigFraction(t[1]),
                    new BigFraction(t[2]))).toList();
        }
    }

    /** A task's genes: its period (3–22), its deadline's and its work's share (0–1000) of what they may be. */
    record TaskGene(int period, int deadlineShare, int workShare) {
        int[] task() {
            int d = 1 + deadlineShare * period / 1001;
            int c = 1 + workShare * Math.max(1, d / 2) / 1001;
            return new int[] {Math.min(c, d), d, period};
        }
    }

    /** A uniform draw as {@code Random.nextInt} made (jqwik's default leans toward the ends), shrinking toward 0. */
    private static Arbitrary<Integer> uniform(int min, int max) {
        return Arbitraries.integers().between(min, max).withDistribution(RandomDistribution.uniform());
    }

    private static Arbitrary<Integer> share() {
        return uniform(0, 1000);
    }

    /**
     * Interfaces MPR(Π, Θ, m′) (m′ 1–3, Π 2–8, Θ 1 to m′Π) with 1–4 constrained-deadline tasks (T 3–22,
     * D 1 to T, C 1 to D/2): each gene shrinks toward one processor, the shortest period, the
     * least budget, fewer tasks and shorter, lighter ones.
     */
    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<TaskGene> task = Combinators.combine(uniform(3, 22), share(), share()).as(TaskGene::new);
        return Combinators.combine(uniform(1, 3), uniform(2, 8), share(),
                task.list().ofMinSize(1).ofMaxSize(4).withSizeDistribution(RandomDistribution.uniform())).as((m, period, budget, tasks) -> new Case(period,
                1 + budget * (m * period) / 1001, m, tasks.stream().map(TaskGene::task).toList()));
    }

    /** Cores (2–4) and cores + 1 to 3 × cores implicit-deadline servers (T 2–16, C 1 to 2T/3), shrinking toward fewer, shorter, lighter ones. */
    @Provide
    Arbitrary<Case> hosts() {
        Arbitrary<int[]> server = Combinators.combine(uniform(2, 16), share())
                .as((t, c) -> new int[] {1 + c * Math.max(1, t * 2 / 3) / 1001, t, t});
        return uniform(2, 4).flatMap(cores -> server.list().ofMinSize(cores + 1).ofMaxSize(3 * cores).withSizeDistribution(RandomDistribution.uniform())
                .map(servers -> new Case(1, cores, cores, servers)));
    }

    /** Processors available in each slot of a legal schedule of the interface. */
    private static int[] supplyPattern(Case c, Random r, int slots, boolean worst) {
        int periods = slots / c.period() + 2;
        int[] s = new int[periods * c.period()];
        for (int p = 0; p < periods; p++) {
            int left = c.budget();
            if (worst) {
                for (int x = 0; left > 0; x++) {   // period 0 from its start, the others up to their end
                    int slot = p == 0 ? x : (p + 1) * c.period() - 1 - x;
                    int give = Math.min(c.m(), left);
                    s[slot] = give;
                    left -= give;
                }
            } else {
                while (left > 0) {
                    int slot = p * c.period() + r.nextInt(c.period());
                    if (s[slot] < c.m()) {
                        s[slot]++;
                        left--;
                    }
                }
            }
        }
        return s;
    }

    /** Whether global scheduling (EDF when {@code edf}, else RM) misses a deadline on the pattern, releases from {@code start}. */
    private static boolean misses(Case c, int[] supply, int start, Random r, boolean edf, int horizon) {
        List<int[]> jobs = new ArrayList<>();   // {deadline, remaining, task, priority}
        int n = c.tasks().size();
        int[] next = new int[n];
        for (int i = 0; i < n; i++) {
            next[i] = start + (r.nextInt(3) == 0 ? r.nextInt(c.tasks().get(i)[2]) : 0);
        }
        for (int t = start; t < start + horizon; t++) {
            for (int i = 0; i < n; i++) {
                int[] task = c.tasks().get(i);
                if (t == next[i]) {
                    jobs.add(new int[] {t + task[1], task[0], i, task[2]});
                    next[i] = t + task[2] + (r.nextInt(4) == 0 ? r.nextInt(3) : 0);
                }
            }
            for (int[] j : jobs) {
                if (j[0] <= t) {
                    return true;
                }
            }
            Comparator<int[]> order = edf ? Comparator.comparingInt((int[] j) -> j[0]) : Comparator.comparingInt((int[] j) -> j[3]);
            jobs.sort(order.thenComparingInt(j -> j[2]));
            for (int k = 0; k < Math.min(supply[t], jobs.size()); k++) {
                jobs.get(k)[1]--;
            }
            jobs.removeIf(j -> j[1] == 0);
        }
        return false;
    }

    /** {@code seed} draws the supply patterns and the sporadic releases, not the system, which shrinks ({@link #cases}). */
    @Property(tries = 400, edgeCases = EdgeCasesMode.NONE)
    void whatATestProvesNeverMissesOnALegalSupply(@ForAll("cases") Case c, @ForAll long seed) {
        Random r = new Random(seed);
        int m = c.m();
        boolean sel = GlobalEdfOnMpr.shinEaswaranLee(c.supply(), c.globalTasks()).schedulable();
        boolean bcl = GlobalEdfOnMpr.bertognaCirineiLipari(c.supply(), c.globalTasks()).schedulable();
        boolean rm = GlobalRmOnMpr.bertognaCirineiLipari(c.supply(), c.globalTasks()).schedulable();
        boolean rmRta = GlobalRmOnMpr.responseTimes(c.supply(), c.globalTasks()).result().schedulable();
        MprResult one = GlobalRmOnMpr.oneProcessor(c.supply(), c.globalTasks());
        boolean rbf = one != null && one.schedulable();
        Statistics.label("SEL").collect(sel);
        Statistics.label("BCL").collect(bcl);
        Statistics.label("RM-BCL").collect(rm);
        Statistics.label("RM response times").collect(rmRta);
        Statistics.label("RM request bound, one vCPU").collect(rbf);
        for (int run = 0; run < 4; run++) {
            boolean worst = run == 0;
            int horizon = 150;
            int[] supply = supplyPattern(c, r, horizon + 2 * c.period(), worst);
            // in the worst pattern the tasks arrive when the first period's supply has ended
            int start = worst ? (c.budget() + m - 1) / m : r.nextInt(c.period());
            boolean edfMiss = misses(c, supply, start, new Random(seed + run), true, horizon);
            boolean rmMiss = misses(c, supply, start, new Random(seed + run), false, horizon);
            assertTrue(!(sel && edfMiss), "SEL proved a set that misses: " + describe(c));
            assertTrue(!(bcl && edfMiss), "BCL proved a set that misses: " + describe(c));
            assertTrue(!(rm && rmMiss), "RM-BCL proved a set that misses: " + describe(c));
            assertTrue(!(rmRta && rmMiss), "RM response times proved a set that misses: " + describe(c));
            assertTrue(!(rbf && rmMiss), "the request bound proved a set that misses on one vCPU: " + describe(c));
        }
    }

    /**
     * THEORY.md §15.20 on a schedule known exactly, as {@link #whatATestProvesOnAScheduleSupplyNeverMissesOnThatSchedule}:
     * every test on the supply level by level (the room a job leaves, and the interference test
     * level by level) and the fixed-priority tests of §15.21 on the table meet every deadline on the
     * pattern itself. A third of the cases are gangs, every vCPU serving at once (a core each, §15.20),
     * with the levels m′ copies of one vCPU's periodic resource supply.
     */
    @Property(tries = 400, edgeCases = EdgeCasesMode.NONE)
    void whatTheLevelTestsProveNeverMissesOnThatSchedule(@ForAll("cases") Case c, @ForAll long seed) {
        Random r = new Random(seed);
        int transientSlots = r.nextInt(7);
        boolean gang = r.nextInt(3) == 0;
        Case single = new Case(c.period(), Math.min(c.period(), Math.max(1, c.budget() / c.m())), 1, c.tasks());
        int[] one = gang ? supplyPattern(single, r, 0, false) : supplyPattern(c, r, 0, false);
        int horizon = 150;
        int[] supply = new int[transientSlots + horizon + 40 + c.period()];
        for (int x = 0; x < supply.length; x++) {
            int phase = (x - transientSlots + c.period() * 8) % c.period();
            int steady = gang ? one[phase] * c.m() : one[phase];
            supply[x] = x < transientSlots && !gang ? r.nextInt(c.m() + 1) : steady;
        }
        HostSchedule.Usable u = usable(supply, c, transientSlots);
        ScheduleSupply table = ScheduleSupply.of(u, c.m(), 0).supply();
        LevelSupply levels = LevelSupply.of(u, c.m(), 0).supply();
        if (table == null || levels == null) {
            return; // no supply in the steady period
        }
        List<GlobalTask> tasks = c.globalTasks();
        int[] order = GlobalRmOnMpr.rmOrder(tasks);
        boolean edf = GlobalEdfOnMpr.shinEaswaranLee(levels, tasks).schedulable()
                || GlobalEdfOnMpr.bertognaCirineiLipari(levels, tasks).schedulable()
                || GlobalEdfResponseTimes.onMpr(levels, tasks).result().schedulable()
                || LevelTests.test(levels.levels(), tasks, null).schedulable()
                || LevelTests.responseTimes(levels.levels(), tasks, null).result().schedulable()
                || gang && LevelTests.test(java.util.Collections.nCopies(c.m(), single.supply()), tasks, null).schedulable()
                || gang && LevelTests.responseTimes(java.util.Collections.nCopies(c.m(), single.supply()), tasks, null).result().schedulable();
        MprResult oneVcpu = GlobalRmOnMpr.oneProcessor(table, tasks);
        boolean rm = GlobalRmOnMpr.bertognaCirineiLipari(levels, tasks).schedulable()
                || GlobalRmOnMpr.responseTimes(levels, tasks).result().schedulable()
                || GlobalRmOnMpr.responseTimes(table, tasks).result().schedulable()
                || oneVcpu != null && oneVcpu.schedulable()
                || LevelTests.test(levels.levels(), tasks, order).schedulable()
                || LevelTests.responseTimes(levels.levels(), tasks, order).result().schedulable()
                || gang && LevelTests.test(java.util.Collections.nCopies(c.m(), single.supply()), tasks, order).schedulable()
                || gang && LevelTests.responseTimes(java.util.Collections.nCopies(c.m(), single.supply()), tasks, order).result().schedulable();
        Statistics.label("EDF level by level").collect(edf);
        Statistics.label("RM level by level and response times").collect(rm);
        for (int run = 0; run < 4; run++) {
            int start = r.nextInt(transientSlots + c.period() + 1);
            assertTrue(!(edf && misses(c, supply, start, new Random(seed + run), true, horizon)),
                    "a global EDF test proved level by level a set that misses from " + start + ": " + describe(c) + " transient "
                            + transientSlots + (gang ? " gang" : ""));
            assertTrue(!(rm && misses(c, supply, start, new Random(seed + run), false, horizon)),
                    "an RM test proved level by level a set that misses from " + start + ": " + describe(c) + (gang ? " gang" : ""));
        }
    }

    /**
     * The same on the least supply of a schedule known exactly (THEORY.md §15.19): a random legal
     * pattern of the interface, a transient of up to 6 slots and then one period repeated, read as
     * the usable intervals of m′ vCPUs ({@link ScheduleSupply}); every test that proves the set on
     * that table meets every deadline on the pattern itself, releases from a random slot on.
     */
    @Property(tries = 400, edgeCases = EdgeCasesMode.NONE)
    void whatATestProvesOnAScheduleSupplyNeverMissesOnThatSchedule(@ForAll("cases") Case c, @ForAll long seed) {
        Random r = new Random(seed);
        int transientSlots = r.nextInt(7);
        int[] one = supplyPattern(c, r, 0, false);
        int horizon = 150;
        int[] supply = new int[transientSlots + horizon + 40 + c.period()];
        for (int x = 0; x < supply.length; x++) {
            supply[x] = x < transientSlots ? r.nextInt(c.m() + 1) : one[(x - transientSlots) % c.period()];
        }
        ScheduleSupply table = ScheduleSupply.of(usable(supply, c, transientSlots), c.m(), 0).supply();
        List<GlobalTask> tasks = c.globalTasks();
        boolean edf = GlobalEdfOnMpr.shinEaswaranLee(table, tasks).schedulable()
                || GlobalEdfOnMpr.bertognaCirineiLipari(table, tasks).schedulable()
                || GlobalEdfResponseTimes.onMpr(table, tasks).result().schedulable();
        boolean rm = GlobalRmOnMpr.bertognaCirineiLipari(table, tasks).schedulable();
        Statistics.label("EDF on the table").collect(edf);
        Statistics.label("RM-BCL on the table").collect(rm);
        for (int run = 0; run < 4; run++) {
            int start = r.nextInt(transientSlots + c.period() + 1);
            assertTrue(!(edf && misses(c, supply, start, new Random(seed + run), true, horizon)),
                    "a global EDF test proved on the table a set that misses from " + start + ": " + describe(c) + " transient " + transientSlots);
            assertTrue(!(rm && misses(c, supply, start, new Random(seed + run), false, horizon)),
                    "RM-BCL proved on the table a set that misses from " + start + ": " + describe(c));
        }
    }

    /** Servers on {@code cores} cores ({@link #hosts}: {@code m} is the cores, {@code tasks} the servers); {@code seed} draws the releases. */
    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void whatTheHostTestsProveNeverMissesOnTheCores(@ForAll("hosts") Case c, @ForAll long seed) {
        int cores = c.m();
        List<VcpuServer> vcpus = c.tasks().stream().map(t -> VcpuServer.of(t[0], t[1], false)).toList();
        boolean gfb = HostGlobalEdf.goossensFunkBaruah(cores, vcpus).schedulable();
        boolean bcl = HostGlobalEdf.bertognaCirineiLipari(cores, vcpus).schedulable();
        Statistics.label("GFB").collect(gfb);
        Statistics.label("BCL").collect(bcl);
        int[] supply = new int[400];
        java.util.Arrays.fill(supply, cores);
        boolean miss = misses(c, supply, 0, new Random(seed), true, 300);
        assertTrue(!((gfb || bcl) && miss), "a host test proved servers that miss: " + describe(c));
    }

    /** The slot pattern's first transient and period as m′ vCPUs' usable intervals (vCPU q serves where more than q do). */
    private static HostSchedule.Usable usable(int[] supply, Case c, int transientSlots) {
        List<List<long[]>> perVcpu = new ArrayList<>();
        for (int q = 0; q < c.m(); q++) {
            List<long[]> ivs = new ArrayList<>();
            for (int x = 0; x < transientSlots + c.period(); x++) {
                if (supply[x] > q) {
                    ivs.add(new long[] {x, x + 1});
                }
            }
            perVcpu.add(ivs);
        }
        return new HostSchedule.Usable(1, transientSlots, c.period(), perVcpu);
    }

    private static String describe(Case c) {
        StringBuilder b = new StringBuilder("MPR(" + c.period() + ", " + c.budget() + ", " + c.m() + ") tasks");
        for (int[] t : c.tasks()) {
            b.append(" (").append(t[0]).append(", ").append(t[1]).append(", ").append(t[2]).append(')');
        }
        return b.toString();
    }
}
