package org.vmsched.model;

/**
 * How the hypervisor orders the VMs of one core: EDF by VM deadline, RM by VM period, or FP by
 * each VM's {@code priority} (1 is the highest; smaller numbers run first).
 */
public enum HypervisorPolicy {
    EDF, RM, FP
}
