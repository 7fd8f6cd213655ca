package org.vmsched.design;

/** One point of the bandwidth-against-period curve: the least budget at this period (NaN: none), and C/T. */
public record CurvePoint(double period, double budget, double bandwidth) {
}
