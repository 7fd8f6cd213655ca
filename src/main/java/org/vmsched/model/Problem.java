package org.vmsched.model;

/**
 * One validation problem: the JSON path of the offending value (e.g. {@code vms[1].tasks[0].wcet})
 * and what is wrong with it. {@link #toString()} gives the sentence shown to users.
 */
public record Problem(String path, String message) {

    @Override
    public String toString() {
        return path.isEmpty() ? message : path + " " + message;
    }
}
