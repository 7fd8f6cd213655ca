package org.vmsched.analysis.hier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vmsched.analysis.hier.ShareDelayBounds.CreditParams;

/** The delay bounds of Credit and proportional share, in microseconds. */
class ShareDelayBoundsTest {

    /** One CPU-load VM beside: one 30 ms slice (the seed measured 30.16 ms). */
    @Test
    void creditDefaultWithOneCompetitorIsOneSlice() {
        DelayBound d = ShareDelayBounds.credit(CreditParams.xenDefaults(1000), 1, 0);
        assertFalse(d.hardGuarantee());
        assertEquals(30_000, d.bound());
        assertTrue(d.statement().startsWith("Credit gives no hard guarantee"));
    }

    /** Three competitors, 1 ms slice, 5 µs per switch: 3 × 1005 + 5. */
    @Test
    void creditCountsEverySwitch() {
        CreditParams p = CreditParams.xenDefaults(1000).withTimeSlice(1000);
        assertEquals(3 * 1005 + 5, ShareDelayBounds.credit(p, 3, 5).bound());
        assertEquals(1000 + 10, ShareDelayBounds.creditBoosted(p, 5));
    }

    @Test
    void proportionalSharePresets() {
        assertEquals(50_000, ShareDelayBounds.proportionalShare(ShareParams.esxi(1000), 1, 0).bound());
        assertEquals(30_000, ShareDelayBounds.proportionalShare(ShareParams.hyperV(1000), 3, 0).bound());
        assertTrue(ShareDelayBounds.proportionalShare(new ShareParams(300, 500, 1000, 50_000), 1, 0).statement()
                .contains("long-run rate"));
    }

    @Test
    void parametersAreValidatedWithTheFieldName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CreditParams(256, 0, 10, 30, 30, 31));
        assertTrue(e.getMessage().startsWith("ratelimit"));
        e = assertThrows(IllegalArgumentException.class, () -> new ShareParams(600, 500, 1, 1));
        assertTrue(e.getMessage().startsWith("limit"));
    }
}
