package org.vmsched.ui;

import javafx.application.Application;

/**
 * Starts the desktop tool. A plain class (not an {@link Application}) so the shaded jar can
 * start JavaFX from the classpath. Arguments: {@code [FILE] [--snapshot OUT.png]}.
 */
public final class VmschedLauncher {

    private VmschedLauncher() {
    }

    public static void main(String[] args) {
        Application.launch(VmschedApp.class, args);
    }
}
