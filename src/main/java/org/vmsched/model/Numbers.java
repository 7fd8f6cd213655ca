package org.vmsched.model;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Every number the program writes as text, in one of three styles. Locale-free (a decimal
 * point everywhere); stateless and thread-safe.
 *
 * <ul>
 *   <li>{@link #exact}: the shortest text that reads back as the same double ("0.1", "10",
 *       "0.00044557247570506826"), for files and messages that quote a value;</li>
 *   <li>{@link #display}: up to 4 decimals without trailing zeros ("10.044", "∞"), for the window;</li>
 *   <li>{@link #table}: up to 6 decimals, exponent for the very small and large ("1.6e-08"),
 *       for the command line's tables.</li>
 * </ul>
 */
public final class Numbers {

    private Numbers() {
    }

    /**
     * The shortest decimal that reads back as the same double: plain notation for
     * 1e-6 ≤ |x| < 1e15, else like "1.5E-7". Built on {@link BigDecimal}, whose output does not
     * change between JDK versions (unlike {@link Double#toString} before and after JDK 19).
     * NaN and infinities are written "NaN", "Infinity", "-Infinity".
     */
    public static String exact(double x) {
        if (Double.isNaN(x)) {
            return "NaN";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "Infinity" : "-Infinity";
        }
        if (x == 0) {
            return "0";
        }
        BigDecimal exact = new BigDecimal(x);
        BigDecimal d = null;
        for (int digits = 1; digits <= 17; digits++) {
            BigDecimal r = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (r.doubleValue() == x) {
                d = r;
                break;
            }
        }
        if (d == null) {
            d = exact.round(new MathContext(17, RoundingMode.HALF_EVEN));
        }
        d = d.stripTrailingZeros();
        double a = Math.abs(x);
        if (a >= 1e-6 && a < 1e15) {
            return d.toPlainString();
        }
        return d.toString().replace("E+", "E");
    }

    /** Up to 4 decimals, no trailing zeros: "10.044", "4", "∞"; "-" for NaN. */
    public static String display(double x) {
        if (Double.isNaN(x)) {
            return "-";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "∞" : "-∞";
        }
        String s = trim(String.format(Locale.ROOT, "%.4f", x));
        return s.equals("-0") ? "0" : s;
    }

    /** Up to 6 decimals, no trailing zeros; exponent below 1e-4 and from 1e12 ("1.6e-08"); "-" for NaN, "inf". */
    public static String table(double x) {
        if (Double.isNaN(x)) {
            return "-";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        double ax = Math.abs(x);
        if (ax != 0 && (ax < 1e-4 || ax >= 1e12)) {
            return String.format(Locale.ROOT, "%.6g", x).replaceAll("\\.?0+e", "e"); // 1.6e-08, 1e+308
        }
        String s = trim(String.format(Locale.ROOT, "%.6f", x));
        return s.equals("-0") ? "0" : s;
    }

    /**
     * For chart labels and narration: up to 3 decimals, no trailing zeros, always with a point
     * (never the user's locale's comma): "14", "12.5", "∞"; with {@code grouped}, thousands
     * separated ("1,440") for long time axes.
     */
    public static String label(double x, boolean grouped) {
        if (Double.isNaN(x)) {
            return "-";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "∞" : "-∞";
        }
        String s = new java.text.DecimalFormat(grouped ? "#,##0.###" : "0.###",
                java.text.DecimalFormatSymbols.getInstance(Locale.ROOT)).format(x);
        return s.equals("-0") ? "0" : s;
    }

    /**
     * The format of {@link #label(double)} as a {@link java.text.NumberFormat} (for chart tooltips
     * and axes) with up to {@code decimals} decimals, in {@link Locale#ROOT}: a chart says 12.5, not 12,5.
     */
    public static java.text.NumberFormat labelFormat(int decimals) {
        return new java.text.DecimalFormat("0." + "#".repeat(decimals), java.text.DecimalFormatSymbols.getInstance(Locale.ROOT));
    }

    /** {@link #label(double, boolean)} without grouping. */
    public static String label(double x) {
        return label(x, false);
    }

    private static String trim(String s) {
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
