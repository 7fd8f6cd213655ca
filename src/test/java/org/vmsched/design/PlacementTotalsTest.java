package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The totals a placement prints and writes in JSON are the sums of the numbers as written, not of doubles. */
class PlacementTotalsTest {

    @Test
    void theTotalBandwidthIsTheSumOfTheWrittenRatiosWithoutFloatNoise() {
        // 0.1 + 0.2 in doubles is 0.30000000000000004; a user trial read 0.9650000000000001 in design --place --json
        List<Placement.PlacedVm> vms = List.of(new Placement.PlacedVm("a", 0, 10, 1, 0.1, 0.1),
                new Placement.PlacedVm("b", 0, 10, 2, 0.2, 0.2));
        Placement.Result r = new Placement.Result(true, 1, 1, 1, vms, List.of(), null, null, Double.NaN);
        assertEquals("0.3", Double.toString(r.bandwidth()));
    }
}
