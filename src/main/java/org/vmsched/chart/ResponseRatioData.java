package org.vmsched.chart;

/**
 * max Ri/Ti against the VM period at fixed α and X (thesis Fig. 4.12): sampled periods and
 * ratios (capped), τ1's period and wcet for the lower-bound line, the left bound and the VM's
 * current period. Arrays are owned by the record: do not change them. Immutable by contract.
 */
public record ResponseRatioData(String vmName, double alpha, double overhead, double[] periods, double[] ratios,
                                double t1, double c1, double leftBound, double currentPeriod) {
}
