package org.vmsched.ui.help;

import org.vmsched.io.AppVersion;

/** The text of Help > About: the version, the licence and the papers VMSched implements. Stateless. */
public final class About {

    /** The dialog's title. */
    public static final String TITLE = "About VMSched";

    private About() {
    }

    /** The About text, version first. */
    public static String text() {
        return AppVersion.line() + "\n"
                + "Real-time virtual machines: analysis and simulation side by side.\n\n"
                + "It implements:\n"
                + "• the thesis's Paper III, \"Scheduling Tasks with Hard Deadlines in Virtualized Software Systems\": "
                + "VMs as periodic servers, response times inside a VM, the exact set of good VM periods and Tmax(α);\n"
                + "• the hypervisor latency paper: latencies of real-time VMs measured under VMware ESXi, Microsoft "
                + "Hyper-V and Xen (Credit), reproduced by 'vmsched latency-study';\n"
                + "• the hierarchical reservations paper: service guarantees for real-time applications in VMs through "
                + "CPU reservations (CBS), reproduced by 'vmsched reproduce'.\n\n"
                + "Licence: no licence file is declared for VMSched yet. The bundled DejaVu fonts keep their own "
                + "licence (org/vmsched/fonts/LICENSE.txt). Built on JavaFX, JFreeChart, Apache PDFBox, Jackson, "
                + "picocli and Apache Commons Math.\n\n"
                + "Running on Java " + System.getProperty("java.version") + ".";
    }
}
