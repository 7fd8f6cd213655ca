package org.vmsched.ui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The middle column's rule: each pane its need, the rest half to the middle and half to the bottom; short, in proportion. */
class KeptDividersTest {

    /** The three panes' heights that {@code positions} give a split of {@code height} with dividers {@code divider} thick. */
    static double[] panes(double height, double divider, double[] positions) {
        double top = positions[0] * height - divider / 2;
        double middle = (positions[1] - positions[0]) * height - divider;
        double bottom = height - positions[1] * height - divider / 2;
        return new double[] {top, middle, bottom};
    }

    @ParameterizedTest
    @CsvSource({
        // height, divider, needs (top, middle, bottom), heights they get
        "708, 8, 162, 221, 253, 162, 249, 281", // 1024x768: 56 px left over, half each
        "660, 8, 162, 221, 189, 162, 257, 225", // 1280x720: 72 px left over
        "400, 10, 95, 95, 190, 95, 95, 190", // exactly enough
        "210, 10, 95, 95, 190, 47.5, 47.5, 95", // half of what they need: each half its need
    })
    void eachPaneGetsItsNeedAndTheRestIsShared(double height, double divider, double top, double middle, double bottom,
                                                double wantTop, double wantMiddle, double wantBottom) {
        double[] got = panes(height, divider, KeptDividers.threeWay(height, divider, top, middle, bottom));
        assertEquals(wantTop, got[0], 1e-9, "top");
        assertEquals(wantMiddle, got[1], 1e-9, "middle");
        assertEquals(wantBottom, got[2], 1e-9, "bottom");
    }
}
