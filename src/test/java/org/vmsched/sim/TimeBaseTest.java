package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** The clock is the smallest power of ten that makes every value whole, or the user's, with rounding reported. */
class TimeBaseTest {

    @ParameterizedTest
    @CsvSource({"4, 1", "4.4, 10", "0.25, 100", "7.125, 1000", "0.000001, 1000000", "1e-3, 1000", "12345.6, 10"})
    void smallestPowerOfTenMakesTheValueWhole(double value, double expected) {
        TimeBase tb = TimeBase.choose(List.of(new TimeBase.Value("x", 10), new TimeBase.Value("y", value)), null);
        assertEquals(expected, tb.ticksPerUnit());
        assertTrue(tb.exact());
    }

    @Test
    void theHorizonIsPartOfTheResolution() {
        Scenario s = Scenario.of("s", List.of(VirtualMachine.of("V", 10, 4, 0, List.of(Task.of("t", 2, 16)))));
        assertEquals(1, TimeBase.choose(TimeBase.values(s, SimulationOptions.DEFAULT), null).ticksPerUnit());
        TimeBase tb = TimeBase.choose(TimeBase.values(s, SimulationOptions.DEFAULT.withHorizon(1200.5)), null);
        assertEquals(10, tb.ticksPerUnit());
        assertTrue(tb.exact());
    }

    @Test
    void aHorizonIsRoundedDownAtAGivenResolutionAndTheRoundingReported() {
        Scenario s = Scenario.of("s", List.of(VirtualMachine.of("V", 10, 4, 0, List.of(Task.of("t", 2, 16)))));
        TimeBase tb = TimeBase.choose(TimeBase.values(s, SimulationOptions.DEFAULT.withHorizon(1200.75)), 1.0);
        assertFalse(tb.exact());
        assertEquals(0.75, tb.maxRounding(), 1e-12);
        assertEquals("horizon", tb.roundedValue());
        assertEquals(1200, tb.ticksDown(1200.75));
        assertThrows(SimulationInputException.class,
                () -> TimeBase.choose(TimeBase.values(s, SimulationOptions.DEFAULT.withHorizon(0.5)), 1.0));
    }

    @Test
    void aComputedHorizonNoPowerOfTenRepresentsIsRoundedDownAtTheValuesResolutionAndReported() {
        Scenario s = Scenario.of("s", List.of(VirtualMachine.of("V", 10, 4, 0, List.of(Task.of("t", 2, 16)))));
        TimeBase tb = TimeBase.choose(TimeBase.values(s, SimulationOptions.DEFAULT.withHorizon(107 / 3.0)), null);
        assertEquals(1, tb.ticksPerUnit());
        assertFalse(tb.exact());
        assertEquals("horizon", tb.roundedValue());
        assertEquals(35, tb.ticksDown(107 / 3.0));
    }

    @Test
    void valueFinerThanAMicroTickGetsAFinerPowerOfTen() {
        Scenario s = Scenario.of("s", List.of(VirtualMachine.of("V", 10, 4, 0, List.of(Task.of("t", 0.1234567, 10)))));
        TimeBase tb = TimeBase.choose(TimeBase.values(s), null);
        assertEquals(1e7, tb.ticksPerUnit());
        assertTrue(tb.exact());
    }

    @Test
    void aPeriodAWindowComputedAsAlphaTimesTGetsAnExactRationalClock() {
        // issue 18: the thesis example after a click held 14.583333333333334 (= 175/12) and could not be simulated
        Scenario s = Scenario.of("s", List.of(VirtualMachine.of("V", 14.583333333333334, 8.75, 0,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)))));
        TimeBase tb = TimeBase.choose(TimeBase.values(s, SimulationOptions.DEFAULT.withHorizon(1440.0)), null);
        assertEquals(12, tb.ticksPerUnit());
        assertTrue(tb.exact());
        assertEquals(175, tb.ticks(14.583333333333334));
        assertEquals(105, tb.ticks(8.75));
    }

    @Test
    void aDecimalNoExactClockReachesIsRoundedAtTheFinestClockInRangeAndReported() {
        Scenario s = Scenario.of("s", List.of(VirtualMachine.of("V", 10, 4, 0, List.of(Task.of("t", 0.123456789012345, 1000)))));
        TimeBase tb = TimeBase.choose(TimeBase.values(s), null);
        assertFalse(tb.exact());
        assertEquals(1e6, tb.ticksPerUnit()); // 1000 × 1000 periods × 1e6 ticks = the 1e12 ticks the simulator runs
        assertEquals("vms[0].tasks[0].wcet", tb.roundedValue());
        assertTrue(tb.maxRounding() <= 0.5e-6, "" + tb.maxRounding());
    }

    @Test
    void smallestDenominatorIsTheDecimalsOrASmallerFractions() {
        assertEquals(1, TimeBase.denominator(4));
        assertEquals(3, TimeBase.denominator(107 / 3.0));
        assertEquals(12, TimeBase.denominator(175 / 12.0));
        assertEquals(10_000_000, TimeBase.denominator(0.1234567));
        assertEquals(1_000_000_000_000_000L, TimeBase.denominator(Math.PI)); // its decimal: no smaller fraction is that double
    }

    @Test
    void givenResolutionRoundsAndReportsTheLargestRounding() {
        Scenario s = Scenario.of("s", List.of(VirtualMachine.of("V", 10, 4, 0, List.of(Task.of("t", 0.1234567, 10)))));
        TimeBase tb = TimeBase.choose(TimeBase.values(s), 1000.0);
        assertFalse(tb.exact());
        assertEquals(0.0004567, tb.maxRounding(), 1e-12);
        assertEquals("vms[0].tasks[0].wcet", tb.roundedValue());
        assertEquals(123, tb.ticks(0.1234567));
    }

    @Test
    void resolutionThatRoundsARequiredValueToZeroIsRefused() {
        Scenario s = Scenario.of("s", List.of(VirtualMachine.of("V", 10, 4, 0, List.of(Task.of("t", 0.01, 10)))));
        assertThrows(SimulationInputException.class, () -> TimeBase.choose(TimeBase.values(s), 10.0));
        assertThrows(SimulationInputException.class, () -> TimeBase.choose(TimeBase.values(s), -1.0));
    }
}
