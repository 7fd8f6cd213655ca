package org.vmsched.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Chart labels and narration read the same on every machine: the factories built
 * {@code new DecimalFormat("0.###")} in the default locale, so under a German one the supply
 * chart said "R = 12,5" and the CDF "R(t1) = 12,5".
 */
class NumbersTest {

    @Test
    void labelsUseAPointWhateverTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("12.5", Numbers.label(12.5));
            assertEquals("12.5", Numbers.labelFormat(3).format(12.5));
            assertEquals("0.3333", Numbers.labelFormat(4).format(1.0 / 3));
            assertEquals("1,440", Numbers.label(1440, true));
            assertEquals("14", Numbers.label(14.0));
            assertEquals("∞", Numbers.label(Double.POSITIVE_INFINITY));
        } finally {
            Locale.setDefault(before);
        }
    }
}
