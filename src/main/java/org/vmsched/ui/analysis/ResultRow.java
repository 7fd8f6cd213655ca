package org.vmsched.ui.analysis;

/**
 * One row of the verdict table: the level ("system", "core", "VM", "task"), the item's name
 * (tasks as "VM1/t1"), its response time and deadline as text, and whether it passes. Immutable.
 */
public record ResultRow(String level, String item, String responseTime, String deadline, String verdict, boolean ok) {
}
