package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 18: {@link BudgetSearch#shortIn} reads its roundings off one digit string instead of
 * calling {@link BigDecimal#round} for each length (a sixth of a placement's CPU); it must give
 * the double the round-based code gave, bit for bit, for every bracket.
 */
class BudgetSearchShortInTest {

    /** The code before the change, the reference. */
    static double byRound(double x, double y) {
        BigDecimal mid = new BigDecimal(0.5 * (x + y));
        for (int digits = 1; digits <= 17; digits++) {
            double d = mid.round(new MathContext(digits, RoundingMode.HALF_EVEN)).doubleValue();
            if (d >= x && d <= y) {
                return d;
            }
        }
        return 0.5 * (x + y);
    }

    @ParameterizedTest
    @CsvSource({
        "0.1, 0.3",       // 0.2: one digit
        "14.25, 14.35",   // 14.3
        "0.125, 0.125",   // a point: the mean itself
        "2.5, 2.5",       // a tie at one digit, rounded to even (2) and out of range: 2.5
        "3.5, 3.5",       // a tie rounded up to 4, out of range: 3.5
        "9.95, 9.9999",   // rounding up carries into a new digit: 10
        "1e-300, 3e-300", // tiny
        "1e300, 3e300",   // huge
        "999999.5, 1000000.5",
        "0.7562222613596532, 0.7562222613596533"})
    void agreesWithRoundOnHandPickedBrackets(double x, double y) {
        assertEquals(byRound(x, y), BudgetSearch.shortIn(x, y), 0, () -> "[" + x + ", " + y + "]");
    }

    @Property(tries = 3000)
    void agreesWithRoundOnRandomBrackets(@ForAll("lows") double x, @ForAll("widths") double relWidth) {
        double y = x + x * relWidth;
        assertEquals(Double.doubleToLongBits(byRound(x, y)), Double.doubleToLongBits(BudgetSearch.shortIn(x, y)),
                () -> "[" + x + ", " + y + "]");
    }

    @Provide
    Arbitrary<Double> lows() {
        Arbitrary<Double> anyScale = Arbitraries.doubles().between(1, 10)
                .flatMap(m -> Arbitraries.integers().between(-12, 12).map(e -> m * Math.pow(10, e)));
        // decimals of few digits, where halves and exact ties occur
        Arbitrary<Double> shortDecimals = Arbitraries.longs().between(1, 99_999)
                .flatMap(u -> Arbitraries.integers().between(0, 8).map(sc -> BigDecimal.valueOf(u, sc).doubleValue()));
        return Arbitraries.oneOf(anyScale, shortDecimals);
    }

    @Provide
    Arbitrary<Double> widths() {
        return Arbitraries.of(0.0, 1e-16, 1e-15, 1e-14, 1e-12, 1e-9, 1e-6, 1e-3, 0.05, 0.5, 1.0, 3.0);
    }
}
