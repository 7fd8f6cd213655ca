package org.vmsched.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The range of a numeric option, checked by {@link OptionCheck} with every other option before a
 * command runs. Without it an option gets its type's default range (docs/reference/command-line.md, "Limits"): a
 * floating-point value 0 or between 1e-9 and 1e9 (the time values a scenario may hold), an
 * integer between 0 and 1e9.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Bounds {
    /** Least value allowed. */
    double min();

    /** Largest value allowed. */
    double max();

    /** What the value counts, for the message ("cores", "microseconds"); may be empty. */
    String unit() default "";
}
