package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.text.Format;

/** CSV numbers: short, locale-free, and exact. */
class ExperimentCsvTest {

    @ParameterizedTest
    @CsvSource({
        "0.1, 0.1",
        "1000, 1000",
        "0.5555555555555556, 0.5555555555555556",
        "5.000000000000001, 5.000000000000001",
        "-2.5, -2.5",
        "0, 0",
        "-0.0, 0",
        "1.5E-7, 1.5E-7",
        "0.00044557247570506826, 0.00044557247570506826",
        "1e20, 1E20",
        "24.999999999999996, 24.999999999999996",
    })
    void numbersAreTheShortestExactDecimal(double x, String text) {
        assertEquals(text, Format.csv(x));
    }

    @ParameterizedTest
    @CsvSource({"Infinity, Infinity", "-Infinity, -Infinity"})
    void infinitiesHaveNames(double x, String text) {
        assertEquals(text, Format.csv(x));
    }

    @org.junit.jupiter.api.Test
    void nanIsAnEmptyCellAsInEveryCsv() {
        assertEquals("", Format.csv(Double.NaN));
    }

    @Property(tries = 2000)
    void everyNumberReadsBackAsTheSameDouble(@ForAll double x) {
        net.jqwik.api.Assume.that(!Double.isNaN(x));
        String s = Format.csv(x);
        assertEquals(x == 0 ? 0.0 : x, Double.parseDouble(s));
    }
}
