package org.vmsched.policy.share;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The delay bounds of proportional share, in microseconds (Credit's: {@code CreditDelayBoundsTest}). */
class ShareDelayBoundsTest {

    @Test
    void proportionalSharePresets() {
        assertEquals(50_000, ShareDelayBounds.proportionalShare(ShareParams.esxi(1000), 1, 0).bound());
        assertEquals(30_000, ShareDelayBounds.proportionalShare(ShareParams.hyperV(1000), 3, 0).bound());
        assertTrue(ShareDelayBounds.proportionalShare(new ShareParams(300, 500, 1000, 50_000), 1, 0).statement()
                .contains("long-run rate"));
    }

    @Test
    void parametersAreValidatedWithTheFieldName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ShareParams(600, 500, 1, 1));
        assertTrue(e.getMessage().startsWith("limit"));
    }
}
