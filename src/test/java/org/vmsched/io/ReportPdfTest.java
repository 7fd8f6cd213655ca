package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the report's text pages break a long line. */
class ReportPdfTest {

    // seen reading a report of rtds-global: a VM's "proved on …" line, indented 13 under its name,
    // went on at column 4, under the verdict rows' "task" and "VM"
    @Test
    void aWrappedLineGoesOnFourColumnsPastItsOwnIndent() {
        List<String> out = new ArrayList<>();
        ReportPdf.wrap("             proved on the MPR supply of its vCPUs (THEORY.md §15.2, §15.17) (test: a long name of a test)",
                60, out);
        assertTrue(out.size() > 1, out.toString());
        for (String l : out.subList(1, out.size())) {
            assertEquals(17, l.length() - l.stripLeading().length(), out.toString());
        }
        List<String> flush = new ArrayList<>();
        ReportPdf.wrap("Xen RTDS as it runs: deferrable vCPUs under global EDF, two VMs of two vCPUs", 40, flush);
        assertEquals(4, flush.get(1).length() - flush.get(1).stripLeading().length(), flush.toString());
        for (String l : flush) {
            assertTrue(l.length() <= 40, l);
        }
    }
}
