package org.vmsched.chart;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The charts' plain-text subscripts ({@code T_VM}, {@code C_VM}) as a reader expects them: T
 * with a subscript VM in drawn axis labels ({@link SubscriptAxis}) and {@code T_{\mathrm{VM}}}
 * in LaTeX. Stateless.
 */
public final class Subscripts {

    /** A capital symbol and its subscript word: T_VM, C_VM (a lane "vm_a" stays as typed). */
    static final Pattern SUBSCRIPT = Pattern.compile("\\b([A-Z])_(VM)\\b");

    private Subscripts() {
    }

    /** Whether {@code text} holds a subscript written with "_". */
    public static boolean has(String text) {
        return text != null && SUBSCRIPT.matcher(text).find();
    }

    /** {@code tex} (already escaped for LaTeX, so "_" reads "\_") with each X\_VM as {@code \ensuremath{X_{\mathrm{VM}}}}. */
    static String tex(String tex) {
        return tex.replaceAll("\\b([A-Z])\\\\_(VM)\\b", "\\\\ensuremath{$1_{\\\\mathrm{$2}}}");
    }
}
