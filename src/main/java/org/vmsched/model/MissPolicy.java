package org.vmsched.model;

/** What happens to a job at its deadline if unfinished: it keeps running, or it is dropped. */
public enum MissPolicy {
    CONTINUE, ABORT;

    public String jsonName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
