package org.vmsched.ui.exercise;

import java.io.File;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.vmsched.exercise.InvalidExerciseException;
import org.vmsched.io.ExerciseJson;

/**
 * Tools &gt; Exercises… (issue 33): make an exercise from a kind, seed and level or open an
 * exercise file, type one value per step, Check, Hint; the explanation of the first wrong step
 * and the score. Binds to {@link ExerciseViewModel} only. FX thread only.
 */
public final class ExerciseView extends BorderPane {

    private final ExerciseViewModel model;
    private final GridPane steps = new GridPane();

    public ExerciseView(ExerciseViewModel model) {
        this.model = model;
        setId("exerciseView");
        setPadding(new Insets(10));
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
        HBox top = new HBox(8, new Label("Kind"), kind, new Label("Seed"), seed, new Label("Level"), level, make, open);
        top.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        Label question = new Label();
        question.setId("exerciseQuestion");
        question.setWrapText(true);
        question.textProperty().bind(model.questionProperty());
        TextArea scenario = new TextArea();
        scenario.setId("exerciseScenario");
        scenario.setEditable(false);
        scenario.setPrefRowCount(4);
        scenario.setStyle("-fx-font-family: monospace;");
        scenario.textProperty().bind(model.scenarioProperty());

        steps.setHgap(8);
        steps.setVgap(4);
        model.rows().addListener((javafx.collections.ListChangeListener<ExerciseViewModel.Row>) c -> layoutRows());
        layoutRows(); // the model may hold an exercise already (open() makes one first)
        ScrollPane scroll = new ScrollPane(steps);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);

        Button check = new Button("_Check");
        check.setId("exerciseCheck");
        check.setOnAction(e -> model.check());
        Button hint = new Button("_Hint");
        hint.setId("exerciseHint");
        hint.setOnAction(e -> model.hint());
        Label score = new Label();
        score.setId("exerciseScore");
        score.textProperty().bind(model.scoreProperty());
        HBox buttons = new HBox(8, check, hint, score);
        buttons.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        Label explanation = new Label();
        explanation.setId("exerciseExplanation");
        explanation.setWrapText(true);
        explanation.textProperty().bind(model.explanationProperty());
        Label error = new Label();
        error.setId("exerciseError");
        error.setWrapText(true);
        error.setStyle("-fx-text-fill: #b00020;");
        error.textProperty().bind(model.errorProperty());

        VBox center = new VBox(8, top, question, scenario, scroll, buttons, explanation, error);
        setCenter(center);
    }

    private void layoutRows() {
        steps.getChildren().clear();
        for (ExerciseViewModel.Row r : model.rows()) {
            Label label = new Label(r.label());
            label.setWrapText(true);
            label.setMaxWidth(560);
            TextField answer = new TextField();
            answer.setId("answer-" + r.number());
            answer.setPrefColumnCount(8);
            answer.textProperty().bindBidirectional(r.answerProperty());
            answer.setOnAction(e -> model.check());
            Label status = new Label();
            status.setId("status-" + r.number());
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
            model.show(ExerciseJson.load(f.toPath()));
        } catch (InvalidExerciseException e) {
            new org.vmsched.ui.FxDialogs(() -> getScene() == null ? null : getScene().getWindow()).error("Cannot open the exercise", e.getMessage());
        }
    }

    /** Opens the window beside {@code owner}, at the owner's zoom (present mode reads from the back of a hall). */
    public static ExerciseView open(Window owner) {
        ExerciseViewModel model = new ExerciseViewModel();
        model.newExercise();
        ExerciseView view = new ExerciseView(model);
        double zoom = org.vmsched.ui.FxDialogs.zoomOf(owner);
        view.setStyle("-fx-font-size: " + Math.round(13 * zoom) + "px;");
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Exercises — VMSched");
        javafx.geometry.Rectangle2D area = org.vmsched.ui.FxDialogs.room(owner);
        stage.setScene(new Scene(view, Math.min(900 * zoom, area.getWidth() - 40), Math.min(640 * zoom, area.getHeight() - 60)));
        org.vmsched.ui.FxDialogs.closeOnEscape(stage);
        org.vmsched.ui.FxDialogs.showOwned(stage, owner);
        return view;
    }
}
