package org.vmsched;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The coverage check fails exactly when fewer than half the counted tries applied. */
class JudgedTriesTest {

    private static JudgedTries tries(int applied, int discarded) {
        JudgedTries j = new JudgedTries();
        for (int i = 0; i < applied; i++) {
            j.assume(true);
        }
        for (int i = 0; i < discarded; i++) {
            assertThrows(TestAbortedException.class, () -> j.assume(false), "a case that does not apply is discarded");
        }
        return j;
    }

    @Test
    void halfJudgedPasses() {
        assertDoesNotThrow(tries(5, 5)::assertAtLeastHalfJudged);
        assertDoesNotThrow(tries(0, 0)::assertAtLeastHalfJudged);
    }

    @Test
    void fewerThanHalfJudgedFails() {
        assertThrows(AssertionFailedError.class, tries(4, 5)::assertAtLeastHalfJudged);
    }
}
