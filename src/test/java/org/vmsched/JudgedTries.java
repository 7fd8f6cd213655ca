package org.vmsched;

import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Assume;

/**
 * Coverage check for a jqwik property whose generated cases do not all apply: each try calls
 * {@link #assume(boolean)} once (a jqwik assumption, so a case that does not apply is discarded,
 * never silently passed), and {@link #assertAtLeastHalfJudged()}, called from the
 * container's {@code @AfterProperty}, fails the property when fewer than half its tries were
 * judged. jqwik's own {@code maxDiscardRatio} cannot say "half": it fails only when
 * {@code discarded / checked} in integer division exceeds the ratio, so ratio 1 still allows
 * two discards per check. jqwik makes one container instance per property, so a field of this
 * type counts one property's tries.
 */
public final class JudgedTries {
    private int tries;
    private int judged;

    /** Counts this try, and discards it (jqwik assumption) unless the generated case applies. */
    public void assume(boolean applies) {
        tries++;
        if (applies) {
            judged++;
        }
        Assume.that(applies);
    }

    /** Fails when fewer than half the counted tries applied: the generator misses the property. */
    public void assertAtLeastHalfJudged() {
        assertTrue(2L * judged >= tries, () -> "the property judged only " + judged + " of " + tries
                + " tries (fewer than half): constrain its generator rather than discard");
    }
}
