import ArgumentParser
import WidgetData
import WidgetRenderCLI

package struct Formats: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        abstract: "List the data formats --data reads, with a one-line example each.",
        discussion: """
            The format is detected from the content; force one with --format NAME. A file no
            named format matches is read by `generic` when a column holds dates: any CSV (, ; tab
            or | separated) or JSON table, its date column found by content, prices or counts by
            name; ambiguous columns are an error that names them (choose one with --column NAME).

            Example:
              widgetrender --widget price --data ./GOOG.csv --format pandas
            """)

    package func run() {
        for format in SeriesFormat.allCases {
            let kinds = format.kinds.map(\.rawValue).joined(separator: "/")
            print(
                "\(format.name.padding(toLength: 22, withPad: " ", startingAt: 0))\(kinds.padding(toLength: 14, withPad: " ", startingAt: 0))\(format.summary)"
            )
            print("    e.g. \(format.example)")
        }
    }
}
