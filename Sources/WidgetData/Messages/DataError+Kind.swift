extension DataError {
    /// What kind of failure a ``DataError`` is, for a caller that must act on it: choose an
    /// exit code, retry, or fall back. Decide by this type, never by the message text.
    ///
    /// An extensible set (a struct, not an enum): a `switch` over it needs a `default`, so a
    /// kind added later does not break a caller.
    ///
    /// | kind | cases | sysexits code |
    /// |---|---|---|
    /// | ``usage`` | ``DataError/unsupported(source:reason:)`` | 64 |
    /// | ``badData`` | `malformed`, `empty`, `unrecognized`, `notFound`, `selectionRequired`, `service` | 65 |
    /// | ``tooLarge`` | ``DataError/tooLarge(source:size:limit:)``, ``DataError/decompressedTooLarge(source:limit:)`` | 65 |
    /// | ``missingInput`` | ``DataError/unreadable(source:reason:)`` (missing, permission denied) | 66 |
    /// | ``notRegularFile`` | ``DataError/notRegularFile(source:type:)`` | 66 |
    /// | ``unavailable`` | ``DataError/unavailable(source:reason:)`` | 69 |
    ///
    /// ```swift
    /// if error.kind == .unavailable { scheduleRetry() }
    /// ```
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case usage
            case badData = "bad data"
            case missingInput = "missing input"
            case unavailable
            case tooLarge = "too large"
            case notRegularFile = "not a regular file"
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The request itself is wrong: an unsupported scheme, an empty path, an option that
        /// does not apply, a timeout that is not a number of seconds.
        public static var usage: Kind { Kind(.usage) }
        /// The content cannot be read as data: malformed, empty, unknown format, a region or
        /// column it lacks, or an error answer from a service.
        public static var badData: Kind { Kind(.badData) }
        /// The input cannot be opened: it does not exist, or it may not be read.
        public static var missingInput: Kind { Kind(.missingInput) }
        /// A remote source failed (network, status, timeout, a body that does not read) and no
        /// cached copy could stand in.
        public static var unavailable: Kind { Kind(.unavailable) }
        /// The file or body is over the size limit.
        public static var tooLarge: Kind { Kind(.tooLarge) }
        /// The path names a directory, FIFO, device or socket.
        public static var notRegularFile: Kind { Kind(.notRegularFile) }

        /// `usage`, `bad data`, `missing input`, `unavailable`, `too large`, `not a regular file`.
        public var description: String { base.rawValue }
    }

    /// The kind of failure, to decide by.
    ///
    /// ```swift
    /// let code = switch error.kind {
    ///     case .usage: 64
    ///     case .missingInput, .notRegularFile: 66
    ///     case .unavailable: 69
    ///     default: 65
    /// }
    /// ```
    public var kind: Kind {
        switch self {
        case .unsupported: .usage
        case .malformed, .empty, .unrecognized, .notFound, .selectionRequired, .service: .badData
        case .unreadable: .missingInput
        case .unavailable: .unavailable
        case .tooLarge, .decompressedTooLarge: .tooLarge
        case .notRegularFile: .notRegularFile
        }
    }
}
