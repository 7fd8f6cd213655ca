package org.vmsched.model;

import java.util.Locale;

/** What happens to a job at its deadline if unfinished: it keeps running, or it is dropped. */
public enum MissPolicy {
    CONTINUE, ABORT;

    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
