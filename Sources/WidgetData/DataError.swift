/// Why data could not be read, naming the file and the line or field.
public enum DataError: Error, Equatable, CustomStringConvertible {
    /// The file or URL could not be opened.
    case unreadable(source: String, reason: String)
    /// The content is not what the format expects, at a line (CSV) or field path (JSON).
    case malformed(source: String, location: String, reason: String)
    /// The content parsed but holds nothing usable.
    case empty(source: String, reason: String)
    /// The source kind is not supported.
    case unsupported(source: String, reason: String)
    /// A remote source could not be fetched and no cached copy could stand in: the host was
    /// unreachable, did not answer in time, answered with an error status, sent a truncated body
    /// or one over the size limit.
    case unavailable(source: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let source, let reason): "\(source): \(reason)"
        case .malformed(let source, let location, let reason): "\(source):\(location): \(reason)"
        case .empty(let source, let reason): "\(source): \(reason)"
        case .unsupported(let source, let reason): "\(source): \(reason)"
        case .unavailable(let source, let reason): "\(source): \(reason)"
        }
    }
}

/// A record skipped while parsing, with where it was.
public struct DataWarning: Sendable, Hashable, CustomStringConvertible {
    public var source: String
    public var location: String
    public var message: String

    public init(source: String, location: String, message: String) {
        self.source = source
        self.location = location
        self.message = message
    }

    public var description: String { "\(source):\(location): \(message)" }
}
