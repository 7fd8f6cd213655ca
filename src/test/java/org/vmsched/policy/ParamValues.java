package org.vmsched.policy;

import org.vmsched.policy.spi.SchemaValues;


/** Tests' reads of a policy's parameter values by name (the model holds them as schema values). */
public final class ParamValues {

    private ParamValues() {
    }

    /** The value named {@code name} of hypervisor or VM parameters ({@link Integer}, {@link Double}, ...). */
    public static Object value(Object params, String name) {
        return SchemaValues.of(params).get(name);
    }

    /** The number named {@code name}. */
    public static double number(Object params, String name) {
        return ((Number) value(params, name)).doubleValue();
    }

    /** The whole number named {@code name}. */
    public static int integer(Object params, String name) {
        return ((Number) value(params, name)).intValue();
    }
}
