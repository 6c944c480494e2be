import TutorialWidgets
import WidgetRenderCommand

@main
struct TutorialBundle: WidgetBundle {
    var body: some Widget {
        GameStatusWidget()
        CharacterHealthWidget()
        TodoListWidget()
    }
}
