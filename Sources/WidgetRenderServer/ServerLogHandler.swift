import Foundation
import Logging

/// `serve`'s log: one line per event on stderr, `2026-01-01T09:00:00Z info widgetrender.serve: …`,
/// with the event's metadata after it.
///
/// Unlike swift-log's `StreamLogHandler`, it formats metadata only when a line is written, not
/// each time a key is set: Hummingbird sets a request id on every request's logger, and under
/// load that formatting took a tenth of the server's time for lines `--quiet` never writes.
struct ServerLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String) {
        self.label = label
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let extra = event.metadata { all.merge(extra) { _, new in new } }
        var line = "\(Date().formatted(.iso8601)) \(event.level) \(label): \(event.message)"
        if !all.isEmpty {
            line += " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
