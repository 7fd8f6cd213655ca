package org.vmsched.policy.share;

/**
 * A proportional-share scheduler's parameters for one VM (THEORY.md §11.5), as VMware ESXi and
 * Microsoft Hyper-V give them: reservation and limit as fractions of one CPU in per mille
 * (0..1000; limit 0 = none), relative shares, and the scheduler's quantum in ticks: what
 * {@link ShareDelayBounds} reads, built by {@link ProportionalSharePolicy} from the scenario's values. Immutable.
 */
record ShareParams(int reservationPerMille, int limitPerMille, int shares, long quantum) {

    public ShareParams {
        if (reservationPerMille < 0 || reservationPerMille > 1000) {
            throw new IllegalArgumentException("reservation must be in 0..1000 per mille, got " + reservationPerMille);
        }
        if (limitPerMille < 0 || limitPerMille > 1000) {
            throw new IllegalArgumentException("limit must be in 0..1000 per mille (0 = none), got " + limitPerMille);
        }
        if (limitPerMille != 0 && limitPerMille < reservationPerMille) {
            throw new IllegalArgumentException("limit " + limitPerMille + " is below the reservation " + reservationPerMille);
        }
        if (shares < 1) {
            throw new IllegalArgumentException("shares must be >= 1, got " + shares);
        }
        if (quantum <= 0) {
            throw new IllegalArgumentException("quantum must be > 0, got " + quantum);
        }
    }

    /** ESXi's preset: normal shares (1000), no reservation or limit, its 50 ms quantum. */
    public static ShareParams esxi(long perMs) {
        return new ShareParams(0, 0, 1000, 50 * perMs);
    }

    /** Hyper-V's preset: relative weight 100, no reserve or limit, the 10 ms quantum the seed measured. */
    public static ShareParams hyperV(long perMs) {
        return new ShareParams(0, 0, 100, 10 * perMs);
    }
}
