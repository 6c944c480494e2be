/// Why data could not be read, naming the file and the line or field.
///
/// Decide what to do from ``kind`` (a typed classification), never from the text of
/// ``description``:
///
/// ```swift
/// catch let error as DataError {
///     switch error.kind {
///     case .usage: exit(64)
///     case .badData, .tooLarge: exit(65)
///     case .missingInput, .notRegularFile: exit(66)
///     case .unavailable: exit(69)
///     default: exit(65)  // a kind added later
///     }
/// }
/// ```
///
/// Every value quoted from the data or the user in ``description`` is cut to a short prefix
/// with its length, and control characters (a newline in a file name, a terminal escape in a
/// cell) are shown escaped, so a message is always one line of plain text.
public enum DataError: Error, Equatable, CustomStringConvertible {
    /// The file or URL could not be opened: missing (`no such file`), `permission denied`, or
    /// another error of the system, named.
    case unreadable(source: String, reason: String)
    /// The content is not what the format expects, at a line (CSV) or `line:column` (JSON).
    case malformed(source: String, location: String, reason: String)
    /// The content parsed but holds nothing usable.
    case empty(source: String, reason: String)
    /// The request cannot be served as asked (a usage error): an unsupported URL scheme, no
    /// path given, an option that does not apply, a timeout that is not a number of seconds.
    case unsupported(source: String, reason: String)
    /// A remote source could not be fetched and no cached copy could stand in: the host was
    /// unreachable, did not answer in time, answered with an error status, or sent a truncated
    /// body or one that does not read as the data asked for.
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
    /// The file or body is larger than the size limit; `size` is its size in bytes when known
    /// (a file's size, a `Content-Length`), `nil` when reading stopped at the limit.
    case tooLarge(source: String, size: Int?, limit: Int)
    /// A gzip file or zip archive whose content, decompressed, is larger than the size limit:
    /// inflating stopped there, so a zip or gzip bomb costs no memory.
    case decompressedTooLarge(source: String, limit: Int)
    /// The path names something that is not a regular file: a directory, a FIFO, a device
    /// such as `/dev/zero`, a socket. `type` says which.
    case notRegularFile(source: String, type: String)

    /// The message: the file or URL first, then the line or field, then what is wrong.
    public var description: String {
        MessageText.line(text)
    }

    /// The message before control characters are escaped.
    private var text: String {
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
            "\(source): no \(kind) \(MessageText.quote(name))"
                + (suggestions.isEmpty
                    ? " (and none close to it)"
                    : "; close matches: " + suggestions.prefix(8).map(MessageText.quote).joined(separator: ", "))
        case .selectionRequired(let source, let kind, let choices):
            "\(source): holds \(choices.count) \(Self.plural(kind)); choose one, e.g. "
                + choices.prefix(8).map(MessageText.quote).joined(separator: ", ") + (choices.count > 8 ? ", …" : "")
        case .service(let source, let service, let message):
            "\(source): \(service) answered with an error: \(MessageText.cut(message))"
        case .tooLarge(let source, let size?, let limit):
            "\(source): \(MessageText.bytes(size)) is over the \(MessageText.bytes(limit)) limit"
        case .tooLarge(let source, nil, let limit):
            "\(source): larger than the \(MessageText.bytes(limit)) limit; reading stopped there"
        case .decompressedTooLarge(let source, let limit):
            "\(source): decompressed, the content is larger than the \(MessageText.bytes(limit)) limit; inflating stopped there (a zip or gzip bomb, or more data than is read at once)"
        case .notRegularFile(let source, let type): "\(source): not a regular file (\(type))"
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
