/**
 * How long work reports its progress ({@link org.vmsched.progress.Progress}) and is asked to stop
 * ({@link org.vmsched.progress.Cancellation}, {@link org.vmsched.progress.CancelledException}):
 * one vocabulary below every engine and the GUI, depending on nothing of ours.
 */
package org.vmsched.progress;
