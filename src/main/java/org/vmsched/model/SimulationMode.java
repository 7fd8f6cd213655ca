package org.vmsched.model;

/**
 * {@code SYNCHRONOUS}: everything starts at its offset. {@code WORST_CASE}: each VM alone with
 * the supply pattern of THEORY.md §2 (budget early, then late; tasks released at the first
 * chunk's end), the analysis check.
 */
public enum SimulationMode {
    SYNCHRONOUS("synchronous"), WORST_CASE("worst-case");

    private final String json;

    SimulationMode(String json) {
        this.json = json;
    }

    /** The name used in scenario files and on the command line. */
    public String jsonName() {
        return json;
    }

    /** Parses a file or command-line name; null when unknown. */
    public static SimulationMode fromJson(String s) {
        for (SimulationMode m : values()) {
            if (m.json.equals(s)) {
                return m;
            }
        }
        return null;
    }
}
