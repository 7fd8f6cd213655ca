package org.vmsched.analysis.mpr;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * Sufficient host-level tests of virtual CPUs under global EDF on the scenario's cores (THEORY.md
 * §15.6): each server (C, T) is an implicit-deadline task, overheads included in C. GFB for
 * periodic servers, BCL for periodic and deferrable ones. Stateless.
 */
public final class HostGlobalEdf {

    /** The name of {@link #goossensFunkBaruah}. */
    public static final String GFB = "Goossens-Funk-Baruah global EDF utilisation bound (2003)";

    /** The name of {@link #bertognaCirineiLipari}. */
    public static final String BCL = "Bertogna-Cirinei-Lipari global EDF (2005/2009), servers as tasks";

    private HostGlobalEdf() {
    }

    /** The name of {@link #aCoreEach}. */
    public static final String CORE_EACH = "a core for each virtual CPU";

    /**
     * At most M virtual CPUs on M cores: global EDF runs each whenever it has budget (none ever
     * waits for a core), periodic or deferrable, whatever the bandwidths; undecided otherwise
     * (THEORY.md §15.6). GFB and BCL miss this when a server's bandwidth is 1 (Umax = 1).
     */
    public static MprResult aCoreEach(int cores, List<VcpuServer> vcpus) {
        checkCores(cores);
        if (vcpus.size() <= cores) {
            return MprResult.pass(CORE_EACH, "each of the " + vcpus.size() + " virtual CPUs has a core of its own ("
                    + vcpus.size() + " ≤ M = " + cores + ")", vcpus.size());
        }
        return MprResult.fails(CORE_EACH, "more virtual CPUs than cores", null, vcpus.size());
    }

    /** GFB: Σ C/T ≤ M − (M − 1)·max C/T. Periodic servers only (a deferrable one suspends itself). */
    public static MprResult goossensFunkBaruah(int cores, List<VcpuServer> vcpus) {
        checkCores(cores);
        MprResult pre = necessary(GFB, cores, vcpus);
        if (pre != null) {
            return pre;
        }
        if (vcpus.stream().anyMatch(VcpuServer::deferrable)) {
            return MprResult.limit(GFB, "GFB covers sporadic tasks that never suspend themselves;"
                    + " a deferrable server does (use BCL)", 0);
        }
        BigFraction u = BigFraction.ZERO;
        BigFraction max = BigFraction.ZERO;
        for (VcpuServer v : vcpus) {
            BigFraction ui = v.budget().divide(v.period());
            u = u.add(ui);
            max = ui.compareTo(max) > 0 ? ui : max;
        }
        BigFraction bound = new BigFraction(cores).subtract(max.multiply(cores - 1));
        if (u.compareTo(bound) <= 0) {
            return MprResult.pass(GFB, "U = " + Exact.text(u) + " ≤ M − (M − 1)·Umax = "
                    + Exact.text(bound), vcpus.size());
        }
        return MprResult.fails(GFB, "U = " + Exact.text(u) + " > M − (M − 1)·Umax = "
                + Exact.text(bound) + "; this is no proof of a miss", null, vcpus.size());
    }

    /**
     * BCL on M dedicated cores: for every server k, Σ_{i≠k} min(I_i(T_k), T_k − C_k) &lt;
     * M·(T_k − C_k). Deferrable servers included: their deadlines stay on their grid, so the
     * deadline-based bound I_i holds whatever their release jitter (§15.6).
     */
    public static MprResult bertognaCirineiLipari(int cores, List<VcpuServer> vcpus) {
        checkCores(cores);
        MprResult pre = necessary(BCL, cores, vcpus);
        if (pre != null) {
            return pre;
        }
        MprSupply dedicated = new MprSupply(BigFraction.ONE, new BigFraction(cores), cores, BigFraction.ZERO);
        return Interference.test(BCL, dedicated, vcpus.stream().map(VcpuServer::asTask).toList(), null);
    }

    /**
     * At most how many times virtual CPU {@code index} is preempted in one of its periods under
     * global EDF (§15.2): every release of another server j with T_j &lt; T whose deadline falls
     * before the period's end preempts at most one running server, ⌈(T − T_j)/T_j⌉ of them. Periodic
     * servers only.
     *
     * @throws IllegalArgumentException if any server is deferrable (its wake-ups are not counted here)
     */
    public static int preemptionsPerPeriod(List<VcpuServer> vcpus, int index) {
        if (vcpus.stream().anyMatch(VcpuServer::deferrable)) {
            throw new IllegalArgumentException("preemptions are counted for periodic servers only (THEORY.md §15.2)");
        }
        BigFraction t = vcpus.get(index).period();
        long p = 0;
        for (int j = 0; j < vcpus.size(); j++) {
            p += j == index ? 0 : preemptionsBy(t, vcpus.get(j).period());
        }
        return Math.toIntExact(p);
    }

    /** How many times one server of period {@code tj} preempts one of period {@code t} in its period: ⌈(T − T_j)/T_j⌉ when T_j &lt; T, else 0. */
    static long preemptionsBy(BigFraction t, BigFraction tj) {
        return tj.compareTo(t) < 0 ? Exact.ceil(t.subtract(tj).divide(tj)).longValueExact() : 0;
    }

    private static MprResult necessary(String name, int cores, List<VcpuServer> vcpus) {
        if (vcpus.isEmpty()) {
            return MprResult.pass(name, "no virtual CPUs", 0);
        }
        BigFraction u = BigFraction.ZERO;
        for (VcpuServer v : vcpus) {
            u = u.add(v.budget().divide(v.period()));
        }
        if (u.compareTo(new BigFraction(cores)) > 0) {
            return MprResult.infeasible(name, "the servers' bandwidth " + Exact.text(u)
                    + " exceeds the " + cores + (cores == 1 ? " core" : " cores"));
        }
        return null;
    }

    private static void checkCores(int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be at least 1, got " + cores);
        }
    }
}
