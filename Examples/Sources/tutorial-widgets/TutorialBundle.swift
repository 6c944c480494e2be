import TutorialWidgets
import WidgetRenderCLI
import WidgetRenderServer

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

/// The command's options of its own: none, and one subcommand, `serve`.
struct TutorialOptions: WidgetCommandOptions {
    static var subcommands: [any ParsableCommand.Type] { [ServeCommand<TutorialBundle, TutorialOptions>.self] }

    func apply(to batch: inout RenderBatch) {}
}

@main
enum TutorialCommand {
    static func main() async { await WidgetCommand<TutorialBundle, TutorialOptions>.main() }
}
