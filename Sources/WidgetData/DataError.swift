/// Why data could not be read, naming the file and the line or field.
public enum DataError: Error, Equatable, CustomStringConvertible {
    /// The file or URL could not be opened.
    case unreadable(source: String, reason: String)
    /// The content is not what the format expects, at a line (CSV) or `line:column` (JSON).
    case malformed(source: String, location: String, reason: String)
    /// The content parsed but holds nothing usable.
    case empty(source: String, reason: String)
    /// The source kind is not supported.
    case unsupported(source: String, reason: String)
    /// A remote source could not be fetched and no cached copy could stand in: the host was
    /// unreachable, did not answer in time, answered with an error status, sent a truncated body
    /// or one over the size limit.
    case unavailable(source: String, reason: String)
    /// The content matches none of the known data formats; `seen` quotes how it starts.
    case unrecognized(source: String, seen: String, formats: [String])
    /// A country, region, column or pair asked for is not in the data; `suggestions` are
    /// the close matches (same prefix, or a small edit distance, ignoring case).
    case notFound(source: String, kind: String, name: String, suggestions: [String])
    /// The data holds several countries, regions, columns or pairs and none was chosen.
    case selectionRequired(source: String, kind: String, choices: [String])
    /// The file is an error answer from the service (an exchange or API), with its message.
    case service(source: String, service: String, message: String)

    /// The message: the file or URL first, then the line or field, then what is wrong.
    public var description: String {
        switch self {
        case .unreadable(let source, let reason): "\(source): \(reason)"
        case .malformed(let source, let location, let reason): "\(source):\(location): \(reason)"
        case .empty(let source, let reason): "\(source): \(reason)"
        case .unsupported(let source, let reason): "\(source): \(reason)"
        case .unavailable(let source, let reason): "\(source): \(reason)"
        case .unrecognized(let source, let seen, let formats):
            "\(source): not a known data format; it starts with \(seen). Known formats: "
                + formats.joined(separator: ", ")
        case .notFound(let source, let kind, let name, let suggestions):
            "\(source): no \(kind) \"\(name)\""
                + (suggestions.isEmpty
                    ? " (and none close to it)"
                    : "; close matches: " + suggestions.map { "\"\($0)\"" }.joined(separator: ", "))
        case .selectionRequired(let source, let kind, let choices):
            "\(source): holds \(choices.count) \(Self.plural(kind)); choose one, e.g. "
                + choices.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ") + (choices.count > 8 ? ", …" : "")
        case .service(let source, let service, let message): "\(source): \(service) answered with an error: \(message)"
        }
    }

    /// `country or region` → `countries or regions`, `pair` → `pairs`.
    private static func plural(_ kind: String) -> String {
        kind.components(separatedBy: " or ").map { word in
            if word.hasSuffix("y"), !["ay", "ey", "oy", "uy"].contains(where: word.hasSuffix) {
                return word.dropLast() + "ies"
            }
            return word + "s"
        }.joined(separator: " or ")
    }
}

/// A record skipped while parsing, with where it was.
public struct DataWarning: Sendable, Hashable, CustomStringConvertible {
    /// The path or URL read.
    public var source: String
    /// Where in it: a line, or a line and field.
    public var location: String
    /// What was skipped and why.
    public var message: String

    /// A warning.
    ///
    /// - Parameters:
    ///   - source: the path or URL.
    ///   - location: the line or field.
    ///   - message: what was skipped and why.
    public init(source: String, location: String, message: String) {
        self.source = source
        self.location = location
        self.message = message
    }

    /// `source:location: message`.
    public var description: String { "\(source):\(location): \(message)" }
}
