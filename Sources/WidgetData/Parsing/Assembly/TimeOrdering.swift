/// Puts dated records in time order and removes duplicate times, warning as the rules say:
/// once when the input was not in its documented order, and once per record dropped as a
/// duplicate (the record that comes later in the file is kept, as the newer revision).
enum TimeOrdering {
    /// A record with its time (seconds since 1970) and position (line or index) in the input.
    struct Item<Value> {
        var time: Double
        var position: Int
        var value: Value
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
    static func normalize<Value>(
        _ items: inout [Item<Value>], order: DocumentedOrder, locate: (Int) -> String, name: (Int) -> String,
        noun: String, warnings: inout WarningLog
    ) {
        let source = warnings.source
        let ascending = isNonDecreasing(items)
        if !ascending {
            let descending = isNonIncreasing(items)
            let original = items
            items = stableSorted(original)
            if descending {
                if order == .oldestFirst, let first = original.first {
                    warnings.append(
                        first.position,
                        DataWarning(
                            source: source, location: locate(first.position),
                            message: "\(noun)s are newest first; read them oldest first"))
                }
            } else {
                if order != .unordered, let culprit = firstOutOfOrder(original) {
                    warnings.append(
                        original[culprit].position,
                        DataWarning(
                            source: source, location: locate(original[culprit].position),
                            message:
                                "\(noun)s are not in time order (\(noun) at \(name(original[culprit].position)), \(StrictDate.text(seconds: original[culprit].time)), comes after \(StrictDate.text(seconds: original[culprit - 1].time))); sorted them"
                        ))
                }
            }
        }
        // Drop all but the last (in input order) of each run of equal times, compacting in place.
        var written = 0
        var index = 0
        while index < items.count {
            var end = index + 1
            while end < items.count, items[end].time == items[index].time { end += 1 }
            if end - index == 1 {
                items[written] = items[index]
                written += 1
            } else {
                let run = items[index..<end]
                let kept = run.max { $0.position < $1.position } ?? items[index]
                for item in run where item.position != kept.position {
                    guard !warnings.isFull else {
                        warnings.countDropped()
                        continue
                    }
                    warnings.append(
                        item.position,
                        DataWarning(
                            source: source, location: locate(item.position),
                            message:
                                "skipped \(noun) at \(name(item.position)): duplicate time \(StrictDate.text(seconds: item.time)); the \(noun) at \(name(kept.position)) has the same time and is kept"
                        ))
                }
                items[written] = kept
                written += 1
            }
            index = end
        }
        items.removeLast(items.count - written)
    }

    private static func isNonDecreasing<Value>(_ items: [Item<Value>]) -> Bool {
        var index = 1
        while index < items.count {
            if items[index].time < items[index - 1].time { return false }
            index += 1
        }
        return true
    }

    private static func isNonIncreasing<Value>(_ items: [Item<Value>]) -> Bool {
        var index = 1
        while index < items.count {
            if items[index].time > items[index - 1].time { return false }
            index += 1
        }
        return true
    }

    private static func firstOutOfOrder<Value>(_ items: [Item<Value>]) -> Int? {
        var index = 1
        while index < items.count {
            if items[index].time < items[index - 1].time { return index }
            index += 1
        }
        return nil
    }

    private static func stableSorted<Value>(_ items: [Item<Value>]) -> [Item<Value>] {
        items.sorted { ($0.time, $0.position) < ($1.time, $1.position) }
    }
}
