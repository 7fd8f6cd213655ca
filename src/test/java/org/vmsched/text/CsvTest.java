package org.vmsched.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The one CSV writer: RFC 4180 quoting of commas, quotes, "\r" and "\n"; numbers in the CSV context. */
class CsvTest {

    @Test
    void fieldsThatNeedItAreQuotedWithTheirQuotesDoubled() {
        assertEquals("plain", Csv.quote("plain"));
        assertEquals("\"a,b\"", Csv.quote("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", Csv.quote("say \"hi\""));
        assertEquals("\"two\nlines\"", Csv.quote("two\nlines"));
        assertEquals("\"carriage\rreturn\"", Csv.quote("carriage\rreturn"), "\\r alone splits a row in a spreadsheet");
        assertEquals("", Csv.quote(null));
    }

    @Test
    void rowsAreCommaSeparatedAndEndInANewline() {
        String text = new Csv().field("vm").field("a,b").number(0.5).number(Double.NaN).integer(3).endRow()
                .number(Double.POSITIVE_INFINITY).endRow().toString();
        assertEquals("vm,\"a,b\",0.5,,3\nInfinity\n", text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SCREEN | ∞ | - | 10.0444",
        "TABLE  | inf | - | 10.04444",
        "EXACT  | Infinity | NaN | 10.04444",
        "CSV    | Infinity | '' | 10.04444",
        "TIKZ   | inf | nan | 10.04444",
        "LABEL  | ∞ | - | 10.044",
    })
    void eachContextSpellsInfinityAndNanOneWay(Format.Context c, String inf, String nan, String number) {
        assertEquals(inf, Format.of(Double.POSITIVE_INFINITY, c));
        assertEquals("-" + inf, Format.of(Double.NEGATIVE_INFINITY, c));
        assertEquals(nan, Format.of(Double.NaN, c));
        assertEquals(number, Format.of(10.04444, c));
        assertEquals("0", Format.of(-0.0, c));
    }
}
