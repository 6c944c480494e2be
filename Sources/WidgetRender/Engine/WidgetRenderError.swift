/// Why a render failed: a kind to switch on, and one line for people.
///
/// Compare ``kind`` with `==` (new kinds may be added):
///
/// ```swift
/// do {
///     let widget = try await engine.render(RenderRequest(kind: "price"))
/// } catch where error.kind == .badData {
///     print("the data is wrong: \(error)")
/// }
/// ```
///
/// The library says what is wrong with a value; a command turns the kind into its exit code
/// and names its own flags (`widgetrender` maps them to sysexits).
public struct WidgetRenderError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What kind of failure.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        /// The request asks for something that does not exist or cannot go together: an unknown
        /// widget, family, device or parameter, a family the widget does not support, an option
        /// the data cannot serve.
        public static var invalidRequest: Kind { Kind(name: "invalid request") }
        /// Input data was read but is wrong: a malformed file, an image that is not a PNG.
        public static var badData: Kind { Kind(name: "bad data") }
        /// An input does not exist or cannot be opened: a data file, a shared container folder.
        public static var missingInput: Kind { Kind(name: "missing input") }
        /// A source or a resource is unavailable: the fonts, the assets, a server.
        public static var unavailable: Kind { Kind(name: "unavailable") }
        /// A provider did not answer within its time limit.
        public static var providerTimedOut: Kind { Kind(name: "provider timed out") }
        /// A provider implements neither form of a method, or drawing or encoding failed.
        public static var internalError: Kind { Kind(name: "internal error") }
        /// The output folder or a file in it cannot be created: a system folder, a file where a
        /// folder should be, a link.
        public static var cannotCreateOutput: Kind { Kind(name: "cannot create output") }
        /// Writing the output failed: the disk is full, a rename failed.
        public static var cannotWriteOutput: Kind { Kind(name: "cannot write output") }
        /// The bundle's declarations are wrong: two widgets of one kind, a kind that cannot name
        /// a folder, a parameter default that is not allowed, a view that names an unknown symbol.
        public static var invalidBundle: Kind { Kind(name: "invalid bundle") }
        /// The calling task was cancelled.
        public static var cancelled: Kind { Kind(name: "cancelled") }

        /// The kind's name, e.g. `bad data`.
        public var description: String { name }
    }

    /// What kind of failure.
    public let kind: Kind
    /// One line for people, naming the file, line, field or widget.
    public let message: String

    /// The message.
    public var description: String { message }

    /// An error.
    ///
    /// - Parameters:
    ///   - kind: the kind.
    ///   - message: one line naming the file, line, field or widget.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// An invalid request.
    public static func invalidRequest(_ message: String) -> WidgetRenderError {
        WidgetRenderError(.invalidRequest, message)
    }
    /// Bad input data.
    public static func badData(_ message: String) -> WidgetRenderError { WidgetRenderError(.badData, message) }
    /// A missing input.
    public static func missingInput(_ message: String) -> WidgetRenderError {
        WidgetRenderError(.missingInput, message)
    }
    /// An unavailable source or resource.
    public static func unavailable(_ message: String) -> WidgetRenderError { WidgetRenderError(.unavailable, message) }
    /// An internal error.
    public static func internalError(_ message: String) -> WidgetRenderError {
        WidgetRenderError(.internalError, message)
    }
    /// A bundle whose declarations are wrong.
    public static func invalidBundle(_ message: String) -> WidgetRenderError {
        WidgetRenderError(.invalidBundle, message)
    }
    /// Output that cannot be created, naming the path.
    public static func cannotCreate(path: String, reason: String) -> WidgetRenderError {
        WidgetRenderError(.cannotCreateOutput, "\(path): \(reason)")
    }
    /// Output that cannot be written, naming the path.
    public static func cannotWrite(path: String, reason: String) -> WidgetRenderError {
        WidgetRenderError(.cannotWriteOutput, "\(path): \(reason)")
    }
}
