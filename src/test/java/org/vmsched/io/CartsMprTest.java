package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.analysis.mpr.GlobalTask;
import org.vmsched.model.InvalidScenarioException;

/** CARTS inputs with multiprocessor (gEDF, gRM) components: what is read and how bad input is refused. */
class CartsMprTest {

    @TempDir
    Path dir;

    @Test
    void componentsRangesAndTasksAreRead() throws Exception {
        CartsMpr.CartsSystem s = CartsMpr.read(ForeignFormatsTest.DIR.resolve("carts-mpr.xml"));
        assertEquals("gEDF", s.osScheduler());
        assertEquals(3, s.components().size());
        CartsMpr.Component video = s.components().get(0);
        assertEquals("video", video.name());
        assertEquals("gEDF", video.scheduler());
        assertTrue(video.global());
        assertEquals(5, video.minPeriod());
        assertEquals(20, video.maxPeriod());
        assertEquals(List.of("decode", "scale", "encode"), video.taskNames());
        assertEquals(GlobalTask.of(7, 15, 20), video.tasks().get(1));
        assertEquals(GlobalTask.of(30, 50, 50), video.tasks().get(2), "d defaults to p");
        CartsMpr.Component control = s.components().get(1);
        assertEquals("gRM", control.scheduler());
        assertEquals(10, control.minPeriod(), "the system's range when the component gives none");
        assertEquals(40, control.maxPeriod());
        CartsMpr.Component legacy = s.components().get(2);
        assertFalse(legacy.global());
        assertEquals(25, legacy.minPeriod());
        assertEquals(25, legacy.maxPeriod());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "<system><component name='a' scheduler='gEDF'><task name='t' p='ten' e='1'/></component></system>"
            + "|<component> 1 (a), <task> 1 (t): attribute p = \"ten\" is not a number",
        "<system><component name='a' scheduler='gEDF'><task name='t' p='10' e='-1'/></component></system>"
            + "|<component> 1 (a), <task> 1 (t): attribute e = -1 must be positive",
        "<system><component name='a' scheduler='gEDF'><task p='10' d='5' e='6'/></component></system>"
            + "|<task> 1 (t1): attribute e = 6 (the wcet) is above d = 5",
        "<system><component name='a' scheduler='gEDF'><task p='10' d='12' e='6'/></component></system>"
            + "|attribute d = 12 is above p = 10",
        "<system><component name='a' scheduler='pfair'><task p='10' e='6'/></component></system>"
            + "|<component> 1 (a): attribute scheduler = \"pfair\" is not gEDF",
        "<system><component name='a'><task p='10' e='6'/></component></system>"
            + "|<component> 1 (a): attribute scheduler is missing",
        "<system><component name='a' scheduler='gEDF' min_period='5'><task p='10' e='6'/></component></system>"
            + "|<component> 1 (a): attribute max_period is missing",
        "<system><component name='a' scheduler='gEDF' min_period='9' max_period='5'><task p='10' e='6'/></component></system>"
            + "|attribute min_period = 9 is above max_period = 5",
        "<system min_period='0' max_period='5'><component name='a' scheduler='gEDF'><task p='10' e='6'/></component></system>"
            + "|<system>: attribute min_period = 0 must be positive",
        "<system><component name='a' scheduler='gEDF'></component></system>|<component> 1 (a): no <task> inside",
        "<system><component name='a' scheduler='gEDF'><component name='b' scheduler='gEDF'/></component></system>"
            + "|nested <component> elements are not read",
        "<system><component name='a' scheduler='gDM'><task p='10' d='8' e='6'/></component></system>"
            + "|under gDM a deadline d = 8 other than p = 10 is not read",
        "<system/>|<system> holds no <component>",
        "<components/>|root element <components>: expected <system>",
        "<system><component>|not well-formed XML",
    })
    void badInputNamesTheElementAndAttribute(String xml, String expected) {
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> CartsMpr.parse("in.xml", xml));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void theFileGoesThroughTheInputGate() throws Exception {
        Path latin = dir.resolve("latin.xml");
        Files.write(latin, InputGateTest.CARTS.replace("c1", "c\u00e9").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertTrue(InputGateTest.refusal(() -> CartsMpr.read(latin)).contains("not UTF-8 text"));
        String m = InputGateTest.refusal(() -> CartsMpr.read(dir));
        assertTrue(m.contains("is a folder") || m.contains("not a regular file"), m);
        String doctype = "<?xml version=\"1.0\"?><!DOCTYPE system [<!ENTITY x \"y\">]>" + InputGateTest.CARTS;
        assertTrue(InputGateTest.refusal(() -> CartsMpr.parse("f.xml", doctype)).contains("a DOCTYPE is not accepted"));
    }
}
