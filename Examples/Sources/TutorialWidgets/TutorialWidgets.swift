import WidgetRender

/// The tutorial widgets as one bundle, for tests and previews; the command's own
/// `@main` bundle lists the same widgets.
public struct TutorialWidgets: WidgetBundle {
    public init() {}

    public var body: some Widget {
        GameStatusWidget()
        CharacterHealthWidget()
        TodoListWidget()
        PancakeSalesWidget()
        CovidCountryWidget()
        CovidGlobalWidget()
    }
}
