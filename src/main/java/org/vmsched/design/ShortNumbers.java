package org.vmsched.design;

/**
 * The numbers a placement proposes, as an engineer types them (THEORY.md §12.6). Stateless.
 */
final class ShortNumbers {

    /** The most a VM's short numbers may add to its bandwidth with six significant digits (relative). */
    static final double MAX_EXTRA = 0.02;

    private ShortNumbers() {
    }
}
