package org.vmsched.model;

/** The hypervisor: its policy over the VMs of each core, and the number of cores (at least 1). */
public record Platform(HypervisorPolicy policy, int cores) {

    public static final Platform DEFAULT = new Platform(HypervisorPolicy.EDF, 1);
}
