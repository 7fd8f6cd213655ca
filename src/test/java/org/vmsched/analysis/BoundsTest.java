package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The bounds of THEORY.md §3 from the decimals as typed: at α = 0.7 the binary 1 − α is
 * 0.30000000000000004, and the upper bound of the thesis's VM1 (T1 = 16, C1 = 2) came out as
 * 23.33333333333333, one step below its own Tmax 23.333333333333332 (= 70/3) in `tmax --json`;
 * at α = 0.9 70.00000000000001 for an exact 70 (a new user's trial).
 */
class BoundsTest {

    @Test
    void theUpperBoundIsTheNearestDoubleOfTheDecimalsQuotient() {
        assertEquals(70.0 / 3, Bounds.upperBound(0.7, 0, 16, 2));
        assertEquals(70.0, Bounds.upperBound(0.9, 0, 16, 2));
        assertEquals(35.0, Bounds.upperBound(0.8, 0, 16, 2));
        assertEquals(0.0, Bounds.upperBound(0.5, 3, 16, 14));
        assertEquals(Double.POSITIVE_INFINITY, Bounds.upperBound(1, 0, 16, 2));
        assertEquals(10.0 / 0.6, Bounds.normalizedUpperBound(0.7) * 10, 1e-12);
    }
}
