package org.vmsched.model;

import java.util.Locale;

/**
 * {@code PERIODIC}: a VM with budget runs and burns it even with no ready task (the thesis's
 * model). {@code DEFERRABLE}: a VM is eligible only while one of its tasks is ready.
 */
public enum ServerPolicy {
    PERIODIC, DEFERRABLE;

    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
