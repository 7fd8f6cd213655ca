package org.vmsched.ui.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 18: the design chart labelled 0.0, 0.2, 0.3 … 0.7, 0.9 (JavaFX's auto-ranging axis left
 * labels out) and its optimum could sit on the axis edge. The range holds every value, starts at
 * 0, and its ticks are one 1-2-5 step apart with a whole number of them.
 */
class NiceAxisTest {

    @ParameterizedTest
    @CsvSource({
        "0.102303, 0.889, 0.1, 0.9",   // two-vms.json's control VM: 0, 0.1, … 0.9
        "1.00256, 80, 10, 80",          // its periods
        "0.25, 1, 0.1, 1",
        "0.001, 0.0123, 0.002, 0.014",
        "3, 3, 0.5, 3"})
    void holdsTheValuesWithEvenlySpacedRoundTicks(double min, double max, double tick, double upper) {
        NiceAxis a = NiceAxis.of(min, max);
        assertEquals(0, a.lower());
        assertEquals(tick, a.tick(), 1e-15);
        assertEquals(upper, a.upper(), 1e-12);
        assertTrue(a.lower() <= min && a.upper() >= max);
        double n = (a.upper() - a.lower()) / a.tick();
        assertEquals(Math.rint(n), n, 1e-9, "a whole number of ticks");
        assertTrue(n <= 2 * NiceAxis.TICKS, "ticks: " + n);
    }
}
