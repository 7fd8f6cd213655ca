package org.vmsched.sim;

/**
 * A scheduling decision, "VM v runs on core c", packed in one {@code long} so that deciding
 * allocates nothing: the core in the high 32 bits, the VM (−1: the core idles) in the low 32.
 * A {@link HypervisorScheduler} answers each core's question with one; naming a VM that is on
 * another core moves it (a migration). Stateless helpers; thread-safe.
 */
public final class Decision {

    private Decision() {
    }

    /** VM {@code vm} (−1: none, the core idles) runs on {@code core} (a lane). */
    public static long run(int vm, int core) {
        return ((long) core << 32) | (vm & 0xFFFF_FFFFL);
    }

    /** The core idles. */
    public static long idle(int core) {
        return run(-1, core);
    }

    /** The VM of a decision, −1 when the core idles. */
    public static int vm(long decision) {
        return (int) decision;
    }

    /** The core (lane) of a decision. */
    public static int core(long decision) {
        return (int) (decision >>> 32);
    }
}
