package org.vmsched.ui.exercise;

import java.io.File;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.vmsched.exercise.InvalidExerciseException;
import org.vmsched.io.ExerciseJson;
import org.vmsched.text.Format;
import org.vmsched.ui.FxDialogs;

/**
 * Tools &gt; Exercises… and an exercise file opened with File &gt; Open (issue 33): make an exercise
 * from a kind, seed and level or open an exercise file, type one value per step, Check, Hint; the
 * explanation of the first wrong step and the score. Present mode (F11, or the Present button)
 * sets everything in the main window's present-mode type ({@link #PRESENT_FACTOR}) with the
 * question larger still, and hides the row that makes exercises, so a room can read it from the
 * back of a hall; F11 or Esc goes back. Binds to {@link ExerciseViewModel} only. FX thread only.
 */
public final class ExerciseView extends BorderPane {

    /** Present mode's type over the window's zoom: the main window's {@code .present} (1.6em, vmsched.css). */
    public static final double PRESENT_FACTOR = 1.6;

    /** The question's type over the rest of the view (in em). */
    public static final double QUESTION_EM = 1.15;

    /** The root font size at zoom 1, in px (the style sheet's, as the main window's). */
    private static final double BASE_FONT = 14;

    private final ExerciseViewModel model;
    private final GridPane steps = new GridPane();
    private final ScrollPane scroll = new ScrollPane();
    private final FlowPane makeRow;
    private final Label presentHint = new Label("F11 or Esc: back");
    private final BooleanProperty present = new SimpleBooleanProperty(false);
    private double zoom = 1;

    public ExerciseView(ExerciseViewModel model) {
        this.model = model;
        setId("exerciseView");
        setPadding(new Insets(10));
        makeRow = makeControls();
        presentHint.setId("exercisePresentHint");
        presentHint.setStyle("-fx-text-fill: #555555; -fx-font-size: 0.7em;");
        presentHint.setVisible(false);
        presentHint.setManaged(false);
        Label question = new Label();
        question.setId("exerciseQuestion");
        question.setWrapText(true);
        question.setMinHeight(Region.USE_PREF_SIZE);
        question.setStyle("-fx-font-size: " + QUESTION_EM + "em; -fx-font-weight: bold;");
        question.textProperty().bind(model.questionProperty());
        TextArea scenario = new TextArea();
        scenario.setId("exerciseScenario");
        scenario.setEditable(false);
        scenario.setWrapText(true);
        scenario.setPrefRowCount(3);
        scenario.setStyle("-fx-font-family: monospace;");
        scenario.textProperty().bind(model.scenarioProperty());
        stepsGrid();
        Button check = new Button("_Check");
        check.setId("exerciseCheck");
        check.setOnAction(e -> model.check());
        Button hint = new Button("_Hint");
        hint.setId("exerciseHint");
        hint.setOnAction(e -> model.hint());
        Label score = new Label();
        score.setId("exerciseScore");
        score.setStyle("-fx-font-weight: bold;");
        score.textProperty().bind(model.scoreProperty());
        HBox buttons = new HBox(8, check, hint, score);
        buttons.setAlignment(Pos.CENTER_LEFT);
        ScrollPane explanationPane = explanation();
        Label error = new Label();
        error.setId("exerciseError");
        error.setWrapText(true);
        error.setStyle("-fx-text-fill: #b00020;");
        error.textProperty().bind(model.errorProperty());

        VBox center = new VBox(8, makeRow, presentHint, question, scenario, scroll, buttons, explanationPane, error);
        setCenter(center);
        present.addListener((o, a, on) -> applyPresent(on));
    }

