package org.vmsched.analysis;

import java.util.Locale;

/**
 * Every word a verdict is written with, one wording per audience: the only class that spells
 * "schedulable", "MISS" or "not guaranteed" (MainSourcesTest holds the rule). It lives next to
 * {@link Verdict}, not in {@code org.vmsched.text} (below the model) nor in the report (above
 * the analysis), because the analysis labels its own reasons with a verdict ({@link #labelled}).
 * Stateless.
 */
public final class Verdicts {

    /** Who reads the words. */
    public enum Audience {
        /** The command line's tables: "ok", "MISS", "undecided"; the headline in capitals. */
        TEXT,
        /** The JSON {@code "verdict"} field: "schedulable", "not-schedulable", "undecided", "not-guaranteed". */
        JSON,
        /** The window: "schedulable", "NOT schedulable", "undecided". */
        GUI,
        /**
         * Exported documents (the CSV result tables, the PDF report) and the analysis's own
         * reasons ({@link #labelled}): "schedulable", "not schedulable", "undecided".
         */
        DOCUMENT
    }

    /** A task that met its deadline under a supply its VM is not guaranteed (issue 17). */
    private static final String NOT_GUARANTEED = "not guaranteed (VM not schedulable)";

    private Verdicts() {
    }

    /** The verdict of a core, VM or task row for {@code audience}. */
    public static String of(Verdict v, Audience audience) {
        return switch (audience) {
            case TEXT -> switch (v) {
                case SCHEDULABLE -> "ok";
                case NOT_SCHEDULABLE -> "MISS";
                case UNDECIDED -> "undecided";
            };
            case JSON -> switch (v) {
                case SCHEDULABLE -> "schedulable";
                case NOT_SCHEDULABLE -> "not-schedulable";
                case UNDECIDED -> "undecided";
            };
            case GUI -> switch (v) {
                case SCHEDULABLE -> "schedulable";
                case NOT_SCHEDULABLE -> "NOT schedulable";
                case UNDECIDED -> "undecided";
            };
            case DOCUMENT -> switch (v) {
                case SCHEDULABLE -> "schedulable";
                case NOT_SCHEDULABLE -> "not schedulable";
                case UNDECIDED -> "undecided";
            };
        };
    }

    /** A task's verdict: {@link #of} unless it is not guaranteed by its VM's core ({@link TaskVerdict#notGuaranteed}). */
    public static String of(TaskVerdict t, Audience audience) {
        if (!t.notGuaranteed()) {
            return of(t.verdict(), audience);
        }
        return audience == Audience.JSON ? "not-guaranteed" : NOT_GUARANTEED;
    }

    /** The whole system's verdict as a headline: in capitals on the command line, else as {@link #of}. */
    public static String headline(Verdict v, Audience audience) {
        return audience == Audience.TEXT ? of(v, Audience.JSON).replace('-', ' ').toUpperCase(Locale.ROOT)
                : of(v, audience);
    }

    /**
     * The window's verdict column for a row that is proven ({@code ok}), undecided, or met its
     * deadline only under a supply its VM is not guaranteed ({@code notGuaranteed},
     * {@link TaskVerdict#notGuaranteed}): a glyph and a word ("✔ yes", "✖ NO", "? undecided",
     * "✖ not guaranteed").
     */
    public static String mark(boolean ok, boolean undecided, boolean notGuaranteed) {
        if (notGuaranteed) {
            return glyph(ok, undecided, true) + " not guaranteed";
        }
        return glyph(ok, undecided, false) + (undecided ? " undecided" : ok ? " yes" : " NO");
    }

    /**
     * The glyph of {@link #mark} alone, where a narrow column has room for no word ("✔", "✖", "?"): a
     * row not guaranteed is "✖", as its mark.
     */
    public static String glyph(boolean ok, boolean undecided, boolean notGuaranteed) {
        if (notGuaranteed) {
            return "✖";
        }
        return undecided ? "?" : ok ? "✔" : "✖";
    }

    /** The conditional mark of a response time that holds only if the VM gets its budget: "10 (conditional)". */
    public static String conditional(String responseTime) {
        return responseTime + " (conditional)";
    }

    /**
     * A reason the analysis gives, labelled with its verdict in the words of
     * {@link Audience#DOCUMENT}: "undecided: the demand passes 64-bit ticks", "not schedulable:
     * the load U = 2 …". The notes of cores, VMs and tests are written so for every audience; the
     * verdict stays data beside the note (a record's {@code verdict}, {@link VmVerdict#noteVerdict}),
     * never read back from these words.
     */
    public static String labelled(Verdict v, String reason) {
        return label(v) + reason;
    }

    /** The label a reason of verdict {@code v} begins with: "undecided: ". */
    public static String label(Verdict v) {
        return of(v, Audience.DOCUMENT) + ": ";
    }
}
