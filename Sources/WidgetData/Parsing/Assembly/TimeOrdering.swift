/// Puts dated records in time order and removes duplicate times, warning as the rules say:
/// once when the input was not in its documented order, and once per record dropped as a
/// duplicate (the record that comes later in the file is kept, as the newer revision).
enum TimeOrdering {
    /// A record with its time (seconds since 1970) and position (line or index) in the input.
    struct Item<Value>: Timed {
        var time: Double
        var position: Int
        var value: Value
    }

    /// A record with a time and a position.
    protocol Timed {
        var time: Double { get }
        var position: Int { get }
    }

    /// The order a format promises.
    enum DocumentedOrder {
        /// Oldest first (CSV files, Binance, Kraken): anything else is worth one warning.
        case oldestFirst
        /// Newest first (Coinbase): reversed silently; a mixed order is worth one warning.
        case newestFirst
        /// No order (JSON object keys): sorted silently.
        case unordered
    }

    /// Sorts and de-duplicates `items`.
    ///
    /// - Parameters:
    ///   - items: the records in input order.
    ///   - order: the order the format promises.
    ///   - locate: the warning location of a position (`12`, `3:14`).
    ///   - name: how to name a position in a message (`line 12`, `[3]`).
    ///   - noun: what a record is called (`row`, `candle`).
    ///   - warnings: where the warnings go (its source names the file).
    /// On return `items` holds the records oldest first with unique times. The work is done in
    /// place (sorted only when out of order, duplicates compacted away), so a series of millions
    /// of records is never held twice.
    static func normalize<Records: TimeOrderedRecords>(
        _ items: inout Records, order: DocumentedOrder, locate: (Int) -> String, name: (Int) -> String,
        noun: String, warnings: inout WarningLog
    ) {
        let source = warnings.source
        let count = items.recordCount
        if let culprit = firstOutOfOrder(items) {
            if isNonIncreasing(items) {
                if order == .oldestFirst, count > 0 {
                    let first = items.position(ofRecord: 0)
                    warnings.append(
                        first,
                        DataWarning(
                            source: source, location: locate(first),
                            message: "\(noun)s are newest first; read them oldest first"))
                }
            } else if order != .unordered {
                let position = items.position(ofRecord: culprit)
                warnings.append(
                    position,
                    DataWarning(
                        source: source, location: locate(position),
                        message:
                            "\(noun)s are not in time order (\(noun) at \(name(position)), \(StrictDate.text(seconds: items.time(ofRecord: culprit))), comes after \(StrictDate.text(seconds: items.time(ofRecord: culprit - 1)))); sorted them"
                    ))
            }
            // Stable: by time, then by position in the input.
            let times = (0..<count).map { items.time(ofRecord: $0) }
            let positions = (0..<count).map { items.position(ofRecord: $0) }
            let sorted = (0..<count).sorted { (times[$0], positions[$0]) < (times[$1], positions[$1]) }
            items.reorderRecords(sorted)
        }
        // Drop all but the last (in input order) of each run of equal times, compacting in place.
        var written = 0
        var index = 0
        while index < count {
            let time = items.time(ofRecord: index)
            var end = index + 1
            while end < count, items.time(ofRecord: end) == time { end += 1 }
            if end - index == 1 {
                if written != index { items.moveRecord(from: index, to: written) }
                written += 1
            } else {
                let kept = (index..<end).max { items.position(ofRecord: $0) < items.position(ofRecord: $1) } ?? index
                let keptPosition = items.position(ofRecord: kept)
                for record in index..<end where record != kept {
                    guard !warnings.isFull else {
                        warnings.countDropped()
                        continue
                    }
                    let position = items.position(ofRecord: record)
                    warnings.append(
                        position,
                        DataWarning(
                            source: source, location: locate(position),
                            message:
                                "skipped \(noun) at \(name(position)): duplicate time \(StrictDate.text(seconds: time)); the \(noun) at \(name(keptPosition)) has the same time and is kept"
                        ))
                }
                if written != kept { items.moveRecord(from: kept, to: written) }
                written += 1
            }
            index = end
        }
        items.removeLastRecords(count - written)
    }

    private static func isNonIncreasing<Records: TimeOrderedRecords>(_ items: Records) -> Bool {
        var index = 1
        while index < items.recordCount {
            if items.time(ofRecord: index) > items.time(ofRecord: index - 1) { return false }
            index += 1
        }
        return true
    }

    /// The first record earlier than the one before it, or `nil` when they are in time order.
    private static func firstOutOfOrder<Records: TimeOrderedRecords>(_ items: Records) -> Int? {
        var index = 1
        while index < items.recordCount {
            if items.time(ofRecord: index) < items.time(ofRecord: index - 1) { return index }
            index += 1
        }
        return nil
    }
}

/// Dated records in some storage, as ``TimeOrdering`` sorts and de-duplicates them: an array
/// of ``TimeOrdering/Item``s, or the columns of a price series being built.
protocol TimeOrderedRecords {
    var recordCount: Int { get }
    /// Seconds since 1970.
    func time(ofRecord index: Int) -> Double
    /// The line or index in the input.
    func position(ofRecord index: Int) -> Int
    /// Record `i` becomes the one at `order[i]`.
    mutating func reorderRecords(_ order: [Int])
    /// Copies a record over another.
    mutating func moveRecord(from source: Int, to destination: Int)
    mutating func removeLastRecords(_ k: Int)
}

extension Array: TimeOrderedRecords where Element: TimeOrdering.Timed {
    var recordCount: Int { count }
    func time(ofRecord index: Int) -> Double { self[index].time }
    func position(ofRecord index: Int) -> Int { self[index].position }
    mutating func reorderRecords(_ order: [Int]) { self = order.map { self[$0] } }
    mutating func moveRecord(from source: Int, to destination: Int) { self[destination] = self[source] }
    mutating func removeLastRecords(_ k: Int) { removeLast(k) }
}
