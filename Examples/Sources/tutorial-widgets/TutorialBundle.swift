import TutorialWidgets
import WidgetRenderCLI

@main
struct TutorialBundle: WidgetBundle {
    var body: some Widget {
        GameStatusWidget()
        CharacterHealthWidget()
        TodoListWidget()
        PancakeSalesWidget()
        CovidCountryWidget()
        CovidGlobalWidget()
    }
}
