import BuiltInCommand
import ChartWidgets
import WidgetRenderCLI

/// `widgetrender`: the command library over the built-in chart widgets, with their data options.
@main
enum WidgetRenderMain {
    static func main() async {
        await WidgetCommand<BuiltInWidgets, ChartDataCommandOptions>.main()
    }
}
