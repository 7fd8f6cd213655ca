package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * One truth for the sufficient tests (THEORY.md §15.3–§15.6): whatever a test proves schedulable
 * meets every deadline in a simulation of global scheduling on a legal supply of the interface —
 * integer slots, each period's Θ units spread over the slots (at most m′ per slot) either as the
 * worst case of §15.1 (as early as possible in the first period, as late as possible after) or at
 * random — with sporadic releases (random gaps above the period, random first release). The
 * simulation is a small one written here, independent of the tests' code.
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

    private static Case draw(Random r, int m) {
        int period = 2 + r.nextInt(7);
        int budget = 1 + r.nextInt(m * period);
        int n = 1 + r.nextInt(4);
        List<int[]> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int t = 3 + r.nextInt(20);
            int d = 1 + r.nextInt(t);
            int c = 1 + r.nextInt(Math.max(1, d / 2));
            tasks.add(new int[] {Math.min(c, d), d, t});
        }
        return new Case(period, budget, m, tasks);
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

    @Property(tries = 400)
    void whatATestProvesNeverMissesOnALegalSupply(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int m) {
        Random r = new Random(seed);
        Case c = draw(r, m);
        boolean sel = GlobalEdfOnMpr.shinEaswaranLee(c.supply(), c.globalTasks()).schedulable();
        boolean bcl = GlobalEdfOnMpr.bertognaCirineiLipari(c.supply(), c.globalTasks()).schedulable();
        boolean rm = GlobalRmOnMpr.bertognaCirineiLipari(c.supply(), c.globalTasks()).schedulable();
        Statistics.label("SEL").collect(sel);
        Statistics.label("BCL").collect(bcl);
        Statistics.label("RM-BCL").collect(rm);
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
        }
    }

    @Property(tries = 300)
    void whatTheHostTestsProveNeverMissesOnTheCores(@ForAll long seed, @ForAll @IntRange(min = 2, max = 4) int cores) {
        Random r = new Random(seed);
        List<int[]> servers = new ArrayList<>();
        List<VcpuServer> vcpus = new ArrayList<>();
        for (int i = 0; i < cores + 1 + r.nextInt(2 * cores); i++) {
            int t = 2 + r.nextInt(15);
            int c = 1 + r.nextInt(Math.max(1, t * 2 / 3));
            servers.add(new int[] {c, t, t});
            vcpus.add(VcpuServer.of(c, t, false));
        }
        boolean gfb = HostGlobalEdf.goossensFunkBaruah(cores, vcpus).schedulable();
        boolean bcl = HostGlobalEdf.bertognaCirineiLipari(cores, vcpus).schedulable();
        Statistics.label("GFB").collect(gfb);
        Statistics.label("BCL").collect(bcl);
        Case c = new Case(1, cores, cores, servers);
        int[] supply = new int[400];
        java.util.Arrays.fill(supply, cores);
        boolean miss = misses(c, supply, 0, new Random(seed), true, 300);
        assertTrue(!((gfb || bcl) && miss), "a host test proved servers that miss: " + describe(c));
    }

    private static String describe(Case c) {
        StringBuilder b = new StringBuilder("MPR(" + c.period() + ", " + c.budget() + ", " + c.m() + ") tasks");
        for (int[] t : c.tasks()) {
            b.append(" (").append(t[0]).append(", ").append(t[1]).append(", ").append(t[2]).append(')');
        }
        return b.toString();
    }
}
