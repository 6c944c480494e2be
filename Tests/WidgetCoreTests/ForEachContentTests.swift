import Testing
import WidgetCore

/// Content that is not a view, with a builder of its own, as a chart's marks will be.
private struct Tick: Sendable, Equatable {
    var value: Double
}

@resultBuilder
private enum TickBuilder {
    static func buildBlock(_ ticks: Tick...) -> [Tick] { ticks }
}

extension ForEach where Content == [Tick], ID == Data.Element, Data.Element: Hashable {
    /// What a module of non-view content adds: an initializer with its own builder.
    fileprivate init(_ data: Data, @TickBuilder content: (Data.Element) -> [Tick]) {
        self.init(elements: data.map(content))
    }
}

@Suite("ForEach over any content")
struct ForEachContentTests {
    @Test("ForEach type-checks over content that is not a view, through that content's builder")
    func contentThatIsNotAView() {
        let ticks = ForEach([1.0, 2.5]) { value in
            Tick(value: value)
            Tick(value: value * 2)
        }
        #expect(ticks.elements == [[Tick(value: 1), Tick(value: 2)], [Tick(value: 2.5), Tick(value: 5)]])
    }

    @Test("ForEach over views still gives one child per view in a stack")
    func views() {
        struct Item: Identifiable {
            var id: Int
        }
        #expect(
            describe(
                VStack {
                    ForEach(0..<2) { Text("R\($0)") }
                    ForEach([Item(id: 7)]) { Text("I\($0.id)") }
                    ForEach(["K"], id: \.self) { Text($0) }
                }.node) == "V[Text(R0), Text(R1), Text(I7), Text(K)]")
    }
}
