package org.vmsched.ui.document;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.IntUnaryOperator;
import java.util.regex.Matcher;
import org.vmsched.model.Scenario;

/**
 * The text typed at JSON paths that is not (yet) in the model of a {@link ScenarioDocument}, by
 * path, oldest first: how it goes in once the model takes it ({@link #settle}) and how it follows
 * its VM or task when items are inserted, removed or moved ({@link #remap}). The document's own;
 * ui thread only.
 */
final class Drafts {

    private final Map<String, String> byPath = new LinkedHashMap<>();

    boolean isEmpty() {
        return byPath.isEmpty();
    }

    /** The draft at {@code path}, or null. */
    String get(String path) {
        return byPath.get(path);
    }

    boolean contains(String path) {
        return byPath.containsKey(path);
    }

    /** Drops the draft at {@code path}; whether there was one. */
    boolean remove(String path) {
        return byPath.remove(path) != null;
    }

    void clear() {
        byPath.clear();
    }

    /** {@code text} becomes the newest draft at {@code path}. */
    void putNewest(String path, String text) {
        byPath.remove(path);
        byPath.put(path, text);
    }

    /** The drafts as they are, oldest first, a copy. */
    Map<String, String> copy() {
        return new LinkedHashMap<>(byPath);
    }

    /** The drafts become {@code drafts} (a {@link #copy} taken before), in their order. */
    void restore(Map<String, String> drafts) {
        byPath.clear();
        byPath.putAll(drafts);
    }

    /** Whether the drafts are {@code drafts}. */
    boolean sameAs(Map<String, String> drafts) {
        return byPath.equals(drafts);
    }

    /** Each draft, oldest first. */
    void forEach(BiConsumer<String, String> action) {
        byPath.forEach(action);
    }

    /**
     * {@code s} with every draft the model accepts put in (oldest first, again until none does),
     * those drafts dropped; a draft whose field is gone (a removed VM's) is dropped too.
     */
    Scenario settle(Scenario s, ScenarioDocument.FieldTyping typing) {
        boolean progress = true;
        while (progress) {
            progress = false;
            for (Iterator<Map.Entry<String, String>> it = byPath.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<String, String> d = it.next();
                if (!typing.names(s, d.getKey(), d.getValue())) {
                    it.remove(); // its field is gone
                } else if (typing.problem(s, d.getKey(), d.getValue()) == null) {
                    s = typing.apply(s, d.getKey(), d.getValue());
                    it.remove();
                    progress = true;
                }
            }
        }
        return s;
    }

    /** See {@link ScenarioDocument#remapDrafts}. */
    void remap(int tasksOf, IntUnaryOperator map) {
        if (byPath.isEmpty()) {
            return;
        }
        Map<String, String> out = new LinkedHashMap<>();
        byPath.forEach((path, text) -> {
            Matcher m = ScenarioPaths.ITEM.matcher(path);
            if (!m.matches()) {
                out.put(path, text);
                return;
            }
            int v = Integer.parseInt(m.group(1));
            String task = m.group(2);
            String rest = m.group(3);
            if (tasksOf < 0) {
                int nv = map.applyAsInt(v);
                if (nv >= 0) {
                    out.put("vms[" + nv + "]" + (task == null ? "" : ".tasks[" + task + "]") + rest, text);
                }
            } else if (v == tasksOf && task != null) {
                int nt = map.applyAsInt(Integer.parseInt(task));
                if (nt >= 0) {
                    out.put("vms[" + v + "].tasks[" + nt + "]" + rest, text);
                }
            } else {
                out.put(path, text);
            }
        });
        restore(out);
    }
}
