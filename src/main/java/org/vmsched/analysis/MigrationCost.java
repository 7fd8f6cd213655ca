package org.vmsched.analysis;

import org.vmsched.model.Scenario;

/**
 * A global policy under which a dispatch of a virtual CPU on another core than the one it last ran
 * on (a migration, THEORY.md §15.12) costs more than the VM's switch overhead X: the extra time, in
 * scenario units, is paid from the vCPU's budget on top of X. The policy module that declares the
 * parameter implements this; the simulator, the analysis and the design read the cost through
 * {@link #of}, never by the parameter's name. Implementations are immutable and thread-safe.
 */
public interface MigrationCost {

    /** The extra cost of one migration under {@code s}'s parameters, scenario time units, 0 or more. */
    double migrationOverhead(Scenario s);

    /** The migration cost of {@code s}'s hypervisor policy: 0 when the policy has none (every partitioned one). */
    static double of(Scenario s) {
        return s.hypervisor().policy().definition() instanceof MigrationCost m ? m.migrationOverhead(s) : 0;
    }
}
