package org.vmsched.ui.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.junit.jupiter.api.Test;

/** The one guard between a model's value shown in a field and what the user types. Plain JUnit. */
class DraftFieldTest {

    @Test
    void showingTheModelIsNotTypingAndTextThatMeansTheModelValueStays() {
        StringProperty text = new SimpleStringProperty("");
        List<String> typed = new ArrayList<>();
        DraftField<String> f = DraftField.text(text, typed::add);
        f.show("10");
        assertEquals("10", text.get());
        assertEquals(List.of(), typed, "the model's value shown is not reported back");
        text.set("10.0");
        assertEquals(List.of("10.0"), typed);
        f.show("10");
        assertEquals("10.0", text.get(), "\"10.0\" already means 10: not rewritten under the cursor");
        f.show("12");
        assertEquals("12", text.get());
        f.showAnyway("12.0");
        assertEquals("12.0", text.get());
        assertEquals(List.of("10.0"), typed);
    }

    @Test
    void sameTextIsTheSameWordsOrTheSameNumber() {
        assertTrue(DraftField.sameText(" 1e3", "1000"));
        assertTrue(DraftField.sameText("VM1", "VM1 "));
        assertFalse(DraftField.sameText("4x", "4"));
        assertFalse(DraftField.sameText("", "0"));
    }
}
