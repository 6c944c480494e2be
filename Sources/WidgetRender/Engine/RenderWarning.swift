/// Something a render or a run did that its caller should know, without failing it.
///
/// Warnings are values: a command prints them (prefixed `warning:`), a test asserts on them,
/// a server returns them. Compare ``kind`` with `==`:
///
/// ```swift
/// for warning in rendered.warnings where warning.kind == .provider {
///     print("\(warning.widget ?? "-"): \(warning.message)")
/// }
/// ```
public struct RenderWarning: Hashable, Sendable, CustomStringConvertible {
    /// What the warning is about.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        /// A provider reported it (`context.diagnostics.warn`): skipped records, a failed
        /// fetch and the data drawn instead.
        public static var provider: Kind { Kind(name: "provider") }
        /// The widget draws something that does nothing on iOS: a `Link` in a small widget.
        public static var controls: Kind { Kind(name: "controls") }
        /// A value the manifest cannot hold (a relevance or data summary that is not a finite
        /// number) was left out of it.
        public static var manifest: Kind { Kind(name: "manifest") }

        /// The kind's name.
        public var description: String { name }
    }

    /// What the warning is about.
    public var kind: Kind
    /// The widget's kind, when it concerns one widget.
    public var widget: String?
    /// One line, naming the file, line or field (never prefixed `warning:`).
    public var message: String

    /// A warning.
    ///
    /// - Parameters:
    ///   - kind: what it is about.
    ///   - widget: the widget's kind, or `nil`.
    ///   - message: one line.
    public init(_ kind: Kind, widget: String? = nil, _ message: String) {
        self.kind = kind
        self.widget = widget
        self.message = message
    }

    /// The message, as printed after `warning:`.
    public var description: String { message }
}
