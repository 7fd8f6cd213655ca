package org.vmsched.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every number the program writes as text, in one of its named {@link Context}s: the only class
 * that formats a number (and spells infinity and NaN) for a reader. Locale-free (a decimal point
 * everywhere); stateless and thread-safe.
 */
public final class Format {

    /** Where a number is read; each spells ∞ and NaN one way. */
    public enum Context {
        /**
         * The window's results: up to 4 decimals, no trailing zeros ("10.044"); "∞", NaN "-". Not its
         * input fields, which show the stored value whole ({@link Format#typed}).
         */
        SCREEN("∞", "-"),
        /** The command line's tables: up to 6 decimals, exponent below 1e-4 and from 1e12 ("1.6e-08"); "inf", NaN "-". */
        TABLE("inf", "-"),
        /** Files and messages that quote a value: the shortest decimal that reads back as the same double; "Infinity", "NaN". */
        EXACT("Infinity", "NaN"),
        /** CSV cells: as {@link #EXACT}, and NaN (no value) an empty cell. */
        CSV("Infinity", ""),
        /**
         * pgfplots/TikZ coordinates: 12 significant digits (a chart needs no more, and a double's
         * last-digit noise such as 35.00000000000001 goes), "inf" and "nan" as pgfplots reads them.
         */
        TIKZ("inf", "nan"),
        /** Chart labels and narration: up to 3 decimals ("12.5"); "∞", NaN "-". */
        LABEL("∞", "-");

        private final String infinity;
        private final String nan;

        Context(String infinity, String nan) {
            this.infinity = infinity;
            this.nan = nan;
        }

        /** How this context spells positive infinity (negative: with a leading "-"). */
        public String infinity() {
            return infinity;
        }

        /** How this context spells NaN (no value). */
        public String nan() {
            return nan;
        }
    }

    private Format() {
    }

    /** {@code x} as {@code context} writes it. */
    public static String of(double x, Context context) {
        if (Double.isNaN(x)) {
            return context.nan();
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? context.infinity() : "-" + context.infinity();
        }
        return switch (context) {
            case SCREEN -> upTo(x, 4);
            case TABLE -> tableDigits(x);
            case EXACT, CSV -> shortest(x);
            case TIKZ -> tikzDigits(x);
            case LABEL -> label(x, false);
        };
    }

    /**
     * A count with its noun, singular for exactly 1: "1 deadline miss", "3 deadline misses",
     * "1 tick per time unit" (the count as {@link #exact(double)} writes it).
     */
    public static String count(double n, String one, String many) {
        return exact(n) + " " + (n == 1 ? one : many);
    }

    /** {@link Context#EXACT}: the shortest text that reads back as the same double. */
    public static String exact(double x) {
        return of(x, Context.EXACT);
    }

    /**
     * A value quoted in a message as it is usually typed: the shortest decimal that reads back as
     * the same double, with a lower-case exponent ("10", "1e-9", "1e308"; Java writes "10.0",
     * "1.0E-9", "1.0E308"); "Infinity", "NaN". Also what an input field of the window shows of a
     * stored value: retyped, it is the same value (a field that showed 9.16666 as 9.1667 gave a
     * student who retyped it another scenario).
     */
    public static String typed(double x) {
        return exact(x).replace('E', 'e');
    }

    /** {@link Context#SCREEN}: up to 4 decimals, "∞", "-" for NaN. */
    public static String screen(double x) {
        return of(x, Context.SCREEN);
    }

    /** {@link Context#TABLE}: up to 6 decimals, exponent for the very small and large, "inf", "-" for NaN. */
    public static String table(double x) {
        return of(x, Context.TABLE);
    }

    /** {@link Context#LABEL}: up to 3 decimals, "∞", "-" for NaN. */
    public static String label(double x) {
        return of(x, Context.LABEL);
    }

    /** {@link Context#CSV}: as {@link #exact(double)}, NaN an empty cell. */
    public static String csv(double x) {
        return of(x, Context.CSV);
    }

    /** {@link Context#TIKZ}: 12 significant digits, "inf" and "nan" as pgfplots reads them. */
    public static String tikz(double x) {
        return of(x, Context.TIKZ);
    }

