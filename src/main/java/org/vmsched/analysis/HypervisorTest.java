package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.VirtualMachine;

/**
 * The hypervisor-level test of one core (THEORY.md §4 and §6.2), decided exactly on the decimal
 * values as written. Each VM is a task (C_VM, T_VM, deadline T_VM) whose budget includes every
 * overhead it pays. A deferrable VM can run its budget at the end of one period and again at the
 * start of the next, so to the others it is a task with release jitter J = T − C:
 * <ul>
 *   <li>RM / FP: Ri = Ci + Σ_{j ∈ hep(i)} ⌈(Ri + Jj)/Tj⌉·Cj ≤ Ti, where hep(i) holds every other
 *       VM of higher or equal priority (a running VM keeps the core on a tie, so a tie
 *       interferes both ways);</li>
 *   <li>EDF: with no deferrable VM, Σ C/T ≤ 1; otherwise the processor-demand test
 *       Σ_j max(0, ⌊(L − Dj')/Tj⌋ + 1)·Cj ≤ L at every deadline L up to the usual bound, with
 *       Dj' = Dj − Jj = Cj for a deferrable VM and Tj for a periodic one.</li>
 * </ul>
 * The RM / FP iteration is {@link FixedPoint}'s on a dedicated processor with jitter: exact, fast
 * when VM periods lie far apart, and within its work budget (one {@link FixedPoint.Work} per
 * core): past it the core is {@link Verdict#UNDECIDED}, with the reason in its note. Stateless.
 */
public final class HypervisorTest {

    /** Under EDF with deferrable VMs, at most this many deadlines are checked; more fails with a note. */
    public static final int MAX_DEADLINES = 2_000_000;

    private HypervisorTest() {
    }

    /** The test of core {@code core} of the scenario. */
    public static CoreVerdict analyzeCore(Scenario scenario, int core) {
        return analyzeCore(scenario, core, new FixedPoint.Work());
    }

    /** As {@link #analyzeCore(Scenario, int)}, the RM / FP iteration's work counted in {@code work}. */
    static CoreVerdict analyzeCore(Scenario scenario, int core, FixedPoint.Work work) {
        HypervisorPolicy policy = scenario.hypervisor().policy();
        boolean deferrable = scenario.simulation().serverPolicy() == ServerPolicy.DEFERRABLE;
        List<VirtualMachine> onCore = new ArrayList<>();
        for (VirtualMachine vm : scenario.vms()) {
            if (vm.core() == core) {
                onCore.add(vm);
            }
        }
        int n = onCore.size();
        double u = ExactDecimal.utilization(onCore, 1);
        List<String> names = new ArrayList<>();
        for (VirtualMachine vm : onCore) {
            names.add(vm.name());
        }
        Ticks ticks = Ticks.of(onCore, deferrable);
        BigInteger[] c = ticks.c();
        BigInteger[] t = ticks.t();
        if (policy == HypervisorPolicy.EDF) {
            String note = null;
            boolean ok = utilizationAtMostOne(c, t);
            if (ok && deferrable && n > 1) {
                String[] why = new String[1];
                ok = demandTest(c, t, why);
                note = why[0];
            }
            return new CoreVerdict(core, policy, u, ok, names, List.of(), note);
        }
        return fixedPriority(core, policy, u, names, onCore, ticks, work);
    }

    /**
     * The core's VMs' budgets c and periods t as whole numbers of one unit 10^-scale (the finest
     * decimal among them), and each one's release jitter (T − C for a deferrable server, else 0).
     */
    private record Ticks(int scale, BigInteger[] c, BigInteger[] t, BigInteger[] jitter) {

