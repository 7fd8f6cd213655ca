package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.chart.ExportOptions;

/** The export dialog's fields: each problem names its field; the printed size is what a reader gets. */
class ExportOptionsDialogTest {

    @Test
    void wrongFieldsAreNamedAndGiveNoOptions() {
        ExportOptionsDialog.Parsed p = ExportOptionsDialog.parse("60O", "", "12");
        assertNull(p.options());
        assertEquals(List.of("width must be a whole number, got \"60O\"", "height is missing"), p.problems());
        p = ExportOptionsDialog.parse("600", "400", "abc");
        assertEquals(List.of("font size must be a number, got \"abc\""), p.problems());
        p = ExportOptionsDialog.parse("600", "400", "3");
        assertEquals(List.of("font size must be between 4 and 200, got 3"), p.problems());
        p = ExportOptionsDialog.parse("600", "150", "20");
        assertTrue(p.problems().get(0).startsWith("font size 20 leaves no room for the plot in 600 × 150"), p.problems().toString());
    }

    @Test
    void goodFieldsGiveOptionsAndTheirPrintedSize() {
        ExportOptionsDialog.Parsed p = ExportOptionsDialog.parse(" 600 ", "400", "16,5");
        assertEquals(new ExportOptions(600, 400, 16.5f), p.options());
        assertTrue(p.problems().isEmpty());
        String text = ExportOptionsDialog.printedText(ExportOptions.defaults());
        // 17 on 600 wide, printed 252 pt wide: 7.1 pt
        assertTrue(text.contains("one journal column wide (3.5 in), the tick text is 7.1 pt"), text);
    }
}
