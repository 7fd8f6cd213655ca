package org.vmsched.design;

import java.math.BigDecimal;
import java.util.List;
import org.vmsched.text.Format;

/**
 * The global (MPR) proposals of a scenario's VMs set together against the host's cores (THEORY.md
 * §15.9): each VM is designed alone, so their sum may exceed the cores. What {@code design} prints
 * and the Design dialog shows, in the same words. Stateless.
 */
public final class GlobalProposals {

    private GlobalProposals() {
    }

    /** The proposals' bandwidths summed exactly as written (each VM's vCPUs together); NaN when a VM has none. */
    public static double bandwidth(List<MprDesign> designs) {
        BigDecimal sum = BigDecimal.ZERO;
        for (MprDesign d : designs) {
            if (!d.found()) {
                return Double.NaN;
            }
            sum = sum.add(BigDecimal.valueOf(d.proposal().bandwidth()));
        }
        return sum.doubleValue();
    }

    /**
     * "Together the global proposals take 2.1455 of the 2 cores: …", with what follows when they fit
     * and when they do not; null when a VM has no proposal (nothing to add up).
     */
    public static String together(List<MprDesign> designs, int cores) {
        double together = bandwidth(designs);
        if (Double.isNaN(together)) {
            return null;
        }
        return "Together the global proposals take " + Format.table(together) + " of the " + Format.count(cores, "core", "cores")
                + (together > cores ? ": more than the host has, so not all of them can be set at once (a VM"
                + " with fewer vCPUs or a partitioned design takes less)"
                : ": set them, then the analysis gives the host-level test of all the vCPUs together") + ".";
    }
}
