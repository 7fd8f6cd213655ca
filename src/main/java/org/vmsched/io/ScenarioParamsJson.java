package org.vmsched.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Problem;
import org.vmsched.model.VmParams;

/**
 * The {@code params} objects of scenario version 2: {@code hypervisor.params} and
 * {@code vms[i].params}, read for the policy the file names (a field another policy uses, or a
 * misspelt one, is an unknown field at its path) and written back. Stateless.
 */
final class ScenarioParamsJson {

    private ScenarioParamsJson() {
    }

    /** {@code hypervisor.params} for the policy, or null when absent. */
    static HypervisorParams hypervisorParams(StrictJsonReader r, JsonNode hv, HypervisorPolicy policy) {
        JsonNode n = hv.get("params");
        if (n == null || n.isNull()) {
            return null;
        }
        String p = "hypervisor.params";
        if (!r.object(n, p)) {
            return null;
        }
        switch (policy) {
            case CREDIT -> {
                r.fields(n, p, Set.of("tick", "accountingPeriod", "timeSlice", "ratelimit", "boost"));
                HypervisorParams.Credit d = HypervisorParams.Credit.XEN;
                boolean boost = d.boost();
                JsonNode b = n.get("boost");
                if (b != null) {
                    if (b.isBoolean()) {
                        boost = b.asBoolean();
                    } else {
                        r.problems.add(new Problem(p + ".boost", "must be true or false, got " + StrictJsonReader.kind(b)));
                    }
                }
                return new HypervisorParams.Credit(r.number(n, p, "tick", d.tick(), false),
                        r.number(n, p, "accountingPeriod", d.accountingPeriod(), false),
                        r.number(n, p, "timeSlice", d.timeSlice(), false),
                        r.number(n, p, "ratelimit", d.ratelimit(), false), boost);
            }
            case PROPORTIONAL_SHARE -> {
                r.fields(n, p, Set.of("preset", "quantum"));
                HypervisorParams.Share.Preset preset = r.enumValue(n, p, "preset", HypervisorParams.Share.Preset.class,
                        HypervisorParams.Share.Preset.ESXI);
                return new HypervisorParams.Share(preset, r.number(n, p, "quantum", preset.defaultQuantum(), false));
            }
            default -> {
                none(r, n, p, policy, "hypervisor", "CREDIT and PROPORTIONAL_SHARE");
                return null;
            }
        }
    }

    /** A params object under a policy that takes none: one problem naming the policies that do, not each field. */
    private static void none(StrictJsonReader r, JsonNode n, String p, HypervisorPolicy policy, String level, String which) {
        if (n.size() > 0) {
            r.problems.add(new Problem(p, "is not taken by policy " + policy + " (only " + which + " have " + level
                    + " parameters); remove it"));
        }
    }

    /** {@code vms[i].params} for the platform's policy, or null when absent. */
    static VmParams vmParams(StrictJsonReader r, JsonNode vm, String vp, Platform platform) {
        JsonNode n = vm.get("params");
        if (n == null || n.isNull()) {
            return null;
        }
        String p = vp + ".params";
        if (!r.object(n, p)) {
            return null;
        }
        HypervisorPolicy policy = platform.policy();
        VmParams d = VmParams.defaults(policy, platform.effectiveParams());
        switch (policy) {
            case CREDIT -> {
                r.fields(n, p, Set.of("weight", "cap"));
                VmParams.Credit c = (VmParams.Credit) d;
                return new VmParams.Credit(r.integer(n, p, "weight", c.weight(), false), r.number(n, p, "cap", c.cap(), false));
            }
            case PROPORTIONAL_SHARE -> {
                r.fields(n, p, Set.of("shares", "reservation", "limit"));
                VmParams.Share s = (VmParams.Share) d;
                return new VmParams.Share(r.integer(n, p, "shares", s.shares(), false),
                        r.number(n, p, "reservation", s.reservation(), false), r.number(n, p, "limit", s.limit(), false));
            }
            case CBS -> {
                r.fields(n, p, Set.of("deadline"));
                Double deadline = n.has("deadline") && !n.get("deadline").isNull()
                        ? r.number(n, p, "deadline", Double.NaN, true) : null;
                return new VmParams.Cbs(deadline);
            }
            default -> {
                none(r, n, p, policy, "VM", "CREDIT, PROPORTIONAL_SHARE and CBS");
                return null;
            }
        }
    }

    static void write(ObjectNode into, HypervisorParams hp) {
        if (hp instanceof HypervisorParams.Credit c) {
            ObjectNode o = into.putObject("params");
            o.put("tick", c.tick());
            o.put("accountingPeriod", c.accountingPeriod());
            o.put("timeSlice", c.timeSlice());
            o.put("ratelimit", c.ratelimit());
            o.put("boost", c.boost());
        } else if (hp instanceof HypervisorParams.Share s) {
            ObjectNode o = into.putObject("params");
            o.put("preset", s.preset().name());
            o.put("quantum", s.quantum());
        }
    }

    static void write(ObjectNode into, VmParams vp) {
        if (vp instanceof VmParams.Credit c) {
            ObjectNode o = into.putObject("params");
            o.put("weight", c.weight());
            o.put("cap", c.cap());
        } else if (vp instanceof VmParams.Share s) {
            ObjectNode o = into.putObject("params");
            o.put("shares", s.shares());
            o.put("reservation", s.reservation());
            o.put("limit", s.limit());
        } else if (vp instanceof VmParams.Cbs c && c.deadline() != null) {
            into.putObject("params").put("deadline", c.deadline());
        }
    }
}
