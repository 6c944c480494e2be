/// A record skipped while parsing (or another accepted oddity), with where it was.
///
/// ``description`` is one line of plain text: control characters in the source name or the
/// message are shown escaped (`\n`, `\u{1B}`), and values quoted from the data are cut short.
///
/// ```swift
/// for warning in result.warnings { print(warning) }   // "prices.csv:364: skipped: no prices (null)"
/// ```
public struct DataWarning: Sendable, Hashable, CustomStringConvertible {
    /// The path or URL, as given.
    public var source: String
    /// The line (CSV), `line:column` (JSON) or another place (`cache`).
    public var location: String
    /// What was skipped and why.
    public var message: String

    /// A warning.
    ///
    /// - Parameters:
    ///   - source: the path or URL.
    ///   - location: the line, `line:column` or place.
    ///   - message: what was skipped and why.
    public init(source: String, location: String, message: String) {
        self.source = source
        self.location = location
        self.message = message
    }

    /// The most warnings one parse returns in detail. Past it, one more warning counts the rest
    /// (`… and 59,999,000 more warnings like these`), so memory stays bounded whatever the input.
    public static var maximumPerParse: Int { 1_000 }

    /// `source:location: message` on one line, control characters escaped.
    public var description: String {
        MessageText.line(location.isEmpty ? "\(source): \(message)" : "\(source):\(location): \(message)")
    }
}
