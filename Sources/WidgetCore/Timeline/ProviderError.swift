/// Why a provider cannot give entries, with a reason the command turns into an exit code.
///
/// Throw it for what the user must fix (a parameter the data cannot serve, a file that is
/// not what it claims to be); a failing network source should fall back instead, as
/// WidgetKit providers do. Switch on ``reason`` with `==`; new reasons may be added.
///
/// ```swift
/// throw ProviderError(.invalidConfiguration, "no country \"Atlantis\"; close matches: \"Austria\"")
/// ```
public struct ProviderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of failure it is.
    public struct Reason: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case invalidConfiguration, badData, missingInput, unavailable, notImplemented, timedOut
        }

        private let base: Base

        /// A parameter or option the provider cannot serve (exit 64).
        public static var invalidConfiguration: Reason { Reason(base: .invalidConfiguration) }
        /// Input was read but is wrong (exit 65).
        public static var badData: Reason { Reason(base: .badData) }
        /// An input file does not exist or cannot be opened (exit 66).
        public static var missingInput: Reason { Reason(base: .missingInput) }
        /// A source is unavailable and nothing can stand in (exit 69).
        public static var unavailable: Reason { Reason(base: .unavailable) }
        /// The provider implements neither form of a required method (exit 70).
        public static var notImplemented: Reason { Reason(base: .notImplemented) }
        /// The provider did not answer in time (exit 70).
        public static var timedOut: Reason { Reason(base: .timedOut) }

        /// The reason's name, e.g. `badData`.
        public var description: String { base.rawValue }
    }

    /// What kind of failure it is.
    public var reason: Reason
    /// One line for the user, naming the file, field or parameter.
    public var message: String

    /// A provider error.
    ///
    /// - Parameters:
    ///   - reason: the kind of failure.
    ///   - message: what went wrong, for the user.
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
