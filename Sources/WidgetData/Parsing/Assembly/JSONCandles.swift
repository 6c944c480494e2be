import Foundation

/// Reads an exchange's array of candle arrays (`[[time, …prices…], …]`) into a series, with
/// the positions of the fields given by a ``Layout``.
///
/// Each element is one record: one that is not an array, lacks a price field, holds a price
/// that is not a finite number, has a time in the wrong unit, or has high below low is skipped
/// with a warning naming its index. Prices may be JSON numbers or decimal strings.
enum JSONCandles {
    /// Where the fields are, and how times are written.
    struct Layout {
        var service: String
        var noun: String
        var time = 0
        var open: Int
        var high: Int
        var low: Int
        var close: Int
        var volume: Int?
        var unit: EpochUnit
        /// Seconds subtracted from each time, to stamp a candle with its start.
        var shift: Double = 0

        var minimumCount: Int { max(time, open, high, low, close) + 1 }
    }

    /// Reads `array` (the candles at `path`).
    ///
    /// - Throws: ``DataError/empty(source:reason:)`` when no candle is usable.
    static func read(
        _ array: JSONValue, path: String, layout: Layout, format: SeriesFormat, symbol: String,
        order: TimeOrdering.DocumentedOrder
    ) throws(DataError) -> ParseResult<OHLCSeries> {
        let document = array.document
        // 4 bytes per element, for the locations of warnings.
        var offsets: [UInt32] = []
        offsets.reserveCapacity(array.count)
        for element in array.elementSequence { offsets.append(element.tapeOffset) }
        var builder = OHLCSeriesBuilder(
            source: document.source, format: format, noun: layout.noun,
            locate: { document.text.location(at: Int(offsets[$0])) }, name: { "\(path)[\($0)]" }, labelled: true)
        guard !offsets.isEmpty else {
            throw .empty(
                source: document.source, reason: "no \(layout.noun)s (\(path.isEmpty ? "the" : path) array is empty)")
        }
        for (index, element) in array.elementSequence.enumerated() {
            guard element.kind == .array else {
                builder.skip(index, "expected an array, found \(element.summary)")
                continue
            }
            guard element.count >= layout.minimumCount else {
                builder.skip(
                    index, "has \(element.count) elements; a \(layout.noun) needs at least \(layout.minimumCount)")
                continue
            }
            // Only the fields read, however long the array.
            let fields = Array(element.elementSequence.prefix(max(layout.minimumCount, (layout.volume ?? 0) + 1)))
            let time: Double
            switch CellValue.read(fields[layout.time].number, field: "time", text: fields[layout.time].summary) {
            case .failure(let refusal):
                builder.skip(index, refusal.reason)
                continue
            case .success(let value):
                guard value >= 0 else {
                    builder.skip(
                        index,
                        "time \(value.formatted) is before 1970; \(layout.service) times are Unix times in \(layout.unit.name)"
                    )
                    continue
                }
                guard let unit = EpochUnit(magnitudeOf: value) else {
                    builder.skip(index, "time \(value.formatted) is not a Unix time between 1973 and 2286")
                    continue
                }
                guard unit == layout.unit else {
                    builder.skip(
                        index,
                        "time \(value.formatted) looks like \(unit.name); \(layout.service) times are \(layout.unit.name)"
                    )
                    continue
                }
                time = unit.seconds(value) - layout.shift
                guard time >= 0 else {
                    builder.skip(
                        index,
                        "time \(value.formatted) less the period (\(layout.shift.formatted) s) is before 1970")
                    continue
                }
            }
            var prices: [Double] = []
            var problem: String?
            for (name, position) in [
                ("open", layout.open), ("high", layout.high), ("low", layout.low), ("close", layout.close),
            ] {
                switch CellValue.read(fields[position].number, field: name, text: fields[position].summary) {
                case .success(let value): prices.append(value)
                case .failure(let refusal): problem = problem ?? refusal.reason
                }
            }
            if let problem {
                builder.skip(index, "bad prices: \(problem)")
                continue
            }
            var volume: Double?
            if let position = layout.volume, position < fields.count {
                switch fields[position].number {
                case .value(let value): volume = value
                case .missing: volume = nil
                default:
                    builder.note(index, "volume \(fields[position].summary) is not a number; left out")
                }
            }
            builder.add(
                time: time,
                OHLCSeriesBuilder.Values(
                    open: prices[0], high: prices[1], low: prices[2], close: prices[3], volume: volume),
                position: index)
        }
        return try builder.build(symbol: symbol, order: order)
    }

    /// Quotes an object's keys for messages: `{"a", "b", …}`.
    static func keyList(_ value: JSONValue) -> String {
        let keys = value.keys
        let shown = keys.prefix(6).map(MessageText.quote).joined(separator: ", ")
        return keys.count > 6 ? shown + ", …" : shown
    }
}
