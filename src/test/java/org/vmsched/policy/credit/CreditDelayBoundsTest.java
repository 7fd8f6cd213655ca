package org.vmsched.policy.credit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vmsched.analysis.hier.DelayBound;
import org.vmsched.policy.credit.CreditDelayBounds.CreditParams;

/** The delay bounds of Credit, in microseconds (proportional share's: {@code ShareDelayBoundsTest}). */
class CreditDelayBoundsTest {

    /** One CPU-load VM beside: one 30 ms slice (the seed measured 30.16 ms). */
    @Test
    void creditDefaultWithOneCompetitorIsOneSlice() {
        DelayBound d = CreditDelayBounds.credit(CreditParams.xenDefaults(1000), 1, 0);
        assertFalse(d.hardGuarantee());
        assertEquals(30_000, d.bound());
        assertTrue(d.statement().startsWith("Credit gives no hard guarantee"));
    }

    /** Three competitors, 1 ms slice, 5 µs per switch: 3 × 1005 + 5. */
    @Test
    void creditCountsEverySwitch() {
        CreditParams p = CreditParams.xenDefaults(1000).withTimeSlice(1000);
        assertEquals(3 * 1005 + 5, CreditDelayBounds.credit(p, 3, 5).bound());
        assertEquals(1000 + 10, CreditDelayBounds.creditBoosted(p, 5));
    }

    @Test
    void parametersAreValidatedWithTheFieldName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CreditParams(256, 0, 10, 30, 30, 31));
        assertTrue(e.getMessage().startsWith("ratelimit"));
    }
}
