/// Why a render run failed, with the exit code the command uses (sysexits).
public enum PipelineError: Error, Equatable, CustomStringConvertible {
    /// The command was used wrongly (64).
    case usage(String)
    /// Input data was read but is wrong (65).
    case badData(String)
    /// An input file does not exist (66).
    case missingInput(String)
    /// A source or a required system resource is unavailable (69).
    case unavailable(String)
    /// Output could not be written (74).
    case io(path: String, reason: String)
    /// Drawing or encoding failed (70).
    case software(String)

    /// The process exit code, as in sysexits.h.
    public var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .badData: 65
        case .missingInput: 66
        case .unavailable: 69
        case .software: 70
        case .io: 74
        }
    }

    public var description: String {
        switch self {
        case .usage(let message), .badData(let message), .missingInput(let message), .unavailable(let message),
            .software(let message):
            message
        case .io(let path, let reason): "\(path): \(reason)"
        }
    }
}
