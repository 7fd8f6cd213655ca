package org.vmsched.ui.document;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;

/**
 * The problems of a {@link ScenarioDocument} by JSON path, the validator's and those of the text
 * typed but not in the model, in the window's words: in document order, as sentences, and whether
 * they leave the scenario savable or analysable. The document's own; ui thread only.
 */
final class DocumentProblems {

    private final ObservableMap<String, String> byPath = FXCollections.observableHashMap();
    private final ObservableMap<String, String> view = FXCollections.unmodifiableObservableMap(byPath);

    /** The problems of {@code s} and of {@code drafts} typed into it, in place of those before. */
    void refresh(Scenario s, Drafts drafts, ScenarioDocument.FieldTyping typing) {
        Map<String, String> all = new LinkedHashMap<>();
        // the validator speaks a file's words (vcpus, GLOBAL_RM), the window its own (vCPUs, Global RM)
        for (Problem p : ScenarioValidator.validate(s)) {
            all.putIfAbsent(p.path(), ScenarioPaths.inWindowWords(p.message()));
        }
        drafts.forEach((path, text) -> all.put(path, ScenarioPaths.inWindowWords(typing.problem(s, path, text))));
        byPath.clear();
        byPath.putAll(all);
    }

    /** Problems by JSON path; read-only. */
    ObservableMap<String, String> view() {
        return view;
    }

    /** The problem at {@code path}, or null. */
    String at(String path) {
        return byPath.get(path);
    }

    /** The problem paths in document order (vms[2] before vms[10]). */
    List<String> paths() {
        List<String> paths = new ArrayList<>(byPath.keySet());
        paths.sort(Comparator.comparing(ScenarioPaths::sortKey));
        return paths;
    }

    /** See {@link ScenarioDocument#problemsInWords()}; {@code s} names the paths. */
    List<String> inWords(Scenario s) {
        List<String> out = new ArrayList<>();
        for (String path : paths()) {
            out.add(ScenarioPaths.inWords(s, path) + " " + byPath.get(path));
        }
        return out;
    }

    /** See {@link ScenarioDocument#checkSavable()}; {@code s} names the paths, {@code name} the document. */
    void checkSavable(Scenario s, String name) throws InvalidScenarioException {
        if (byPath.isEmpty()) {
            return;
        }
        List<Problem> list = new ArrayList<>();
        for (String path : paths()) {
            list.add(new Problem(ScenarioPaths.inWords(s, path), byPath.get(path)));
        }
        throw new InvalidScenarioException(name, list);
    }

    /** See {@link ScenarioDocument#invalidReason()}; {@code s} names the paths. */
    String invalidReason(Scenario s) {
        if (byPath.isEmpty()) {
            return null;
        }
        String first = paths().get(0);
        return (byPath.size() == 1 ? "1 problem: " : byPath.size() + " problems, e.g. ") + ScenarioPaths.inWords(s, first) + " "
                + byPath.get(first);
    }
}
