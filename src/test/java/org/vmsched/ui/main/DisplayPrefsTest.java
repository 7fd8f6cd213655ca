package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** View > High Contrast for a projector, kept for the next session (issue 30, item 12). */
class DisplayPrefsTest {

    @Test
    void highContrastTogglesAndTheNextSessionStartsWithIt() throws Exception {
        Map<String, String> kept = new HashMap<>();
        DisplayPrefs first = new DisplayPrefs(DisplayPrefs.Store.over(kept));
        assertFalse(first.highContrastProperty().get(), "off until asked for");
        first.toggleHighContrast();
        assertTrue(first.highContrastProperty().get());
        assertTrue(new DisplayPrefs(DisplayPrefs.Store.over(kept)).highContrastProperty().get(), "the next session starts high-contrast");
        first.toggleHighContrast();
        assertFalse(new DisplayPrefs(DisplayPrefs.Store.over(kept)).highContrastProperty().get());
        assertNotNull(DisplayPrefs.class.getResource(DisplayPrefs.HIGH_CONTRAST_CSS), "the theme's style sheet is bundled");
    }

    @Test
    void theMainViewModelCarriesTheWindowsDisplayChoices() throws Exception {
        MainViewModel vm = MainViewModelTest.thesisExample();
        assertFalse(vm.display().highContrastProperty().get());
        DisplayPrefs kept = DisplayPrefs.inMemory();
        kept.toggleHighContrast();
        vm.useDisplay(kept);
        assertEquals(kept, vm.display());
        assertTrue(vm.display().highContrastProperty().get());
    }
}