        static Ticks of(List<VirtualMachine> onCore, boolean deferrable) {
            int n = onCore.size();
            BigDecimal[] cd = new BigDecimal[n];
            BigDecimal[] td = new BigDecimal[n];
            int scale = 0;
            for (int i = 0; i < n; i++) {
                VirtualMachine vm = onCore.get(i);
                cd[i] = ExactDecimal.of(vm.budget());
                td[i] = ExactDecimal.of(vm.period());
                scale = Math.max(scale, Math.max(cd[i].scale(), td[i].scale()));
            }
            BigInteger[] c = new BigInteger[n];
            BigInteger[] t = new BigInteger[n];
            BigInteger[] jitter = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                c[i] = cd[i].setScale(scale, RoundingMode.UNNECESSARY).unscaledValue();
                t[i] = td[i].setScale(scale, RoundingMode.UNNECESSARY).unscaledValue();
                jitter[i] = deferrable ? t[i].subtract(c[i]) : BigInteger.ZERO;
            }
            return new Ticks(scale, c, t, jitter);
        }
    }

    /** The RM / FP test of a core: each VM's response time with the jitter of its higher- or equal-priority mates. */
    private static CoreVerdict fixedPriority(int core, HypervisorPolicy policy, double u, List<String> names,
                                             List<VirtualMachine> onCore, Ticks ticks, FixedPoint.Work work) {
        int n = onCore.size();
        Double[] r = new Double[n];
        boolean ok = true;
        BigDecimal unit = BigDecimal.ONE.scaleByPowerOfTen(-ticks.scale());
        for (int i = 0; i < n; i++) {
            List<Integer> hep = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                if (j != i && outranksOrTies(policy, onCore.get(j), onCore.get(i))) {
                    hep.add(j);
                }
            }
            BigInteger resp;
            try {
                resp = responseTime(ticks.c(), ticks.t(), ticks.jitter(), i, hep, work);
            } catch (AnalysisLimitException e) {
                // past the work budget: undecided, unless a VM already missed (a miss is proven)
                Verdict v = ok ? Verdict.UNDECIDED : Verdict.NOT_SCHEDULABLE;
                return new CoreVerdict(core, policy, u, names, Arrays.asList(r),
                        Verdicts.labelled(Verdict.UNDECIDED, e.getMessage() + " (VM " + names.get(i) + ")"), v);
            }
            ok &= resp != null;
            r[i] = resp == null ? null : new BigDecimal(resp).multiply(unit).doubleValue();
        }
        return new CoreVerdict(core, policy, u, ok, names, Arrays.asList(r), null);
    }

    private static boolean outranksOrTies(HypervisorPolicy policy, VirtualMachine j, VirtualMachine i) {
        if (policy == HypervisorPolicy.RM) {
            return j.period() <= i.period();
        }
        int pj = j.priority() == null ? Integer.MAX_VALUE : j.priority();
        int pi = i.priority() == null ? Integer.MAX_VALUE : i.priority();
        return pj <= pi;
    }

    /**
     * RTA with jitter, Ri = Ci + Σ_{j ∈ hep} ⌈(Ri + Jj)/Tj⌉·Cj, through {@link FixedPoint} on a
     * dedicated processor (B = 0, Θ = T = 1: finv(w) = w); null when the response passes Ti.
     */
    static BigInteger responseTime(BigInteger[] c, BigInteger[] t, BigInteger[] jitter, int i, List<Integer> hep,
                                   FixedPoint.Work work) {
        int m = hep.size();
        hep = new ArrayList<>(hep);
        hep.sort((x, y) -> t[x].compareTo(t[y])); // shortest periods first: the jump's prefix (§10.1)
        BigInteger[] hc = new BigInteger[m];
        BigInteger[] ht = new BigInteger[m];
        BigInteger[] hj = new BigInteger[m];
        for (int k = 0; k < m; k++) {
            hc[k] = c[hep.get(k)];
            ht[k] = t[hep.get(k)];
            hj[k] = jitter[hep.get(k)];
        }
        return FixedPoint.responseTime(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE, c[i], hc, ht, hj, t[i], work);
    }

    /** The plain iteration of {@link #responseTime}, one step at a time and unbounded (the reference of tests). */
    static BigInteger plainResponseTime(BigInteger[] c, BigInteger[] t, BigInteger[] jitter, int i, List<Integer> hep) {
        BigInteger r = c[i];
        for (int j : hep) {
            r = r.add(c[j]);
        }
        while (true) {
            if (r.compareTo(t[i]) > 0) {
                return null;
            }
            BigInteger next = c[i];
            for (int j : hep) {
                next = next.add(ExactDecimal.ceilDiv(r.add(jitter[j]), t[j]).multiply(c[j]));
            }
            if (next.compareTo(r) <= 0) {
                return r;
            }
            r = next;
        }
    }

    /** Σ C/T ≤ 1 in exact rationals. */
    private static boolean utilizationAtMostOne(BigInteger[] c, BigInteger[] t) {
        BigInteger[] u = ExactDecimal.sum(c, t);
        return u[0].compareTo(u[1]) <= 0;
    }

    /**
     * Processor demand with deadlines D' (C for a deferrable VM): every absolute deadline up to
     * L* = max(D'max, Σ (Tj − Dj')·Uj / (1 − U)) when U &lt; 1, or up to the hyperperiod plus
     * D'max when U = 1 (the demand pattern then repeats).
     */
    private static boolean demandTest(BigInteger[] c, BigInteger[] t, String[] why) {
        int n = c.length;
        BigInteger[] d = c; // deferrable: D' = C
        double uu = 0;
        double slackSum = 0;
        BigInteger dMax = BigInteger.ZERO;
        for (int i = 0; i < n; i++) {
            uu += c[i].doubleValue() / t[i].doubleValue();
            slackSum += (t[i].doubleValue() - d[i].doubleValue()) * c[i].doubleValue() / t[i].doubleValue();
            dMax = dMax.max(d[i]);
        }
        BigInteger limit;
        BigInteger[] u = ExactDecimal.sum(c, t);
        if (u[0].compareTo(u[1]) < 0) {
            double bound = slackSum / (1 - uu);
            limit = dMax.max(new BigDecimal(bound).setScale(0, RoundingMode.CEILING).toBigInteger().add(BigInteger.ONE));
        } else {
            BigInteger lcm = BigInteger.ONE;
            for (BigInteger ti : t) {
                lcm = lcm.divide(lcm.gcd(ti)).multiply(ti);
            }
            limit = lcm.add(dMax);
        }
        long count = 0;
        for (int i = 0; i < n; i++) {
            BigInteger k = limit.subtract(d[i]).divide(t[i]).add(BigInteger.ONE);
            count += k.bitLength() > 40 ? Long.MAX_VALUE / 4 : k.longValue();
            if (count > MAX_DEADLINES) {
                why[0] = "the demand test with deferrable VMs needs more than " + MAX_DEADLINES
                        + " deadlines; reported not schedulable (conservative)";
                return false;
            }
        }
        TreeSet<BigInteger> deadlines = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            for (BigInteger dl = d[i]; dl.compareTo(limit) <= 0; dl = dl.add(t[i])) {
                deadlines.add(dl);
            }
        }
        for (BigInteger l : deadlines) {
            BigInteger demand = BigInteger.ZERO;
            for (int i = 0; i < n; i++) {
                if (l.compareTo(d[i]) >= 0) {
                    demand = demand.add(l.subtract(d[i]).divide(t[i]).add(BigInteger.ONE).multiply(c[i]));
                }
            }
            if (demand.compareTo(l) > 0) {
                return false;
            }
        }
        return true;
    }
}
