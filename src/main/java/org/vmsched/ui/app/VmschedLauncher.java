package org.vmsched.ui.app;

import java.util.logging.Logger;
import javafx.application.Application;

/**
 * Starts the desktop tool. A plain class (not an {@link Application}) so the shaded jar can
 * start JavaFX from the classpath. Arguments: {@code [FILE] [--snapshot OUT.png]}.
 */
public final class VmschedLauncher {

    /**
     * JavaFX's own logger. Held here: the logging framework keeps loggers weakly, and a collected
     * one would come back without the filter.
     */
    private static final Logger FX_LOG = Logger.getLogger("javafx");

    private VmschedLauncher() {
    }

    public static void main(String[] args) {
        // JFreeChart's java.awt classes must not start AWT's own X11 toolkit beside GTK: two
        // X error handlers in one process crash the JVM a second or so after the window opens
        // (seen under Xvfb). Charts draw through FXGraphics2D and exports into images, so
        // headless AWT is all the desktop tool needs.
        System.setProperty("java.awt.headless", "true");
        // JavaFX warns, in two log lines, that it was loaded from the classpath: as the shaded jar
        // must (above). Said before every start, and before our own "cannot open a window".
        FX_LOG.setFilter(r -> r.getMessage() == null || !r.getMessage().startsWith("Unsupported JavaFX configuration"));
        Application.launch(VmschedApp.class, args);
    }
}
