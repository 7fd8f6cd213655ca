package org.vmsched.sim;

import java.util.Locale;

/**
 * What a core does during one trace slice: a task of a VM runs ({@code EXECUTION}), a VM pays its
 * switch overhead ({@code OVERHEAD}), no VM holds the core ({@code IDLE}), or a periodic-server VM
 * holds the core with no ready task and burns its budget ({@code IDLE_BURN}).
 */
public enum SliceKind {
    EXECUTION, OVERHEAD, IDLE, IDLE_BURN;

    /** The name used in CSV traces: lower case with a hyphen ({@code idle-burn}). */
    public String csvName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
