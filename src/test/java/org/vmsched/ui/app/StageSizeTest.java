package org.vmsched.ui.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

/**
 * The main window's size after the window manager has mapped it (issue 19): at 1024×768 under
 * openbox the stage was grown by its 23 px title bar to 1024×791, and the status line lay below
 * the screen's bottom edge; a {@code --snapshot} must still get its whole 1280×720 scene.
 */
class StageSizeTest {
    @Test
    void aWindowStaysOnTheScreenWithItsTitleBar() {
        // asked 1024×768 (the screen), the WM gave the scene 1024×745 inside a 1024×768 stage
        assertArrayEquals(new double[] {1024, 768},
                VmschedApp.stageSize(1024, 768, 1024, 745, 1024, 768, new Rectangle2D(0, 0, 1024, 768)), 0);
    }

    @Test
    void aSnapshotGetsItsWholeSceneInsideTheDecorations() {
        assertArrayEquals(new double[] {1280, 743}, VmschedApp.stageSize(398, 298, 398, 275, 1280, 720, null), 0);
    }

    @Test
    void aSmallStageOnALargeScreenGrowsToTheSizeAsked() {
        // JDK-8316423: mapped at 200×200, grown to the asked scene plus the decorations
        assertArrayEquals(new double[] {1400, 923},
                VmschedApp.stageSize(200, 223, 200, 200, 1400, 900, new Rectangle2D(0, 0, 1920, 1080)), 0);
    }
}
