import Foundation

/// When a snapshot assertion writes its reference image, as swift-snapshot-testing's record modes.
///
/// Set it per call (`record:`) or for a whole run with the environment variable
/// `SNAPSHOT_TESTING_RECORD` = `all`, `missing`, `failed` or `never`.
///
/// ```sh
/// SNAPSHOT_TESTING_RECORD=all swift test   # re-record every golden
/// ```
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Write every reference and fail (so a recording run is never mistaken for a passing one).
    case all
    /// Write references that do not exist yet, and fail for those; compare the rest. The default.
    case missing
    /// Compare, and overwrite the reference where the comparison fails.
    case failed
    /// Only compare; a missing reference fails.
    case never

    /// The mode from `SNAPSHOT_TESTING_RECORD`, else ``missing``.
    public static var current: SnapshotRecordMode {
        let environment = ProcessInfo.processInfo.environment
        if let value = environment["SNAPSHOT_TESTING_RECORD"],
            let mode = SnapshotRecordMode(rawValue: value.lowercased())
        {
            return mode
        }
        return .missing
    }
}
