package org.vmsched.design;

import java.util.List;

/**
 * The designed interface of one VM (THEORY.md §12): the period and budget of least bandwidth
 * (overhead included) within the constraints, or none ({@code best} null) with the reason in
 * {@code note}; the runner-ups a user may prefer; the bandwidth-against-period curve; the period
 * range searched and the server kind. Immutable.
 */
public record InterfaceDesign(String vm, String server, double overhead, double minPeriod, double maxPeriod,
                              Candidate best, List<Candidate> runnerUps, List<CurvePoint> curve, String note) {

    public InterfaceDesign {
        runnerUps = List.copyOf(runnerUps);
        curve = List.copyOf(curve);
    }

    public boolean found() {
        return best != null;
    }
}
