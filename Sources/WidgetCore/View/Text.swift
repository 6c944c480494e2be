/// What a ``Text`` shows.
public struct TextSpec: Sendable, Hashable {
    public var string: String

    public init(_ string: String) {
        self.string = string
    }
}

/// A run of text in the environment's font and colour, as SwiftUI's `Text`.
///
/// Text wraps to the width it is offered unless `lineLimit` says otherwise, and
/// shrinks down to `minimumScaleFactor` before it truncates.
///
/// ```swift
/// Text("Bitcoin").font(.headline).foregroundStyle(.secondary)
/// ```
public struct Text: View {
    public let spec: TextSpec

    public init(_ string: String) {
        spec = TextSpec(string)
    }

    public var node: ViewNode { .text(spec) }
}
