package org.vmsched.model;

import java.util.List;

/**
 * A whole system: the hypervisor platform, its VMs with their tasks, and simulation settings.
 * Immutable; lists are unmodifiable copies. Build, then check with {@link ScenarioValidator}.
 */
public record Scenario(int schemaVersion, String name, String description, Platform hypervisor,
                       List<VirtualMachine> vms, SimulationSettings simulation) {

    /** The first file format version (EDF, RM and FP over budgeted servers). */
    public static final int SCHEMA_VERSION = 1;

    /**
     * The newest file format version: adds the hypervisor policies CBS, FP_NO_BUDGET, CREDIT and
     * PROPORTIONAL_SHARE with their {@code params} (hypervisor-wide and per VM).
     */
    public static final int LATEST_SCHEMA_VERSION = 2;

    public Scenario {
        vms = List.copyOf(vms);
        description = description == null ? "" : description;
        hypervisor = hypervisor == null ? Platform.DEFAULT : hypervisor;
        simulation = simulation == null ? SimulationSettings.DEFAULT : simulation;
    }

    public static Scenario of(String name, List<VirtualMachine> vms) {
        return new Scenario(SCHEMA_VERSION, name, "", Platform.DEFAULT, vms, SimulationSettings.DEFAULT);
    }

    /** The VM with this name, or null. */
    public VirtualMachine vm(String vmName) {
        for (VirtualMachine vm : vms) {
            if (vm.name().equals(vmName)) {
                return vm;
            }
        }
        return null;
    }

    public Scenario withVms(List<VirtualMachine> newVms) {
        return new Scenario(schemaVersion, name, description, hypervisor, newVms, simulation);
    }

    public Scenario withSimulation(SimulationSettings s) {
        return new Scenario(schemaVersion, name, description, hypervisor, vms, s);
    }

    public Scenario withHypervisor(Platform p) {
        return new Scenario(Math.max(schemaVersion, p.policy().schemaVersion()), name, description, p, vms, simulation);
    }

    /** The lowest file format version that can hold this scenario. */
    public int requiredSchemaVersion() {
        int v = hypervisor.policy().schemaVersion();
        // parameters of another policy are not written (the file could not name them)
        if (hypervisor.params() != null && hypervisor.params().policy().equals(hypervisor.policy())) {
            v = Math.max(v, 2);
        }
        for (VirtualMachine vm : vms) {
            if (vm.params() != null && vm.params().policy().equals(hypervisor.policy())) {
                v = Math.max(v, 2);
            }
        }
        return v;
    }

    public Scenario withName(String n) {
        return new Scenario(schemaVersion, n, description, hypervisor, vms, simulation);
    }

    public Scenario withDescription(String d) {
        return new Scenario(schemaVersion, name, d, hypervisor, vms, simulation);
    }
}
