package org.vmsched.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.policy.cbs.CbsPolicy;
import org.vmsched.policy.credit.CreditPolicy;
import org.vmsched.policy.edf.EdfPolicy;
import org.vmsched.policy.fp.FpNoBudgetPolicy;
import org.vmsched.policy.fp.FpPolicy;
import org.vmsched.policy.fp.RmPolicy;
import org.vmsched.policy.globaledf.GlobalEdfPolicy;
import org.vmsched.policy.share.ProportionalSharePolicy;
import org.vmsched.policy.spi.PolicyModule;

/**
 * The hypervisor policies VMSched knows, in the order a list offers them: the one list where a
 * policy is registered ({@link #BUILT_IN}). A registry is an immutable value: a test that adds a
 * policy makes its own with {@link #with} and passes it where a policy is looked up by id (the
 * JSON reader), so nothing global changes under other tests running at the same time. Thread-safe.
 */
public final class PolicyRegistry {

    /** The built-in policies: adding one here (and its module) is all the main code needs. */
    public static final PolicyRegistry BUILT_IN = new PolicyRegistry(List.of(new EdfPolicy(), new RmPolicy(),
            new FpPolicy(), new CreditPolicy(), new ProportionalSharePolicy(), new CbsPolicy(), new FpNoBudgetPolicy(),
            new GlobalEdfPolicy()));

    private final List<PolicyModule> modules;

    private PolicyRegistry(List<PolicyModule> modules) {
        this.modules = List.copyOf(modules);
    }

    /** This registry and {@code module}; its id must be new. */
    public PolicyRegistry with(PolicyModule module) {
        if (find(module.id()) != null) {
            throw new IllegalArgumentException("a policy with id " + module.id() + " is already registered");
        }
        List<PolicyModule> out = new ArrayList<>(modules);
        out.add(module);
        return new PolicyRegistry(out);
    }

    /** The modules, in list order. */
    public List<PolicyModule> modules() {
        return modules;
    }

    /** The policies, in list order. */
    public List<HypervisorPolicy> policies() {
        return modules.stream().map(PolicyModule::policy).toList();
    }

    /** The policy with file id {@code id}, or null. */
    public HypervisorPolicy find(String id) {
        for (PolicyModule m : modules) {
            if (m.id().equals(id)) {
                return m.policy();
            }
        }
        return null;
    }

    /** The ids of the policies that pass {@code which}, as a message lists them: "CREDIT, CBS and FP". */
    public String ids(Predicate<PolicyModule> which) {
        List<String> ids = modules.stream().filter(which).map(PolicyModule::id).toList();
        if (ids.size() <= 1) {
            return String.join("", ids);
        }
        return String.join(", ", ids.subList(0, ids.size() - 1)) + " and " + ids.get(ids.size() - 1);
    }
}
