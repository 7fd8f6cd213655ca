package org.vmsched.ui.main;

import java.util.HashMap;
import java.util.Map;
import java.util.prefs.Preferences;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * How the window looks, kept between sessions with the recent files: for now the high-contrast
 * theme for a projector (View > High Contrast), black on white with thick lines. Backed by
 * java.util.prefs in the application and by memory in tests. Ui thread only.
 */
public final class DisplayPrefs {

    /** The style sheet the high-contrast theme adds over the window's own. */
    public static final String HIGH_CONTRAST_CSS = "/org/vmsched/ui/high-contrast.css";

    /** Where the choices are kept: a preferences node, or a map in tests. */
    public interface Store {
        String get(String key);

        void put(String key, String value);

        /** A store over {@code m} (in memory; a test keeps the map to start a second session with it). */
        static Store over(Map<String, String> m) {
            return new Store() {
                @Override
                public String get(String key) {
                    return m.get(key);
                }

                @Override
                public void put(String key, String value) {
                    m.put(key, value);
                }
            };
        }
    }

    static final String HIGH_CONTRAST = "highContrast";

    private final Store store;
    private final BooleanProperty highContrast = new SimpleBooleanProperty(false);

    /** Choices read from {@code store} and written back to it at each change. */
    public DisplayPrefs(Store store) {
        this.store = store;
        highContrast.set(Boolean.parseBoolean(store.get(HIGH_CONTRAST)));
        highContrast.addListener((o, a, on) -> store.put(HIGH_CONTRAST, Boolean.toString(on)));
    }

    /** Kept in the user's preferences (where the recent files are); in memory when they cannot be used. */
    public static DisplayPrefs persistent() {
        try {
            Preferences node = Preferences.userRoot().node("org/vmsched/ui");
            return new DisplayPrefs(new Store() {
                @Override
                public String get(String key) {
                    return node.get(key, null);
                }

                @Override
                public void put(String key, String value) {
                    node.put(key, value);
                }
            });
        } catch (SecurityException | IllegalStateException e) {
            return inMemory();
        }
    }

    /** Kept in memory only. */
    public static DisplayPrefs inMemory() {
        return new DisplayPrefs(Store.over(new HashMap<>()));
    }

    /** True while the high-contrast theme is on. */
    public BooleanProperty highContrastProperty() {
        return highContrast;
    }

    /** View > High Contrast: on, or off again. */
    public void toggleHighContrast() {
        highContrast.set(!highContrast.get());
    }
}
