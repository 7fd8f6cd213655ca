package org.vmsched.model;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules of the version-2 policy parameters ({@link HypervisorParams}, {@link VmParams}),
 * reported with their JSON paths; part of {@link ScenarioValidator}. Stateless.
 */
final class PolicyValidator {

    private PolicyValidator() {
    }

    static void platform(List<Problem> out, Scenario s) {
        HypervisorParams hp = s.hypervisor().params();
        if (hp == null || hp.policy() != s.hypervisor().policy()) {
            return;
        }
        String p = "hypervisor.params";
        if (hp instanceof HypervisorParams.Credit c) {
            ScenarioValidator.positive(out, p + ".tick", c.tick());
            ScenarioValidator.positive(out, p + ".accountingPeriod", c.accountingPeriod());
            ScenarioValidator.positive(out, p + ".timeSlice", c.timeSlice());
            ScenarioValidator.nonNegative(out, p + ".ratelimit", c.ratelimit());
            if (ScenarioValidator.valid(c.timeSlice()) && Double.isFinite(c.ratelimit()) && c.ratelimit() > c.timeSlice()) {
                out.add(new Problem(p + ".ratelimit", "must not exceed the time slice " + Numbers.exact(c.timeSlice())
                        + ", got " + Numbers.exact(c.ratelimit())));
            }
        } else if (hp instanceof HypervisorParams.Share sh) {
            ScenarioValidator.positive(out, p + ".quantum", sh.quantum());
        }
        if (s.hypervisor().policy() == HypervisorPolicy.PROPORTIONAL_SHARE) {
            // like ESXi and Hyper-V, refuse to "power on" more reservation than a core has
            Map<Integer, Double> reserved = new HashMap<>();
            for (VirtualMachine vm : s.vms()) {
                if (vm.params() instanceof VmParams.Share sv && Double.isFinite(sv.reservation())) {
                    reserved.merge(vm.core(), sv.reservation(), Double::sum);
                }
            }
            reserved.forEach((core, r) -> {
                if (r > 100 + 1e-9) {
                    out.add(new Problem("vms", "the reservations on core " + core + " add up to "
                            + Numbers.exact(r) + " %, more than the 100 % a core has"));
                }
            });
        }
    }

    static void vm(List<Problem> out, String vp, Scenario s, VirtualMachine vm) {
        VmParams params = vm.params();
        if (params == null || params.policy() != s.hypervisor().policy()) {
            return;
        }
        String p = vp + ".params";
        if (params instanceof VmParams.Credit c) {
            if (c.weight() < 1 || c.weight() > 65535) {
                out.add(new Problem(p + ".weight", "must be between 1 and 65535, got " + c.weight()));
            }
            percent(out, p + ".cap", c.cap(), true);
        } else if (params instanceof VmParams.Share sh) {
            if (sh.shares() < 1) {
                out.add(new Problem(p + ".shares", "must be at least 1, got " + sh.shares()));
            }
            percent(out, p + ".reservation", sh.reservation(), true);
            percent(out, p + ".limit", sh.limit(), false);
            if (Double.isFinite(sh.reservation()) && Double.isFinite(sh.limit()) && sh.reservation() > sh.limit()) {
                out.add(new Problem(p + ".reservation", "must not exceed the limit " + Numbers.exact(sh.limit())
                        + " %, got " + Numbers.exact(sh.reservation())));
            }
        } else if (params instanceof VmParams.Cbs cbs && cbs.deadline() != null) {
            double d = cbs.deadline();
            ScenarioValidator.positive(out, p + ".deadline", d);
            if (ScenarioValidator.valid(d) && ScenarioValidator.valid(vm.budget()) && d < vm.budget()) {
                out.add(new Problem(p + ".deadline", "must be at least the budget (runtime) " + Numbers.exact(vm.budget())
                        + ", got " + Numbers.exact(d)));
            }
            if (ScenarioValidator.valid(d) && ScenarioValidator.valid(vm.period()) && d > vm.period()) {
                out.add(new Problem(p + ".deadline", "must not exceed the period " + Numbers.exact(vm.period())
                        + ", got " + Numbers.exact(d)));
            }
        }
    }

    /** A percentage of one CPU: 0 (when allowed) up to 100. */
    private static void percent(List<Problem> out, String path, double x, boolean zeroAllowed) {
        if (!Double.isFinite(x)) {
            out.add(new Problem(path, "must be a finite number, got " + Numbers.exact(x)));
        } else if (x < 0 || (!zeroAllowed && x == 0) || x > 100) {
            out.add(new Problem(path, "must be a percentage of one CPU, " + (zeroAllowed ? "0" : "above 0")
                    + " to 100, got " + Numbers.exact(x)));
        }
    }
}
