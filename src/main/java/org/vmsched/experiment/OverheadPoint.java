package org.vmsched.experiment;

/**
 * One point of an overhead curve: at VM period T, the mean over the task sets of max_i Ri/Ti
 * (each capped at the study's cap). Immutable.
 */
public record OverheadPoint(double period, double meanMaxResponseRatio) {
}
