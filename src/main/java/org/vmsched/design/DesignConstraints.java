package org.vmsched.design;

import org.vmsched.text.Format;

/**
 * What a designer may ask of a VM interface: a range of periods (NaN = the default: from T1/1000 up
 * to twice the longest deadline), a granularity g (the period a multiple of g; 0 = any), a largest
 * number of VM switches per second (0 = no limit; one switch per period, so T ≥ 1 s / max), the
 * length of the scenario's time unit in microseconds (for "whole milliseconds" and switches per
 * second; 1000 = the unit is a millisecond), and the least period the hypervisor accepts (NaN =
 * none), for which a runner-up is reported. Immutable.
 */
public record DesignConstraints(double minPeriod, double maxPeriod, double granularity, double maxSwitchesPerSecond,
                                double unitMicros, double hypervisorMinPeriod) {

    /** No constraint; the time unit is a millisecond. */
    public static final DesignConstraints DEFAULT = new DesignConstraints(Double.NaN, Double.NaN, 0, 0, 1000, Double.NaN);

    public DesignConstraints {
        check("minPeriod", minPeriod, true);
        check("maxPeriod", maxPeriod, true);
        if (!(granularity >= 0) || Double.isInfinite(granularity)) {
            throw new IllegalArgumentException("granularity must be a finite number >= 0 (0 = any period), got " + granularity);
        }
        if (!(maxSwitchesPerSecond >= 0) || Double.isInfinite(maxSwitchesPerSecond)) {
            throw new IllegalArgumentException("maxSwitchesPerSecond must be a finite number >= 0 (0 = no limit), got "
                    + maxSwitchesPerSecond);
        }
        if (!(unitMicros > 0) || Double.isInfinite(unitMicros)) {
            throw new IllegalArgumentException("unitMicros (the time unit in microseconds) must be > 0, got " + unitMicros);
        }
        check("hypervisorMinPeriod", hypervisorMinPeriod, true);
        if (minPeriod > maxPeriod) {
            throw new IllegalArgumentException("minPeriod " + Format.exact(minPeriod) + " is above maxPeriod "
                    + Format.exact(maxPeriod));
        }
    }

    private static void check(String field, double v, boolean nanAllowed) {
        if (Double.isNaN(v) && nanAllowed) {
            return;
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(field + " must be a finite number > 0, got " + v);
        }
    }

    public DesignConstraints withRange(double lo, double hi) {
        return new DesignConstraints(lo, hi, granularity, maxSwitchesPerSecond, unitMicros, hypervisorMinPeriod);
    }

    public DesignConstraints withGranularity(double g) {
        return new DesignConstraints(minPeriod, maxPeriod, g, maxSwitchesPerSecond, unitMicros, hypervisorMinPeriod);
    }

    public DesignConstraints withMaxSwitchesPerSecond(double s) {
        return new DesignConstraints(minPeriod, maxPeriod, granularity, s, unitMicros, hypervisorMinPeriod);
    }

    public DesignConstraints withUnitMicros(double u) {
        return new DesignConstraints(minPeriod, maxPeriod, granularity, maxSwitchesPerSecond, u, hypervisorMinPeriod);
    }

    public DesignConstraints withHypervisorMinPeriod(double p) {
        return new DesignConstraints(minPeriod, maxPeriod, granularity, maxSwitchesPerSecond, unitMicros, p);
    }
}
