package org.vmsched.experiment;

/**
 * How an acceptance study builds a system around its random tasks: {@link VcpuSystems} (VMs of
 * virtual CPUs on a multicore host) or {@link HierarchySystems} (the seed's VMs on one core).
 * Implementations are immutable and thread-safe.
 */
public sealed interface SystemShape permits VcpuSystems, HierarchySystems {

    /** The shape's name in experiment files: "vcpus" or "hierarchy". */
    String kind();

    /**
     * System {@code index} of the point at utilisation {@code u}, drawn from its own stream
     * ({@link RandomStreams#forSystem}) only, so it does not depend on any other system.
     */
    GeneratedSystem generate(Experiment e, double u, int index);
}
