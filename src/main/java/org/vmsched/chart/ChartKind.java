package org.vmsched.chart;

import java.util.Locale;

/**
 * The charts of the window and the report, in report order, with the name the CLI's
 * {@code gui --snapshot-tab} and the window's element ids use ("tmax") and the tab title.
 * The first four come from the analysis, the last two from a simulation.
 */
public enum ChartKind {
    TMAX("Tmax curve", false),
    MAP("Good-period map", false),
    RATIO("max Ri/Ti", false),
    SUPPLY("Supply & demand", false),
    GANTT("Gantt", true),
    CDF("Response times", true);

    private final String title;
    private final boolean simulated;

    ChartKind(String title, boolean simulated) {
        this.title = title;
        this.simulated = simulated;
    }

    /** The short name: "tmax", "map", "ratio", "supply", "gantt", "cdf". */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The tab title, e.g. "Good-period map". */
    public String title() {
        return title;
    }

    /** True for the charts a simulation run fills (Gantt and response-time CDF). */
    public boolean simulated() {
        return simulated;
    }

    /**
     * The one wording of a refusal to export or show this chart with nothing drawn:
     * "Tmax curve has nothing to draw: {@code why}" ({@link ChartStyle#emptyReason}).
     */
    public String nothingToDraw(String why) {
        return title + " has nothing to draw: " + why;
    }

    /** The chart of that short name, or null. */
    public static ChartKind byId(String id) {
        for (ChartKind k : values()) {
            if (k.id().equals(id)) {
                return k;
            }
        }
        return null;
    }
}
