package org.vmsched.ui.document;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.vmsched.model.Scenario;

/**
 * A {@link ScenarioDocument} put aside by {@link ScenarioDocument#shelve()} while another scenario
 * (an exercise's) is shown, to {@link ScenarioDocument#unshelve} later: its scenario, what was
 * last saved, its file (null when none), its name, its drafts and its undo history. Its holder
 * cannot change it; ui thread only.
 */
public final class Shelf {

    private final Scenario scenario;
    private final Scenario saved;
    private final Path file;
    private final String name;
    private final Map<String, String> drafts;
    private final History history;

    Shelf(Scenario scenario, Scenario saved, Path file, String name, Map<String, String> drafts, History history) {
        this.scenario = scenario;
        this.saved = saved;
        this.file = file;
        this.name = name;
        this.drafts = Collections.unmodifiableMap(new LinkedHashMap<>(drafts));
        this.history = history;
    }

    /** The shelved scenario. */
    public Scenario scenario() {
        return scenario;
    }

    /** Its name, as the title showed it. */
    public String name() {
        return name;
    }

    /** Whether it had changes not saved (edits or typed values). */
    public boolean modified() {
        return !scenario.equals(saved) || !drafts.isEmpty();
    }

    Scenario saved() {
        return saved;
    }

    Path file() {
        return file;
    }

    Map<String, String> drafts() {
        return drafts;
    }

    History history() {
        return history;
    }
}
