/// What the first records of a table say about each column: how many cells read as numbers and
/// as times, whether those times are in order, and which texts a column holds.
struct TableProbe {
    /// The records looked at.
    static var sampleSize: Int { 64 }
    /// The most records read to find them: a file of malformed rows costs no more than this.
    static var readLimit: Int { 1_024 }

    struct Column {
        /// Cells that are not empty or a missing-value marker.
        var present = 0
        /// Present cells that read as numbers (decimal point, or decimal comma).
        var numbers = 0
        /// Present cells that read as dates or times.
        var times = 0
        /// Of those, Unix times.
        var epochs = 0
        /// Each sampled record's time token (`nil` when missing or not a time).
        var tokens: [TimeToken?] = []
        /// Each sampled record's text, for cells that are neither numbers nor times.
        var texts: [String?] = []
        /// Each sampled record's number (`nil` when missing or not a number), for the search
        /// of candles by content (``CandleColumns``).
        var values: [Double?] = []

        /// Nearly every present cell reads as a number: all but one in ten (one in a short sample),
        /// and more than half.
        var isNumeric: Bool { Self.nearlyAll(numbers, of: present) }
        /// Nearly every present cell reads as a time, as ``isNumeric`` counts.
        var isTimes: Bool { Self.nearlyAll(times, of: present) }

        private static func nearlyAll(_ count: Int, of present: Int) -> Bool {
            count > 0 && count * 2 > present && present - count <= max(1, present / 10)
        }
    }

    /// How a column's times run.
    struct Order {
        /// Never decreasing or never increasing.
        var monotonic: Bool
        /// Strictly increasing or strictly decreasing.
        var strict: Bool
        /// More than one distinct time.
        var varies: Bool
    }

    var columns: [Column]
    var records = 0

    /// Reads up to ``sampleSize`` well-formed records of a copy of `cursor`, among its first
    /// ``readLimit``.
    init<Cursor: TableCursor>(_ cursor: Cursor) throws(DataError) {
        var cursor = cursor
        columns = Array(repeating: Column(), count: cursor.names.count)
        var read = 0
        while records < Self.sampleSize, read < Self.readLimit, try cursor.next() {
            read += 1
            guard cursor.shapeProblem == nil else { continue }
            records += 1
            for column in columns.indices {
                var stats = columns[column]
                defer { columns[column] = stats }
                var number = cursor.number(column, style: .decimalPoint)
                if case .invalid = number { number = cursor.number(column, style: .decimalComma) }
                guard number != .missing else {
                    stats.tokens.append(nil)
                    stats.texts.append(nil)
                    stats.values.append(nil)
                    continue
                }
                stats.present += 1
                if case .value(let value) = number {
                    stats.numbers += 1
                    stats.values.append(value)
                } else {
                    stats.values.append(nil)
                }
                let token = cursor.time(column)
                switch token {
                case .invalid:
                    stats.tokens.append(nil)
                case .epoch:
                    stats.times += 1
                    stats.epochs += 1
                    stats.tokens.append(token)
                default:
                    stats.times += 1
                    stats.tokens.append(token)
                }
                if case .value = number {
                    stats.texts.append(nil)
                } else if case .invalid = token {
                    stats.texts.append(cursor.text(column))
                } else {
                    stats.texts.append(nil)
                }
            }
        }
    }

    /// The sampled times of `column` in seconds, read with the day first or the month first.
    func seconds(_ column: Int, monthFirst: Bool) -> [Double?] {
        columns[column].tokens.map { token in
            switch token {
            case .instant(let seconds)?: seconds
            case .epoch(let value, let unit)?: unit.seconds(value)
            case .dayMonth(let date)?: date.instant(monthFirst: monthFirst)
            default: nil
            }
        }
    }

    /// How `column`'s sampled times run, in whichever day/month reading keeps them in order.
    func order(_ column: Int) -> Order {
        var best = Order(monotonic: false, strict: false, varies: false)
        for monthFirst in [true, false] {
            let times = seconds(column, monthFirst: monthFirst).compactMap { $0 }
            guard !times.isEmpty else { continue }
            let pairs = zip(times, times.dropFirst())
            let rising = pairs.allSatisfy { $0 <= $1 }
            let falling = pairs.allSatisfy { $0 >= $1 }
            let order = Order(
                monotonic: rising || falling,
                strict: pairs.allSatisfy { $0 < $1 } || pairs.allSatisfy { $0 > $1 },
                varies: Set(times).count > 1)
            if (order.monotonic ? 2 : 0) + (order.strict ? 1 : 0) > (best.monotonic ? 2 : 0) + (best.strict ? 1 : 0) {
                best = order
            }
        }
        return best
    }
}
