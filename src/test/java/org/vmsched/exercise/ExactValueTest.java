package org.vmsched.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ExactValueTest {

    @ParameterizedTest
    @CsvSource({"14, 14, RIGHT", "22/3, 22/3, RIGHT", "44/6, 22/3, RIGHT", "7.333, 22/3, ROUNDED", "7.33, 22/3, ROUNDED",
            "7.334, 22/3, ROUNDED", "7.3, 22/3, ROUNDED", "7.32, 22/3, WRONG", "7, 22/3, WRONG", "7.5, 15/2, RIGHT",
            "7.50, 15/2, RIGHT", "7.4, 15/2, WRONG", "-0.5, -1/2, RIGHT", "−3, -3, RIGHT"})
    void anAnswerIsRightRoundedOrWrong(String typed, String expected, ExactValue.Match match) {
        assertEquals(match, ExactValue.parse("answer 1", typed).against(ExactValue.parse("expected", expected)));
    }

    @ParameterizedTest
    @CsvSource({"yes, yes, RIGHT", "No, no, RIGHT", "' yes ', yes, RIGHT", "yes, no, WRONG"})
    void aWordStepTakesItsChoicesInAnyCase(String typed, String expected, ExactValue.Match match) {
        Step verdict = new Step("verdict", "meets?", "R ≤ D", v -> null, java.util.List.of("yes", "no"));
        assertEquals(match, verdict.read("answer 9", typed).against(ExactValue.word(expected)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"NaN", "Infinity", "-inf", "1e3", "1/0", "", "  ", "3 apples", "0x10", "1,5", "two", "yes",
            "123456789012345678901234567890123456789012"})
    void whatIsNoNumberOrWordIsRefusedNamingTheField(String typed) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExactValue.parse("answer 4", typed));
        assertTrue(e.getMessage().startsWith("answer 4 "), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"3", "maybe", "", "NaN"})
    void aWordStepRefusesWhatIsNotOneOfItsChoices(String typed) {
        Step verdict = new Step("verdict", "meets?", "R ≤ D", v -> null, java.util.List.of("yes", "no"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> verdict.read("answer 9", typed));
        assertTrue(e.getMessage().startsWith("answer 9 must be yes or no, got "), e.getMessage());
    }

    @Test
    void aValueIsWrittenAsAPersonWritesIt() {
        assertEquals("14", ExactValue.text(new BigFraction(14)));
        assertEquals("7.5", ExactValue.text(new BigFraction(15, 2)));
        assertEquals("0.125", ExactValue.text(new BigFraction(1, 8)));
        assertEquals("22/3", ExactValue.text(new BigFraction(22, 3)));
        assertEquals("-1.5", ExactValue.text(new BigFraction(-3, 2)));
    }
}