    /** The row that makes an exercise: kind, seed and level, New Exercise, Open… and Present. */
    private FlowPane makeControls() {
        ChoiceBox<String> kind = new ChoiceBox<>();
        kind.setId("exerciseKind");
        kind.getItems().setAll(model.kinds());
        kind.valueProperty().bindBidirectional(model.kindProperty());
        TextField seed = new TextField();
        seed.setId("exerciseSeed");
        seed.setPrefColumnCount(8);
        seed.textProperty().bindBidirectional(model.seedProperty());
        ChoiceBox<String> level = new ChoiceBox<>();
        level.setId("exerciseLevel");
        level.getItems().setAll("1", "2", "3");
        level.valueProperty().bindBidirectional(model.levelProperty());
        Button make = new Button("_New Exercise");
        make.setId("exerciseNew");
        make.setOnAction(e -> model.newExercise());
        Button open = new Button("_Open…");
        open.setId("exerciseOpen");
        open.setOnAction(e -> open());
        ToggleButton presentButton = new ToggleButton("_Present (F11)");
        presentButton.setId("exercisePresent");
        presentButton.selectedProperty().bindBidirectional(present);
        // a flow, not a box: at a large zoom the row wraps instead of cutting its last buttons
        FlowPane row = new FlowPane(8, 6, new Label("Kind"), kind, new Label("Seed"), seed, new Label("Level"), level, make, open,
                presentButton);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    /** The grid of steps (prompt, answer, verdict) in its scroll pane, laid out again as the rows change. */
    private void stepsGrid() {
        steps.setHgap(8);
        steps.setVgap(6);
        ColumnConstraints prompt = new ColumnConstraints();
        prompt.setHgrow(Priority.ALWAYS); // the prompt takes the width left, wrapping; the field and verdict keep theirs
        ColumnConstraints field = new ColumnConstraints();
        field.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints verdict = new ColumnConstraints();
        verdict.setMinWidth(Region.USE_PREF_SIZE);
        steps.getColumnConstraints().setAll(prompt, field, verdict);
        model.rows().addListener((ListChangeListener<ExerciseViewModel.Row>) c -> layoutRows());
        layoutRows(); // the model may hold an exercise already (open() makes one first)
        scroll.setId("exerciseSteps");
        scroll.setFitToWidth(true);
        scroll.setMaxHeight(Double.MAX_VALUE);
        VBox.setVgrow(scroll, Priority.ALWAYS);
    }

    /** The explanation of the first wrong step, in a pane of its own that scrolls; hidden while empty. */
    private ScrollPane explanation() {
        Label explanation = new Label();
        explanation.setId("exerciseExplanation");
        explanation.setWrapText(true);
        explanation.setMinHeight(Region.USE_PREF_SIZE);
        explanation.textProperty().bind(model.explanationProperty());
        // A wrong slot of a level-3 gantt exercise is explained over several instants (600 characters
        // and more): in present mode at 1024×768 the label, never shorter than its text, pushed the
        // window's content past both its edges. It scrolls in its own pane instead, which gives up
        // height with the others down to about four lines, and is hidden while there is nothing to say.
        ScrollPane explanationPane = new ScrollPane(explanation);
        explanationPane.setId("exerciseExplanationPane");
        explanationPane.setFitToWidth(true);
        explanationPane.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        // no border; the viewport keeps -fx-background, the window's, from which the text takes its colour
        explanationPane.setStyle("-fx-background-color: transparent; -fx-padding: 0;");
        explanationPane.visibleProperty().bind(model.explanationProperty().isNotEmpty());
        explanationPane.managedProperty().bind(explanationPane.visibleProperty());
        explanationPane.minHeightProperty().bind(Bindings.createDoubleBinding(
                () -> Math.min(explanation.getHeight(), 4.5 * explanation.getFont().getSize()),
                explanation.heightProperty(), explanation.fontProperty()));
        explanationPane.prefViewportHeightProperty().bind(explanation.heightProperty());
        VBox.setVgrow(explanationPane, Priority.SOMETIMES);
        return explanationPane;
    }

    private void layoutRows() {
        steps.getChildren().clear();
        if (!model.lanes().isEmpty()) {
            // a gantt exercise: its slots' owners are clicked in lanes, not typed
            scroll.setContent(new GanttLanesView(model.rows(), model.lanes()));
            // the lanes whole, every task and idle in sight: the scenario's text scrolls instead
            scroll.setMinHeight(Region.USE_PREF_SIZE);
            return;
        }
        scroll.setMinHeight(Region.USE_COMPUTED_SIZE);
        scroll.setContent(steps);
        for (ExerciseViewModel.Row r : model.rows()) {
            Label label = new Label(r.label());
            label.setId("prompt-" + r.number());
            label.setWrapText(true);
            label.setMinWidth(0);
            label.setMinHeight(Region.USE_PREF_SIZE);
            TextField answer = new TextField();
            answer.setId("answer-" + r.number());
            answer.setPrefColumnCount(7);
            answer.textProperty().bindBidirectional(r.answerProperty());
            answer.setOnAction(e -> model.check());
            Label status = new Label();
            status.setId("status-" + r.number());
            status.setStyle("-fx-font-weight: bold;");
            status.textProperty().bind(r.statusProperty());
            int row = r.number() - 1;
            steps.add(label, 0, row);
            steps.add(answer, 1, row);
            steps.add(status, 2, row);
        }
    }

    private void open() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open an Exercise File");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Exercise files (JSON)", "*.json"));
        File f = chooser.showOpenDialog(getScene() == null ? null : getScene().getWindow());
        if (f == null) {
            return;
        }
        try {
            model.show(ExerciseJson.load(f.toPath()), f.toPath());
        } catch (InvalidExerciseException e) {
            new FxDialogs(() -> getScene() == null ? null : getScene().getWindow()).error("Cannot open the exercise", e.getMessage());
        }
    }

    /** Present mode on or off (F11, the Present button). */
    public BooleanProperty presentProperty() {
        return present;
    }

    /** The view's root font size, in px, now (the window's zoom, times {@link #PRESENT_FACTOR} in present mode). */
    public double fontSize() {
        return BASE_FONT * zoom * (present.get() ? PRESENT_FACTOR : 1);
    }

    /** The ViewModel shown. */
    public ExerciseViewModel viewModel() {
        return model;
    }

    private void applyPresent(boolean on) {
        setStyle("-fx-font-size: " + Format.fixed(fontSize(), 2) + "px;");
        makeRow.setVisible(!on);
        makeRow.setManaged(!on);
        presentHint.setVisible(on);
        presentHint.setManaged(on);
        if (getScene() != null && getScene().getWindow() instanceof Stage stage && stage.getOwner() != null) {
            stage.setMaximized(on); // the whole screen to the exercise, as the main window's present mode gives one chart
        }
    }

    /** F11 toggles present mode; Esc leaves it, or closes the window when not presenting. */
    private void key(KeyEvent e, Stage stage) {
        if (e.getCode() == KeyCode.F11) {
            present.set(!present.get());
            e.consume();
        } else if (e.getCode() == KeyCode.ESCAPE) {
            if (present.get()) {
                present.set(false);
            } else {
                stage.close();
            }
            e.consume();
        }
    }

    /**
     * Opens a window of {@code model} beside {@code owner}, at the owner's zoom, in present mode when
     * {@code presenting} (the main window was in present mode: the teacher is in front of the room).
     */
    public static ExerciseView open(Window owner, ExerciseViewModel model, boolean presenting) {
        ExerciseView view = new ExerciseView(model);
        view.zoom = FxDialogs.zoomOf(owner);
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Exercises — VMSched");
        Rectangle2D area = FxDialogs.room(owner);
        double z = view.zoom;
        stage.setScene(new Scene(view, Math.min(900 * z, area.getWidth() - 40), Math.min(640 * z, area.getHeight() - 60)));
        stage.addEventFilter(KeyEvent.KEY_PRESSED, e -> view.key(e, stage));
        FxDialogs.showOwned(stage, owner);
        view.applyPresent(false); // after showOwned, which sets the owner's font size
        view.present.set(presenting);
        return view;
    }
}
