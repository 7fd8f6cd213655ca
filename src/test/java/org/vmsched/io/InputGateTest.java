package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.model.InvalidInputException;
import org.vmsched.model.Limits;

/**
 * The one input gate (issue 20): every file kind is read by the same rules (regular files only,
 * 8 MiB, UTF-8 with a byte-order mark skipped) and refused in our words with line and column,
 * never the parser's.
 */
class InputGateTest {

    static final String CARTS = "<system os_scheduler=\"EDF\" min_period=\"1\" max_period=\"50\">"
            + "<component name=\"c1\" scheduler=\"EDF\"><task name=\"t1\" p=\"30\" d=\"30\" e=\"5\"></task>"
            + "</component></system>\n";

    @TempDir
    Path dir;

    static String refusal(ThrowingLoad load) {
        InvalidInputException e = assertThrows(InvalidInputException.class, load::run);
        return e.getMessage();
    }

    interface ThrowingLoad {
        void run() throws Exception;
    }

    private Path fifo() throws Exception {
        Path f = dir.resolve("f.json");
        Assumptions.assumeTrue(new ProcessBuilder("mkfifo", f.toString()).start().waitFor() == 0, "no mkfifo here");
        return f;
    }

    @Test
    void aFifoIsRefusedAtOnceForEveryFileKind() throws Exception {
        Path f = fifo();
        // nobody writes the FIFO: opening it for reading would block for ever
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            assertTrue(refusal(() -> ScenarioJson.load(f)).contains("not a regular file"));
            assertTrue(refusal(() -> ExperimentJson.load(f)).contains("not a regular file"));
            assertTrue(refusal(() -> ForeignFormats.importFile(f)).contains("not a regular file"));
        });
    }

    @Test
    void aDeviceIsRefusedWithoutReadingItForEveryFileKind() {
        Path zero = Path.of("/dev/zero");
        Assumptions.assumeTrue(Files.exists(zero));
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            assertTrue(refusal(() -> ForeignFormats.importFile(zero)).contains("not a regular file"));
            assertTrue(refusal(() -> ScenarioJson.load(zero)).contains("not a regular file"));
        });
    }

    @Test
    void everyFileKindHasTheSameEightMibLimit() throws Exception {
        Path big = dir.resolve("big.xml");
        byte[] blanks = new byte[Limits.MAX_FILE_BYTES];
        java.util.Arrays.fill(blanks, (byte) ' ');
        Files.write(big, blanks);
        Files.writeString(big, CARTS, java.nio.file.StandardOpenOption.APPEND);
        assertTrue(refusal(() -> ForeignFormats.importFile(big)).contains("larger than 8 MiB"));
        Path json = dir.resolve("big.json");
        Files.move(big, json);
        assertTrue(refusal(() -> ScenarioJson.load(json)).contains("larger than 8 MiB"));
        assertTrue(refusal(() -> ExperimentJson.load(json)).contains("larger than 8 MiB"));
    }

    @Test
    void aByteOrderMarkIsSkippedInEveryFileKind() throws Exception {
        Path json = dir.resolve("bom.json");
        Files.write(json, concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                Files.readAllBytes(Path.of("scenarios", "two-vms.json"))));
        assertEquals(ScenarioJson.load(Path.of("scenarios", "two-vms.json")), ScenarioJson.load(json));
        Path xml = dir.resolve("bom.xml");
        Files.write(xml, concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, CARTS.getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, ForeignFormats.importFile(xml).vms().size());
    }

    @Test
    void latinOneXmlIsNotUtf8Text() throws Exception {
        Path xml = dir.resolve("latin.xml");
        Files.write(xml, CARTS.replace("c1", "c\u00e9").getBytes(StandardCharsets.ISO_8859_1));
        String m = refusal(() -> ForeignFormats.importFile(xml));
        assertTrue(m.contains("not UTF-8 text"), m);
        assertFalse(m.contains("Input length"), m);
    }

    @Test
    void aMismatchedBracketIsExplainedInOurWordsWithBothPlaces() {
        String doc = "{\"schemaVersion\":1,\"name\":\"x\",\"vms\":[{\"name\":\"A\",\"period\":16}]]}";
        String m = refusal(() -> ScenarioJson.parse("f.json", doc));
        assertTrue(m.contains("line 1, column 63: ']' where '}' should close the object opened at line 1, column 1"), m);
        assertFalse(m.contains("Unexpected") || m.contains("close marker") || m.contains("; line:"), m);
    }

    @Test
    void syntaxErrorsNeverCarryTheParsersWording() {
        String[] docs = {"{\"a\":1,}", "{\"a\" 1}", "[1 2]", "{\"a\":tru}", "{\"a\":NaN}", "{\"a\":01}", "{'a':1}",
            "{\"a\":\"x\ty\"}", "{\"a\":\"\\q\"}", "{\"a\":1} x", "{\"a\":[1,2}", "{\"a\":", "{\"a\":\"abc", "{/*c*/}",
            "{\"a\":1,\"a\":2}", "{\"a\":-}", "{\"a\":1.}", "{\"a\":1e}", "]", "{\"a\":\"\\u12\"}", "[".repeat(100)};
        for (String d : docs) {
            String m = refusal(() -> ScenarioJson.parse("f.json", d));
            assertTrue(m.contains("line 1, column "), d + " -> " + m);
            for (String jackson : new String[] {"Unexpected", "Unrecognized", "was expecting", "marker", "; line:",
                "token", "JsonParser", "Feature", "Illegal", "code 0x"}) {
                assertFalse(m.contains(jackson), d + " -> " + m);
            }
        }
    }

    @Test
    void formatCharactersInAFieldNameAreEscaped() {
        String doc = "{\"schemaVersion\":1,\"\u202eevil\u200b\":1}";
        String m = refusal(() -> ScenarioJson.parse("f.json", doc));
        assertTrue(m.contains("\\u202eevil\\u200b"), m);
        assertFalse(m.contains("\u202e") || m.contains("\u200b"), m);
        assertEquals("a\\u202eb\\u2066c\\ufeff", Limits.escape("a\u202eb\u2066c\ufeff"));
    }

    @Test
    void aNameWithAFormatCharacterIsRefusedAsOne() throws IOException {
        // U+202E is a format character (it reverses the rest of a terminal line), not a control character
        String doc = Files.readString(Path.of("scenarios", "two-vms.json"))
                .replace("\"Two VMs on one core\"", "\"\\u202eevil\"");
        String m = refusal(() -> ScenarioJson.parse("f.json", doc));
        assertTrue(m.contains("must not contain control or format characters or line breaks"), m);
        assertTrue(m.contains("\\u202eevil"), m);
    }

    /**
     * A file of the other kind said what the parser saw ("malformed JSON ... found '<'", "there is
     * text before the first element"); the one thing wrong comes first: which kind it is, and what
     * takes it.
     */
    @Test
    void aFileOfTheOtherFormatSaysWhichItIs() throws IOException {
        String xml = Files.readString(Path.of("src/test/resources/foreign/carts-input.xml"));
        String m = refusal(() -> ScenarioJson.parse("c.xml", xml));
        assertTrue(m.startsWith("c.xml: is an XML file, not JSON"), m);
        assertTrue(m.contains("vmsched import"), m);
        m = refusal(() -> ExperimentJson.parse("c.xml", "\uFEFF \n" + xml));
        assertTrue(m.startsWith("c.xml: is an XML file, not JSON"), m);
        String json = Files.readString(Path.of("scenarios", "two-vms.json"));
        m = refusal(() -> ForeignFormats.importXml("two-vms.json", "two-vms", json));
        assertTrue(m.startsWith("two-vms.json: is a JSON file, not XML"), m);
        assertTrue(m.contains("analyze"), m);
    }

    @Test
    void anEmptyFieldNameIsQuoted() throws IOException {
        String doc = Files.readString(Path.of("scenarios", "two-vms.json")).replaceFirst("\\{", "{\"\":1,");
        String m = refusal(() -> ScenarioJson.parse("f.json", doc));
        assertTrue(m.contains("f.json: \"\" is an unknown field"), m);
    }

    @Test
    void xmlRefusalsAreInOurWords() {
        String doctype = "<?xml version=\"1.0\"?><!DOCTYPE system [<!ENTITY x \"y\">]>" + CARTS;
        String m = refusal(() -> ForeignFormats.importXml("f.xml", "f", doctype));
        assertTrue(m.contains("a DOCTYPE is not accepted (files with entities are refused)"), m);
        assertFalse(m.contains("apache.org") || m.contains("disallow"), m);
        StringBuilder attrs = new StringBuilder("<system");
        for (int i = 0; i < 10_001; i++) {
            attrs.append(" a").append(i).append("=\"1\"");
        }
        String many = attrs + "/>";
        m = refusal(() -> ForeignFormats.importXml("f.xml", "f", many));
        assertTrue(m.contains("too many attributes"), m);
        assertFalse(m.contains("JAXP"), m);
        m = refusal(() -> ForeignFormats.importXml("f.xml", "f", "<system><component>"));
        assertTrue(m.contains("line 1, column "), m);
        assertFalse(m.contains("XML document structures"), m);
    }

    @Test
    void writeErrorsGiveTheReasonAndNeverTheTemporarysName() throws Exception {
        Path ro = dir.resolve("ro");
        Files.createDirectory(ro);
        assertTrue(ro.toFile().setWritable(false));
        try {
            Assumptions.assumeFalse(Files.isWritable(ro), "running as root: a read-only folder is writable");
            IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(ro.resolve("x.csv"),
                    tmp -> Files.writeString(tmp, "x")));
            assertEquals("permission denied", e.getMessage());
        } finally {
            ro.toFile().setWritable(true);
        }
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(dir, tmp -> Files.writeString(tmp, "x")));
        assertFalse(e.getMessage().contains(AtomicFiles.TEMP_MARK), e.getMessage());
        assertEquals("is a folder, not a file", e.getMessage());
    }

    @Test
    void writeReasonsComeFromTheSystemWithoutAPath() {
        assertEquals("read-only file system", InputFiles.reason(new java.nio.file.FileSystemException(
                "/proc/.x.csv" + AtomicFiles.TEMP_MARK + "1-2.tmp", null, "Read-only file system")));
        assertEquals("permission denied", InputFiles.reason(new java.nio.file.AccessDeniedException("/x/.y.tmp")));
        assertEquals("is a directory", InputFiles.reason(new java.nio.file.FileSystemException("/x", null, "Is a directory")));
    }

    @Test
    void anUnreadableFileSaysWhy() throws Exception {
        Path f = dir.resolve("secret.json");
        Files.copy(Path.of("scenarios", "two-vms.json"), f);
        assertTrue(f.toFile().setReadable(false, false));
        try {
            Assumptions.assumeFalse(Files.isReadable(f), "running as root: every file is readable");
            String m = refusal(() -> ScenarioJson.load(f));
            assertTrue(m.endsWith("permission denied"), m);
        } finally {
            f.toFile().setReadable(true, false);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
