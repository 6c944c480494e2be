/// Why a run failed, with the exit code the command uses (sysexits).
///
/// Compare ``kind`` with `==` (new kinds may be added):
///
/// ```swift
/// catch let error as PipelineError where error.kind == .badData { … }
/// ```
public struct PipelineError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What kind of failure, and its exit code.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The process exit code, as in sysexits.h.
        public let exitCode: Int32
        private let name: String

        /// The command was used wrongly (64).
        public static var usage: Kind { Kind(exitCode: 64, name: "usage") }
        /// Input data was read but is wrong (65).
        public static var badData: Kind { Kind(exitCode: 65, name: "bad data") }
        /// An input file does not exist (66).
        public static var missingInput: Kind { Kind(exitCode: 66, name: "missing input") }
        /// A source or a required system resource is unavailable (69).
        public static var unavailable: Kind { Kind(exitCode: 69, name: "unavailable") }
        /// Drawing or encoding failed, or a provider misbehaved (70).
        public static var software: Kind { Kind(exitCode: 70, name: "internal error") }
        /// Output could not be written (74).
        public static var io: Kind { Kind(exitCode: 74, name: "cannot write output") }
        /// The widget bundle's declarations are wrong (78).
        public static var configuration: Kind { Kind(exitCode: 78, name: "configuration error") }

        /// The kind's name, e.g. `bad data`.
        public var description: String { name }
    }

    /// What kind of failure.
    public let kind: Kind
    /// One line for the user, naming the file, line, field or option.
    public let message: String

    /// The process exit code, as in sysexits.h.
    public var exitCode: Int32 { kind.exitCode }

    /// The message.
    public var description: String { message }

    /// An error.
    ///
    /// - Parameters:
    ///   - kind: the kind.
    ///   - message: the message.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A usage error (64).
    public static func usage(_ message: String) -> PipelineError { PipelineError(.usage, message) }
    /// Bad input data (65).
    public static func badData(_ message: String) -> PipelineError { PipelineError(.badData, message) }
    /// A missing input (66).
    public static func missingInput(_ message: String) -> PipelineError { PipelineError(.missingInput, message) }
    /// An unavailable source or resource (69).
    public static func unavailable(_ message: String) -> PipelineError { PipelineError(.unavailable, message) }
    /// An internal error (70).
    public static func software(_ message: String) -> PipelineError { PipelineError(.software, message) }
    /// A configuration error in the bundle (78).
    public static func configuration(_ message: String) -> PipelineError { PipelineError(.configuration, message) }
    /// Output that cannot be written (74), naming the path.
    public static func io(path: String, reason: String) -> PipelineError { PipelineError(.io, "\(path): \(reason)") }
}
