package org.vmsched.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Chart labels and narration read the same on every machine: the factories built
 * {@code new DecimalFormat("0.###")} in the default locale, so under a German one the supply
 * chart said "R = 12,5" and the CDF "R(t1) = 12,5".
 */
class FormatTest {

    @Test
    void labelsUseAPointWhateverTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("12.5", Format.label(12.5));
            assertEquals("12.5", Format.labelFormat(3).format(12.5));
            assertEquals("0.3333", Format.labelFormat(4).format(1.0 / 3));
            assertEquals("1,440", Format.label(1440, true));
            assertEquals("14", Format.label(14.0));
            assertEquals("∞", Format.label(Double.POSITIVE_INFINITY));
        } finally {
            Locale.setDefault(before);
        }
    }

    /** The private helpers these replaced wrote exactly this (issue 17: outputs kept byte for byte). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2.0|1|2", "2.5|1|2.5", "12.25|1|12.3", "0.1|4|0.1", "-0.00001|4|0"})
    void upToTrimsTheZerosOfAFixedFormat(double x, int decimals, String expected) {
        assertEquals(expected, Format.upTo(x, decimals));
    }

    /**
     * upTo writes what String.format's fixed notation wrote with its zeros trimmed by regular
     * expressions (its first implementation, kept here as the reference): values of every scale
     * and sign, halves at the last decimal included.
     */
    @Test
    void upToWritesWhatTheFormatterWrote() {
        java.util.Random r = new java.util.Random(18);
        for (int i = 0; i < 200_000; i++) {
            double x = switch (i % 5) {
                case 0 -> r.nextDouble();
                case 1 -> (r.nextInt(2_000_001) - 1_000_000) / 1e6 * Math.pow(10, r.nextInt(16) - 6);
                case 2 -> r.nextInt(100_000) / 1000.0 + 0.0005; // a half at the third decimal
                case 3 -> (r.nextInt(20_001) - 10_000) * 1e-7;
                default -> r.nextInt(1000) / 8.0;
            };
            int decimals = r.nextInt(10);
            String s = String.format(Locale.ROOT, "%." + decimals + "f", x);
            s = s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
            assertEquals(s.equals("-0") ? "0" : s, Format.upTo(x, decimals), x + " to " + decimals);
        }
    }

    @Test
    void theOtherContextsWriteWhatTheirFormerHelpersWrote() {
        assertEquals("0.0123457", Format.significant(0.012345678, 6));   // InterfaceDesigner.num, DesignView.n
        assertEquals("123456789", Format.significant(123456789.4, 9));   // ConfigExport.num
        assertEquals("-", Format.significant(Double.NaN, 6));
        assertEquals("0.0000001", Format.plain(1e-7));                   // ForeignFormats.num, DesignCommand.exact
        assertEquals("16", Format.plain(16.0));
        assertEquals("1e7", Format.scientific(1e7));                     // ScenarioValidator.sci
        assertEquals("2.5e-8", Format.scientific(2.5e-8));
        // sizes a message sketches: three significant digits, written out (a user trial read "7.50e+08 jobs")
        assertEquals("1,230,000", Format.rough(1_234_567));
        assertEquals("750,000,000", Format.rough(7.5e8));
        assertEquals("450", Format.rough(450));
        assertEquals("12,300", Format.rough(12_345));
        assertEquals("0.00123", Format.rough(0.0012345));
        assertEquals("1.23e+20", Format.rough(1.2345e20)); // past a trillion the exponent reads better than 21 digits
        assertEquals("1.000001", Format.roundedUp(1.0000001, 6));        // budget: six decimals or six significant digits, the closer
        assertEquals("0.000000000312501", Format.significantUp(3.125000000097771e-10, 6)); // budget's least budget
        assertEquals("1.00001", Format.significantUp(1.0000001, 6));
        assertEquals("2", Format.significantUp(2.0, 6));
        assertEquals("2", Format.roundedUp(2.0, 6));
    }
}
