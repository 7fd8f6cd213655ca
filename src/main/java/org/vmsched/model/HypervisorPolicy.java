package org.vmsched.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How the hypervisor divides each core among its VMs: the identity of a hypervisor policy (its
 * JSON id, e.g. {@code "CREDIT"}) bound to its {@link Definition}. The definitions live in the
 * {@code org.vmsched.policy} package, one class per policy in one list; the model cannot depend on
 * that package, so it reaches them through the {@link Definition} interface: a policy object
 * built from a definition carries it, and the built-in constants below find theirs by id in the
 * {@link Catalog} that the policy package provides (a {@link ServiceLoader} service, read once).
 * Two policies are equal when their ids are. Immutable, thread-safe.
 *
 * <ul>
 *   <li>{@link #EDF}, {@link #RM}, {@link #FP}: every VM is a budgeted server (budget C every
 *       period T, periodic or deferrable per {@link ServerPolicy}), ordered by VM deadline, VM
 *       period, or the VM's {@code priority} (1 is the highest). Scenario version 1.</li>
 *   <li>{@link #CBS}: hard constant-bandwidth servers under EDF of their server deadlines (Linux
 *       SCHED_DEADLINE). Version 2.</li>
 *   <li>{@link #FP_NO_BUDGET}: VMs at fixed priorities with no budget (FP/FP). Version 2.</li>
 *   <li>{@link #CREDIT}: Xen's Credit scheduler. Version 2.</li>
 *   <li>{@link #PROPORTIONAL_SHARE}: proportional share with reservation and limit (VMware ESXi, Hyper-V).
 *       Version 2.</li>
 *   <li>{@link #GLOBAL_EDF}: every virtual CPU of every VM a budgeted server, all scheduled on all
 *       cores by earliest server deadline (Xen RTDS); VMs may have several virtual CPUs. Version 2.</li>
 * </ul>
 */
public final class HypervisorPolicy {

    /**
     * What the model and the front ends know of a policy: its names, traits, parameter schemas and
     * the rules between its parameters. The policy package's modules implement it (and add the
     * simulator's scheduler, the analysis entry and the narration words). Implementations are
     * immutable and thread-safe.
     */
    public interface Definition {

        /** The id written in files ({@code "CREDIT"}): capitals, digits and underscores. */
        String id();

        /** A short name for a narrow box, a tree label or a message: "EDF", "Xen Credit". */
        String title();

        /** What the policy is, in a line for a list to choose from. */
        String description();

        /**
         * The name for a box 100 px wide when {@link #title()} does not fit ("Credit" for "Xen
         * Credit"): at most 7 characters, never shared with another policy's title.
         */
        default String tinyTitle() {
            return title();
        }

        /** The VM editor's label of a VM's {@code period} under this policy. */
        default String periodLabel() {
            return "Period T_VM";
        }

        /** The VM editor's label of a VM's {@code budget} under this policy. */
        default String budgetLabel() {
            return "Budget C_VM";
        }

        /** True when the VM's {@code budget} and {@code period} mean something under this policy. */
        boolean usesBudget();

        /** True when each VM needs a {@code priority}. */
        boolean usesPriority();

        /** True for the budgeted periodic/deferrable servers of version 1 (EDF, RM, FP). */
        default boolean periodicServers() {
            return false;
        }

        /**
         * True when the policy schedules every virtual CPU of every VM on all the scenario's cores
         * at once (global EDF, Xen RTDS): VMs may then have several virtual CPUs and their
         * {@code core} is not used.
         */
        default boolean global() {
            return false;
        }

        /** The first scenario schema version that knows this policy. */
        default int schemaVersion() {
            return 2;
        }

        /**
         * Why the periodic-server analysis (good periods, Tmax, the supply charts) does not apply,
         * in a sentence for the user; null where it does (EDF, RM, FP).
         */
        String noAnalysisReason();

        /**
         * A VM's reservation deadline when it is not its period (CBS's relative deadline D,
         * SCHED_DEADLINE's sched_deadline), or null: what {@code export-config} writes beside the
         * runtime and the period.
         */
        default Double reservationDeadline(VirtualMachine vm) {
            return null;
        }

        /** {@code vm} with its reservation deadline set to {@code d}; called only where {@link #reservationDeadline} gave one. */
        default VirtualMachine withReservationDeadline(VirtualMachine vm, double d) {
            return vm;
        }

        /** The hypervisor-wide parameters ({@code hypervisor.params}). */
        default ParamSchema hypervisorSchema() {
            return ParamSchema.NONE;
        }

        /** The per-VM parameters ({@code vms[i].params}). */
        default ParamSchema vmSchema() {
            return ParamSchema.NONE;
        }

        /**
         * The hypervisor parameters in force when the file gives only {@code given} (names to
         * values; a preset may choose the others' defaults); null when the policy has none.
         */
        default HypervisorParams hypervisorDefaults(Map<String, Object> given) {
            return null;
        }

        /** A VM's parameters in force when it gives none, under hypervisor parameters {@code hp}; null for none. */
        default VmParams vmDefaults(HypervisorParams hp) {
            return null;
        }

        /**
         * The rules between parameters that each parameter's own bounds do not say (one at most
         * another, the reservations of a core at most 100 %), added to {@code out} with
         * their JSON paths. Called for a scenario under this policy.
         */
        default void validate(Scenario s, List<Problem> out) {
        }

        /**
         * The rules between one VM's parameters (and its budget and period), after each parameter's
         * own bounds; {@code path} is the VM's params path ({@code "vms[2].params"}).
         */
        default void validateVm(Scenario s, String path, VirtualMachine vm, List<Problem> out) {
        }
    }

    /** The built-in policies' definitions, provided by the policy package as a {@link ServiceLoader} service. */
    public interface Catalog {

        /** The definitions, in the order a list offers them. */
        List<Definition> definitions();
    }

    /** The constants below by id, filled as each is made (so they are not listed a second time). */
    private static final Map<String, HypervisorPolicy> CONSTANTS = new ConcurrentHashMap<>();

    public static final HypervisorPolicy EDF = new HypervisorPolicy("EDF");
    public static final HypervisorPolicy RM = new HypervisorPolicy("RM");
    public static final HypervisorPolicy FP = new HypervisorPolicy("FP");
    public static final HypervisorPolicy CBS = new HypervisorPolicy("CBS");
    public static final HypervisorPolicy FP_NO_BUDGET = new HypervisorPolicy("FP_NO_BUDGET");
    public static final HypervisorPolicy CREDIT = new HypervisorPolicy("CREDIT");
    public static final HypervisorPolicy PROPORTIONAL_SHARE = new HypervisorPolicy("PROPORTIONAL_SHARE");
    public static final HypervisorPolicy GLOBAL_EDF = new HypervisorPolicy("GLOBAL_EDF");

    private final String id;
    /** Bound at construction, or (built-in constants) found in the catalog on first use. */
    private volatile Definition definition;

    /** The policy a definition describes (a module's own identity). */
    public HypervisorPolicy(Definition definition) {
        this.id = definition.id();
        this.definition = definition;
    }

    private HypervisorPolicy(String id) {
        this.id = id;
        CONSTANTS.put(id, this);
    }

    /** The built-in policies, in the catalog's order. */
    public static List<HypervisorPolicy> values() {
        List<HypervisorPolicy> out = new ArrayList<>();
        for (Definition d : BuiltIn.DEFINITIONS) {
            out.add(interned(d));
        }
        return out;
    }

    /** The built-in policy with file id {@code id}, or null. */
    public static HypervisorPolicy builtIn(String id) {
        for (Definition d : BuiltIn.DEFINITIONS) {
            if (d.id().equals(id)) {
                return interned(d);
            }
        }
        return null;
    }

    /** The constant of a built-in definition, so that {@code ==} between built-in policies keeps working. */
    private static HypervisorPolicy interned(Definition d) {
        HypervisorPolicy constant = CONSTANTS.get(d.id());
        return constant != null ? constant : new HypervisorPolicy(d);
    }

    /** The id written in files ({@code "FP_NO_BUDGET"}). */
    public String id() {
        return id;
    }

    /** The id, as the enum this class replaces named it. */
    public String name() {
        return id;
    }

    /** The definition (names, traits, schemas, rules). */
    public Definition definition() {
        Definition d = definition;
        if (d == null) {
            for (Definition x : BuiltIn.DEFINITIONS) {
                if (x.id().equals(id)) {
                    d = x;
                }
            }
            if (d == null) {
                throw new IllegalStateException("no definition of hypervisor policy " + id + " in the catalog");
            }
            definition = d;
        }
        return d;
    }

    /** A short human name: "EDF", "CBS", "FP, no budgets", "Xen Credit", "Prop. share". */
    public String title() {
        return definition().title();
    }

    /** The name for a narrow box when the title does not fit: "Credit", "G-EDF", "FP/FP". */
    public String tinyTitle() {
        return definition().tinyTitle();
    }

    /**
     * The title without its closing parenthesis ("Global EDF" for "Global EDF (Xen RTDS)"), for
     * places one line must hold it; the title itself when it has none.
     */
    public String shortTitle() {
        return title().replaceFirst(" \\([^()]*\\)$", "");
    }

    /** What the policy is, in a line for a list to choose from. */
    public String description() {
        return definition().description();
    }

    /** The VM editor's label of a VM's period: "Period T_VM", CBS's "Period P". */
    public String periodLabel() {
        return definition().periodLabel();
    }

    /** The VM editor's label of a VM's budget: "Budget C_VM", CBS's "Runtime Q". */
    public String budgetLabel() {
        return definition().budgetLabel();
    }

    /** True for the budgeted periodic/deferrable servers of version 1 (EDF, RM, FP). */
    public boolean periodicServers() {
        return definition().periodicServers();
    }

    /** True when the VM's {@code budget} and {@code period} mean something under this policy. */
    public boolean usesBudget() {
        return definition().usesBudget();
    }

    /** True when each VM needs a {@code priority}. */
    public boolean usesPriority() {
        return definition().usesPriority();
    }

    /** See {@link Definition#global()}. */
    public boolean global() {
        return definition().global();
    }

    /** The first scenario schema version that knows this policy. */
    public int schemaVersion() {
        return definition().schemaVersion();
    }

    /** See {@link Definition#noAnalysisReason()}. */
    public String noAnalysisReason() {
        return definition().noAnalysisReason();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HypervisorPolicy p && p.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    /** The file id; a message for people says {@link #title()}. */
    @Override
    public String toString() {
        return id;
    }

    /** The catalog, read once on first use (lazy holder: the constants above exist before it). */
    private static final class BuiltIn {
        static final List<Definition> DEFINITIONS = load();

        private static List<Definition> load() {
            List<Definition> out = new ArrayList<>();
            for (Catalog c : ServiceLoader.load(Catalog.class, HypervisorPolicy.class.getClassLoader())) {
                out.addAll(c.definitions());
            }
            return List.copyOf(out);
        }
    }
}
