package org.vmsched.policy;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.HypervisorPolicy;

/**
 * The built-in policies for the model's {@link HypervisorPolicy} constants, as a
 * {@link java.util.ServiceLoader} service (META-INF/services): the model cannot import this
 * package, so this is how {@code HypervisorPolicy.CREDIT.title()} finds Credit's module. Stateless.
 */
public final class BuiltInCatalog implements HypervisorPolicy.Catalog {

    @Override
    public List<HypervisorPolicy.Definition> definitions() {
        return new ArrayList<>(PolicyRegistry.BUILT_IN.modules());
    }
}
