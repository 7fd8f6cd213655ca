package org.vmsched.exercise;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Sets every property of a kind test to {@code -Dexercise.tries} tries when that is given (the
 * {@code long-exercise} profile of pom.xml), overriding the annotation's own count, which the
 * suite keeps. A {@code tries = 1000} on {@code @Property} wins over {@code jqwik.tries.default},
 * so the count is changed here, on the property's attributes before it runs. Stateless.
 */
public final class ExerciseTries implements AroundPropertyHook {

    /** The system property naming the tries of each property. */
    static final String PROPERTY = "exercise.tries";

    /** From the test class, where it is added, to each of its properties. */
    @Override
    public PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        Integer tries = Integer.getInteger(PROPERTY);
        if (tries != null && tries > 0) {
            context.attributes().setTries(tries);
        }
        return property.execute();
    }
}
