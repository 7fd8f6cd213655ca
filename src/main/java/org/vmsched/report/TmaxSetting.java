package org.vmsched.report;

/**
 * Where a VM's Tmax curve is computed: among the core mates the scenario gives it (the supply
 * they leave it at each period, THEORY.md §6.5; what {@code analyze} and the window show) or
 * alone on a core (the thesis's supply, THEORY.md §3). Each says itself in words.
 */
public enum TmaxSetting {
    AMONG_CORE_MATES("among its core mates"),
    ALONE("alone on a core");

    private final String words;

    TmaxSetting(String words) {
        this.words = words;
    }

    /** "among its core mates" or "alone on a core": printed next to every Tmax. */
    public String words() {
        return words;
    }
}
