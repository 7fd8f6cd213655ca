package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;

/**
 * What {@code import} makes of a CARTS component's period range (min_period, max_period, or one
 * period), the component's own else the system's: the scenario format has no period range (design
 * takes it as --min-period/--max-period), so the range goes where the format can hold it: the
 * placeholder period lies in it, and the description names it with the design options to use. A
 * half range or min above max is refused as {@link CartsMpr} refuses it (import ignored both).
 */
class CartsPeriodRangeImportTest {

    static Scenario imported(String xml) throws InvalidScenarioException {
        return ForeignFormats.importXml("in.xml", "in", xml);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // the shortest task period 10 lies in [5, 20]: kept
        "<system os_scheduler='gEDF'><component name='a' scheduler='gEDF' min_period='5' max_period='20'>"
            + "<task p='10' e='2'/><task p='40' e='8'/></component></system>|10|5|20",
        // 10 is below [12, 30], the system's range: the period is 12
        "<system os_scheduler='EDF' min_period='12' max_period='30'><component name='a' scheduler='EDF'>"
            + "<task p='10' e='2'/></component></system>|12|12|30",
        // one period: that period
        "<system os_scheduler='gEDF'><component name='a' scheduler='gEDF' period='8'>"
            + "<task p='10' e='2'/><task p='20' e='2'/></component></system>|8|8|8",
    })
    void theRangeHoldsThePlaceholderPeriodAndIsNamedForDesign(String xml, double period, String lo, String hi)
            throws Exception {
        Scenario s = imported(xml);
        assertEquals(period, s.vms().get(0).period(), 1e-12);
        assertEquals(period, s.vms().get(0).budget(), 1e-12, "still a placeholder: the whole period");
        assertTrue(s.description().contains("design --vm a --min-period " + lo + " --max-period " + hi),
                s.description());
    }

    @Test
    void withoutARangeThePeriodIsTheShortestTaskPeriod() throws Exception {
        Scenario s = imported("<system os_scheduler='EDF'><component name='a' scheduler='EDF'><task p='10' e='2'/>"
                + "</component></system>");
        assertEquals(10, s.vms().get(0).period(), 1e-12);
        assertTrue(!s.description().contains("--min-period"), s.description());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "<system os_scheduler='EDF'><component name='a' scheduler='EDF' min_period='5'><task p='10' e='2'/></component></system>"
            + "|<component> 1 (a): attribute max_period is missing",
        "<system os_scheduler='EDF'><component name='a' scheduler='EDF' min_period='9' max_period='5'><task p='10' e='2'/>"
            + "</component></system>|<component> 1 (a): attribute min_period = 9 is above max_period = 5",
        "<system os_scheduler='EDF' min_period='x' max_period='5'><component name='a' scheduler='EDF'><task p='10' e='2'/>"
            + "</component></system>|min_period",
    })
    void aBrokenRangeIsRefusedNamingTheElementAndAttribute(String xml, String message) {
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> imported(xml));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
