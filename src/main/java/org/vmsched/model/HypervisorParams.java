package org.vmsched.model;

/**
 * Hypervisor-wide parameters of a policy, in scenario time units (the defaults are the products'
 * documented values in milliseconds, so they assume a time unit of 1 ms). The records below are
 * the built-in policies' typed views, read by their schedulers; their component names are the
 * JSON names of their policy's {@link ParamSchema}. Immutable.
 */
public interface HypervisorParams {

    /** The policy these parameters belong to. */
    HypervisorPolicy policy();

    /** The defaults of a policy, or null when it has no hypervisor-wide parameters. */
    static HypervisorParams defaults(HypervisorPolicy p) {
        return p.definition().hypervisorDefaults(java.util.Map.of());
    }

    /**
     * The parameters of a policy that keeps them in no record of its own (its
     * {@link ParamSchema#type()} is null): values by name, in schema order. Immutable.
     */
    record Values(HypervisorPolicy policy, java.util.Map<String, Object> values) implements HypervisorParams {
    }

    /**
     * Xen Credit: credits are debited from the running VM as it runs and checked every
     * {@code tick}; every {@code accountingPeriod} they are re-assigned in proportion to the
     * weights; a VM runs at most {@code timeSlice} before the next VM of its class gets the core;
     * a running VM is not preempted before it has run {@code ratelimit}; {@code boost} gives a
     * VM that wakes up with credit left priority over the UNDER and OVER VMs (Xen's BOOST).
     */
    record Credit(double tick, double accountingPeriod, double timeSlice, double ratelimit, boolean boost)
            implements HypervisorParams {

        /** Xen's defaults: 10 ms tick, 30 ms accounting period, 30 ms time slice, 1 ms ratelimit, boost on. */
        public static final Credit XEN = new Credit(10, 30, 30, 1, true);

        @Override
        public HypervisorPolicy policy() {
            return HypervisorPolicy.CREDIT;
        }
    }

    /**
     * Proportional share: a VM runs at most {@code quantum} before the scheduler picks again; the
     * preset names the product whose defaults it takes (shares 1000 and a 50 ms quantum for
     * VMware ESXi; relative weight 100 and a 10 ms quantum for Hyper-V).
     */
    record Share(Preset preset, double quantum) implements HypervisorParams {

        /** Named defaults. */
        public enum Preset {
            ESXI(1000, 50), HYPERV(100, 10), CUSTOM(1000, 10);

            private final int defaultShares;
            private final double defaultQuantum;

            Preset(int defaultShares, double defaultQuantum) {
                this.defaultShares = defaultShares;
                this.defaultQuantum = defaultQuantum;
            }

            public int defaultShares() {
                return defaultShares;
            }

            public double defaultQuantum() {
                return defaultQuantum;
            }
        }

        public static final Share ESXI = new Share(Preset.ESXI, Preset.ESXI.defaultQuantum());
        public static final Share HYPERV = new Share(Preset.HYPERV, Preset.HYPERV.defaultQuantum());

        public Share {
            preset = preset == null ? Preset.CUSTOM : preset;
        }

        @Override
        public HypervisorPolicy policy() {
            return HypervisorPolicy.PROPORTIONAL_SHARE;
        }
    }
}
