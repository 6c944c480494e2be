/// Something a widget can show: a text, a stack, a chart or a modified view.
///
/// Views are plain values, as in SwiftUI, but they do no drawing: each turns
/// into a ``ViewNode`` that the layout engine sizes and the renderer draws.
///
/// ```swift
/// VStack(alignment: .leading) {
///     Text("BTC").font(.headline)
///     LineChart(points)
/// }
/// .padding()
/// ```
public protocol View: Sendable {
    /// The node this view stands for.
    var node: ViewNode { get }
}