    /**
     * Up to {@code decimals} decimals, no trailing zeros ("2.5", "2"), for a value typed in a
     * field or quoted in its message; infinity and NaN as {@link Context#SCREEN} spells them.
     */
    public static String upTo(double x, int decimals) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return of(x, Context.SCREEN);
        }
        // what String.format's %.Nf writes (half up on the shortest decimal of x), without the
        // formatter and the two regular expressions, the costliest part of a short command's table
        String s = new BigDecimal(Double.toString(x)).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
        return zero(trim(s.startsWith("-") && isZero(s) ? s.substring(1) : s));
    }

    private static boolean isZero(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '1' && c <= '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code digits} significant digits, plain notation, no trailing zeros ("0.0123457"): for
     * designed periods and budgets and configuration files, where an exponent would not be read;
     * NaN "-", infinity "∞".
     */
    public static String significant(double x, int digits) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return of(x, Context.SCREEN);
        }
        return BigDecimal.valueOf(x).round(new MathContext(digits)).stripTrailingZeros().toPlainString();
    }

    /**
     * Java's decimal of the double in plain notation, never an exponent ("0.0000001"), for grid
     * values and files of other tools that may not read one; NaN "-", infinity "∞".
     */
    public static String plain(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return of(x, Context.SCREEN);
        }
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    /**
     * At most {@code decimals} decimals, rounded up, plain, no trailing zeros: a least budget that
     * is still enough when read back; NaN "-", infinity "∞".
     */
    public static String roundedUp(double x, int decimals) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return of(x, Context.SCREEN);
        }
        return BigDecimal.valueOf(x).setScale(decimals, RoundingMode.CEILING).stripTrailingZeros().toPlainString();
    }

    /**
     * {@code digits} significant digits, rounded up, plain, no trailing zeros ("0.000000000312501"
     * for 3.125000000097771e-10 at 6): a least budget that is still enough when read back, however
     * small; NaN "-", infinity "∞".
     */
    public static String significantUp(double x, int digits) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return of(x, Context.SCREEN);
        }
        return BigDecimal.valueOf(x).round(new MathContext(digits, RoundingMode.CEILING)).stripTrailingZeros()
                .toPlainString();
    }

    /** Java's decimal of the double with a lower-case exponent where it has one ("1e7", "2.5e-8"), for bounds in messages. */
    public static String scientific(double x) {
        return BigDecimal.valueOf(x).stripTrailingZeros().toString().replace("E+", "e").replace('E', 'e');
    }

    /**
     * Three significant digits, written out with thousands separated ("1,230,000", "450",
     * "0.00123"): for sizes a message only sketches (how many jobs, scheduling points or time
     * units); past 10^12, or not finite, as {@code %.3g} writes them ("1.23e+20").
     */
    public static String rough(double x) {
        if (!Double.isFinite(x) || Math.abs(x) >= 1e12 || x != 0 && Math.abs(x) < 1e-6) {
            return String.format(Locale.ROOT, "%.3g", x);
        }
        BigDecimal d = new BigDecimal(x).round(new MathContext(3)).stripTrailingZeros();
        if (d.scale() > 0) {
            return d.toPlainString();
        }
        return String.format(Locale.ROOT, "%,d", d.longValueExact());
    }

    /**
     * Exactly {@code decimals} decimals ("0.50", "12"), for the fixed columns of a table or a
     * percentage; infinity and NaN as {@link Context#TABLE} spells them.
     */
    public static String fixed(double x, int decimals) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return of(x, Context.TABLE);
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", x);
    }

    /**
     * For chart labels and narration ({@link Context#LABEL}); with {@code grouped}, thousands
     * separated ("1,440") for long time axes.
     */
    public static String label(double x, boolean grouped) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return of(x, Context.LABEL);
        }
        return zero(new DecimalFormat(grouped ? "#,##0.###" : "0.###", DecimalFormatSymbols.getInstance(Locale.ROOT))
                .format(x));
    }

    /**
     * The format of {@link Context#LABEL} as a {@link NumberFormat} (for chart tooltips and axes)
     * with up to {@code decimals} decimals, in {@link Locale#ROOT}: a chart says 12.5, not 12,5.
     */
    public static NumberFormat labelFormat(int decimals) {
        return new DecimalFormat("0." + "#".repeat(decimals), DecimalFormatSymbols.getInstance(Locale.ROOT));
    }

    /** {@link Context#TIKZ}'s finite numbers: 12 significant digits, plain between 1e-6 and 1e12. */
    private static String tikzDigits(double x) {
        double a = Math.abs(x);
        return a != 0 && (a < 1e-6 || a >= 1e12) ? shortest(x) : significant(x, 12);
    }

    /**
     * The shortest decimal that reads back as the same double: plain notation for
     * 1e-6 ≤ |x| < 1e15, else like "1.5E-7". Built on {@link BigDecimal}, whose output does not
     * change between JDK versions (unlike {@link Double#toString} before and after JDK 19).
     */
    private static String shortest(double x) {
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

    private static String tableDigits(double x) {
        double ax = Math.abs(x);
        if (ax != 0 && (ax < 1e-4 || ax >= 1e12)) {
            return String.format(Locale.ROOT, "%.6g", x).replaceAll("\\.?0+e", "e"); // 1.6e-08, 1e+308
        }
        return upTo(x, 6);
    }

    private static String trim(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    private static String zero(String s) {
        return s.equals("-0") ? "0" : s;
    }

    /**
     * The non-blank parts joined by "; ", each once (a VM's reason that is also its note is said
     * once), in the order given; null parts are skipped.
     */
    public static String joinOnce(String... parts) {
        List<String> out = new ArrayList<>();
        for (String p : parts) {
            if (p != null && !p.isBlank() && !out.contains(p)) {
                out.add(p);
            }
        }
        return String.join("; ", out);
    }
}
