import ArgumentParser
import WidgetData
import WidgetRenderCommand

struct Formats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the data formats --data reads, with a one-line example each.",
        discussion: """
            The format is detected from the content; force one with --format NAME.

            Example:
              widgetrender --widget price --data ./GOOG.csv --format pandas
            """)

    func run() {
        for format in SeriesFormat.allCases {
            print(
                "\(format.name.padding(toLength: 22, withPad: " ", startingAt: 0))\(format.kind.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0))\(format.summary)"
            )
            print("    e.g. \(format.example)")
        }
    }
}
