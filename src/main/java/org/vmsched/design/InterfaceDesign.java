package org.vmsched.design;

import java.util.List;

/**
 * The designed interface of one VM (THEORY.md §12): {@code best} is the period and budget of least
 * bandwidth (overhead included) within the constraints as a person types them (six significant
 * digits, period rounded down and budget up, checked by the exact test; THEORY.md §12.5), and
 * {@code exactOptimum} the optimum as the search found it (its bandwidth within 1e-9 of the least);
 * or none ({@code best} null) with the reason in {@code note}. When found, {@code note} says how
 * the search was bounded (the least period with X = 0) and the exact optimum. The runner-ups a user
 * may prefer (three significant digits, whole milliseconds, the hypervisor's minimum); the
 * bandwidth-against-period curve; the period range searched and the server kind; and {@code why}
 * the optimum is at its period ({@link OptimumReason}; null when none is found, and in the
 * placement's designs without runner-ups). Immutable.
 */
public record InterfaceDesign(String vm, String server, double overhead, double minPeriod, double maxPeriod,
                              Candidate best, List<Candidate> runnerUps, List<CurvePoint> curve, String note,
                              Candidate exactOptimum, OptimumReason why) {

    public InterfaceDesign {
        runnerUps = List.copyOf(runnerUps);
        curve = List.copyOf(curve);
    }

    /** A design without a reason for its optimum. */
    public InterfaceDesign(String vm, String server, double overhead, double minPeriod, double maxPeriod,
                           Candidate best, List<Candidate> runnerUps, List<CurvePoint> curve, String note,
                           Candidate exactOptimum) {
        this(vm, server, overhead, minPeriod, maxPeriod, best, runnerUps, curve, note, exactOptimum, null);
    }

    /** A design without a separate exact optimum (none found, or the proposal is the optimum). */
    public InterfaceDesign(String vm, String server, double overhead, double minPeriod, double maxPeriod,
                           Candidate best, List<Candidate> runnerUps, List<CurvePoint> curve, String note) {
        this(vm, server, overhead, minPeriod, maxPeriod, best, runnerUps, curve, note, best);
    }

    public boolean found() {
        return best != null;
    }
}
