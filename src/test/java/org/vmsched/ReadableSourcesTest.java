package org.vmsched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.PackageTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Methods a reader can hold and names a reader can read (issue 31 item 4), checked on the main
 * sources parsed by the JDK's own compiler (the tree API of {@code jdk.compiler}; parsed, not
 * compiled, so it takes a second).
 *
 * <p><b>Long methods.</b> A method or constructor is its lines from the first of its modifiers
 * (annotations included) to its closing brace; its javadoc is not counted. Over {@value #MAX_LINES}
 * lines it needs a reason in its javadoc: a sentence starting with {@value #REASON}. The ones
 * over it when the rule came are listed in {@link #TO_SPLIT}, a list that only shrinks.
 *
 * <p><b>Inline qualified names.</b> A package-qualified type name in code ({@code java.util.List},
 * {@code org.vmsched.model.Task.Builder}, {@code org.jfree.chart.JFreeChart.class}), outside the
 * package and import lines; javadoc, comments and strings are not code and are not read. The
 * parser does not resolve names, so a dotted name is package-qualified when its first part is the
 * first part of a package the sources import or declare ({@code java}, {@code org}, …), that
 * word is not the name of a variable, field or parameter in the file, and a later part starts
 * with a capital letter (the type). Such a name is allowed only where the simple name would
 * clash, that is when the file already gives the simple name another meaning: it declares a type
 * of that name (nested ones included), imports another type of that name, names another type of
 * that name qualified too, a main class of that name lives in its own package, or the name is a
 * {@code java.lang} type's (importing another type of that name would hide it). The rewrite to
 * imports is {@code src/test/java/org/vmsched/ImportQualifiedNames.java}, which decides clashes the same way.
 */
class ReadableSourcesTest {

    static final int MAX_LINES = 60;
    static final String REASON = "Long because";

    private static final Path MAIN = Path.of("src", "main", "java");

    private static List<CompilationUnitTree> units;
    private static SourcePositions positions;
    private static DocTrees docs;

    @BeforeAll
    static void parse() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        List<Path> paths;
        try (Stream<Path> s = Files.walk(MAIN)) {
            paths = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        JavacTask task = (JavacTask) javac.getTask(null, files, null, List.of("-proc:none"), null,
                files.getJavaFileObjectsFromPaths(paths));
        units = new ArrayList<>();
        task.parse().forEach(units::add);
        docs = DocTrees.instance(task);
        positions = docs.getSourcePositions();
    }

    /** A method over the limit without its reason: where it starts, its name and its length. */
    record LongMethod(String where, String name, long lines) {

        @Override
        public String toString() {
            return where + " " + name + " (" + lines + " lines)";
        }
    }

    /** Every method and constructor of the main sources over the limit whose javadoc gives no reason. */
    static List<LongMethod> longMethodsWithoutAReason() {
        List<LongMethod> found = new ArrayList<>();
        for (CompilationUnitTree unit : units) {
            new TreePathScanner<Void, Void>() {
                @Override
                public Void visitMethod(MethodTree m, Void unused) {
                    long start = unit.getLineMap().getLineNumber(positions.getStartPosition(unit, m));
                    long end = unit.getLineMap().getLineNumber(positions.getEndPosition(unit, m));
                    long lines = end - start + 1;
                    String doc = docs.getDocComment(getCurrentPath());
                    if (lines > MAX_LINES && (doc == null || !givesAReason(doc))) {
                        found.add(new LongMethod(file(unit) + ":" + start, m.getName().toString(), lines));
                    }
                    return super.visitMethod(m, unused);
                }
            }.scan(unit, null);
        }
        return found;
    }

    /** Whether a javadoc has a sentence that starts with the reason's marker. */
    static boolean givesAReason(String doc) {
        String flat = doc.replaceAll("\\s+", " ").trim();
        return flat.matches("(?:|.*[.:;!?] |.*<p> ?)" + REASON + "\\b.*");
    }

    /**
     * The methods over the limit, without a reason, when the rule came (issue 31: 76 of them,
     * {@code file#method}): still to split or to explain. The list only shrinks: a method split
     * or explained must leave it (the test says so), and no other may join it.
     */
    static final Set<String> TO_SPLIT = Set.of(); // all split or explained by the end of issue 31

    static String key(LongMethod m) {
        return m.where().substring(0, m.where().lastIndexOf(':')) + "#" + m.name();
    }

    @Test
    void noMethodIsOverSixtyLinesWithoutAReasonInItsJavadoc() {
        List<LongMethod> found = longMethodsWithoutAReason();
        List<LongMethod> unlisted = found.stream().filter(m -> !TO_SPLIT.contains(key(m))).toList();
        assertTrue(unlisted.isEmpty(), "issue 31: split a method over " + MAX_LINES + " lines into named steps, or"
                + " say why it is long in its javadoc with a sentence starting \"" + REASON + "\"; "
                + unlisted.size() + " without: " + unlisted);
        Set<String> stillLong = new TreeSet<>();
        found.forEach(m -> stillLong.add(key(m)));
        List<String> done = TO_SPLIT.stream().filter(k -> !stillLong.contains(k)).sorted().toList();
        assertTrue(done.isEmpty(), "split or explained, so take them off TO_SPLIT: " + done);
    }

    @Test
    void theReasonIsASentenceOfItsOwn() {
        assertTrue(givesAReason("Long because the cases are one table."));
        assertTrue(givesAReason("Draws the chart.\n Long because each step reads the last."));
        assertTrue(givesAReason("Draws the chart. <p>Long because each step reads the last."));
        assertTrue(!givesAReason("Draws the chart for long because-less reasons."));
        assertTrue(!givesAReason("Draws the chart, long because it is."));
    }

    /** A qualified type name in code: the file and line, the name as written. */
    record Qualified(String where, String name) {

        @Override
        public String toString() {
            return where + " " + name;
        }
    }

    /** Every package-qualified type name in the code of the main sources that no clash needs. */
    static List<Qualified> needlessQualifiedNames() {
        Set<String> roots = new HashSet<>();
        Map<String, Set<String>> typesByPackage = new HashMap<>();
        for (CompilationUnitTree unit : units) {
            String pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
            roots.add(pkg.split("\\.")[0]);
            for (ImportTree i : unit.getImports()) {
                roots.add(i.getQualifiedIdentifier().toString().split("\\.")[0]);
            }
            for (Tree t : unit.getTypeDecls()) {
                if (t instanceof ClassTree c) {
                    typesByPackage.computeIfAbsent(pkg, k -> new HashSet<>()).add(c.getSimpleName().toString());
                }
            }
        }
        List<Qualified> found = new ArrayList<>();
        for (CompilationUnitTree unit : units) {
            String pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
            ImportQualifiedNames.Names names = ImportQualifiedNames.Names.of(unit);
            Map<String, Set<String>> qualifiedBySimple = new HashMap<>();
            List<String[]> uses = new ArrayList<>(); // {where, qualified type, simple name}
            new TreePathScanner<Void, Void>() {
                @Override
                public Void visitImport(ImportTree node, Void unused) {
                    return null;
                }

                @Override
                public Void visitPackage(PackageTree node, Void unused) {
                    return null;
                }

                @Override
                public Void visitMemberSelect(MemberSelectTree node, Void unused) {
                    String type = ImportQualifiedNames.qualifiedType(node, roots, names.variables());
                    if (type == null) {
                        return super.visitMemberSelect(node, unused);
                    }
                    String simple = type.substring(type.lastIndexOf('.') + 1);
                    qualifiedBySimple.computeIfAbsent(simple, k -> new TreeSet<>()).add(type);
                    long line = unit.getLineMap().getLineNumber(positions.getStartPosition(unit, node));
                    uses.add(new String[] {file(unit) + ":" + line, type, simple});
                    return null; // the rest of the chain is the same name
                }
            }.scan(unit, null);
            for (String[] u : uses) {
                String simple = u[2];
                String typePackage = u[1].substring(0, u[1].lastIndexOf('.'));
                boolean clash = names.types().contains(simple)
                        || names.imported().containsKey(simple) && !names.imported().get(simple).equals(u[1])
                        || qualifiedBySimple.get(simple).size() > 1
                        || !typePackage.equals(pkg) && typesByPackage.getOrDefault(pkg, Set.of()).contains(simple)
                        || !typePackage.equals("java.lang") && ImportQualifiedNames.isJavaLang(simple);
                if (!clash) {
                    found.add(new Qualified(u[0], u[1]));
                }
            }
        }
        return found;
    }

    @Test
    void noTypeIsNamedWithItsPackageInCodeWithoutAClash() {
        List<Qualified> found = needlessQualifiedNames();
        assertTrue(found.isEmpty(), "issue 31: import a type and name it simply; a package-qualified name only"
                + " where the simple name clashes (src/test/java/org/vmsched/ImportQualifiedNames.java rewrites them); "
                + found.size() + " without a clash: " + found.subList(0, Math.min(found.size(), 40)));
    }

    @Test
    void theRulesSeeTheirOwnExamples() {
        // the parse found the sources, and each rule reads something real in them
        assertTrue(units.size() > 100, "main sources parsed: " + units.size());
        assertEquals("java.util.Map", ImportQualifiedNames.qualifiedType(select("java.util.Map.Entry"), Set.of("java"), Set.of()));
        assertEquals(null, ImportQualifiedNames.qualifiedType(select("java.util.Map.Entry"), Set.of("java"), Set.of("java")));
        assertEquals(null, ImportQualifiedNames.qualifiedType(select("names.size"), Set.of("java"), Set.of()));
        assertTrue(ImportQualifiedNames.isJavaLang("Record") && !ImportQualifiedNames.isJavaLang("Task"));
    }

    private static MemberSelectTree select(String dotted) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        String source = "class X { Object o = " + dotted + "; }";
        JavacTask task = (JavacTask) javac.getTask(null, null, null, List.of(), null,
                List.of(new SimpleJavaFileObject(URI.create("string:///X.java"), JavaFileObject.Kind.SOURCE) {
                    @Override
                    public CharSequence getCharContent(boolean ignore) {
                        return source;
                    }
                }));
        try {
            CompilationUnitTree unit = task.parse().iterator().next();
            ClassTree c = (ClassTree) unit.getTypeDecls().get(0);
            return (MemberSelectTree) ((VariableTree) c.getMembers().get(0)).getInitializer();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String file(CompilationUnitTree unit) {
        return MAIN.toAbsolutePath().relativize(Path.of(unit.getSourceFile().toUri())).toString();
    }
}
