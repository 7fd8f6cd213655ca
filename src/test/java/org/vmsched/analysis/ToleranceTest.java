package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.model.GuestScheduler;

/** Tolerant comparisons, including infinite operands (bandwidth 1 gives an unbounded good set). */
class ToleranceTest {

    @ParameterizedTest
    @CsvSource({
        "1, 1, true", "1.0000000001, 1, true", "1.001, 1, false",
        "Infinity, 1, false", "1, Infinity, true", "Infinity, Infinity, true",
        "-Infinity, 1, true", "1, -Infinity, false"})
    void lessOrEqualIsTolerantForFiniteValuesAndExactForInfiniteOnes(double a, double b, boolean expected) {
        assertEquals(expected, Tolerance.le(a, b));
    }

    @Test
    void infinityIsNotEqualToAFiniteValue() {
        assertFalse(Tolerance.eq(Double.POSITIVE_INFINITY, 1e300));
        assertTrue(Tolerance.eq(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
    }

    /** Used to loop forever (and fill the heap): ge(x, ∞) was true, so the bottom came out as ∞. */
    @Test
    void goodPeriodsAtBandwidthOneAreOneUnboundedIntervalFromTheMinimumPeriod() {
        GoodPeriods gp = GoodPeriods.of(ThesisExamplesTest.THESIS, GuestScheduler.RM);
        List<Interval> iv = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> gp.intervals(1.0, 0, gp.defaultMinPeriod()));
        assertEquals(List.of(new Interval(gp.defaultMinPeriod(), Double.POSITIVE_INFINITY)), iv);
        assertEquals(Double.POSITIVE_INFINITY, gp.tmax(1.0, 0, gp.defaultMinPeriod()));
    }
}
