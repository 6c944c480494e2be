/// The warnings of one parse, each with the position (line, offset, index) it is about, kept
/// up to ``DataWarning/maximumPerParse``; the rest are only counted, so a file of millions of
/// bad rows costs a counter, not millions of strings.
struct WarningLog {
    private var entries: [(position: Int, warning: DataWarning)] = []
    /// Warnings past the limit, not kept.
    private(set) var dropped = 0
    let source: String

    init(source: String) {
        self.source = source
    }

    var count: Int { entries.count + dropped }

    /// Whether the next warning would only be counted.
    var isFull: Bool { entries.count >= DataWarning.maximumPerParse }

    /// Counts a warning that was not even built, because the log is full.
    mutating func countDropped() {
        dropped += 1
    }

    /// Keeps `warning`, or counts it when the log is full.
    mutating func append(_ position: Int, _ warning: DataWarning) {
        guard entries.count < DataWarning.maximumPerParse else {
            dropped += 1
            return
        }
        entries.append((position, warning))
    }

    /// The kept warnings sorted by position, keeping the order of those about the same record.
    var sorted: [DataWarning] {
        entries.enumerated().sorted {
            ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
        }.map(\.element.warning)
    }

    /// The warnings of several logs, each sorted, one log after the other, at most
    /// ``DataWarning/maximumPerParse`` of them, then one line counting the rest, if any.
    static func joined(_ logs: WarningLog...) -> [DataWarning] {
        var result: [DataWarning] = []
        var dropped = 0
        for log in logs {
            for warning in log.sorted {
                if result.count < DataWarning.maximumPerParse { result.append(warning) } else { dropped += 1 }
            }
            dropped += log.dropped
        }
        guard dropped > 0, let source = logs.first?.source else { return result }
        return result + [
            DataWarning(
                source: source, location: "",
                message:
                    "… and \(MessageText.grouped(dropped)) more warnings (only the first \(MessageText.grouped(DataWarning.maximumPerParse)) are listed)"
            )
        ]
    }
}
