import Foundation

/// Reads Cryptowatch `GET /markets/{exchange}/{pair}/ohlc` answers.
///
/// ```
/// {"result":{"86400":[[CloseTime s, open, high, low, close, volume, quoteVolume], …]}, "allowance":{…}}
/// ```
///
/// The period key is a string of seconds. CloseTime is the candle's **end**; bars are stamped
/// with their start, CloseTime − period, like every other format. An answer holding several
/// periods needs `period` to choose one. An error answer such as `{"error":"Instrument not found"}`
/// is reported with its message.
///
/// ```swift
/// let daily = try CryptowatchOHLCParser().parse(data, source: "ohlc.json", symbol: "BTCUSD", period: "86400")
/// ```
public struct CryptowatchOHLCParser: Sendable {
    /// A parser.
    public init() {}

    /// Parses an OHLC answer.
    ///
    /// - Parameters:
    ///   - data: the answer's bytes.
    ///   - source: the path or URL, for messages.
    ///   - symbol: what is priced (the answer does not say).
    ///   - period: the period key to take (`"3600"`) when the answer holds several.
    /// - Returns: the series, oldest first, and a warning per candle skipped.
    /// - Throws: ``DataError/service(source:service:message:)`` for an error answer;
    ///   ``DataError/malformed(source:location:reason:)`` for invalid JSON or another shape;
    ///   ``DataError/selectionRequired(source:kind:choices:)`` or ``DataError/notFound(source:kind:name:suggestions:)``
    ///   for the period; ``DataError/empty(source:reason:)`` when no candle is usable.
    public func parse(_ data: Data, source: String, symbol: String = "", period: String? = nil) throws(DataError)
        -> ParseResult<OHLCSeries>
    {
        try parse(JSONDocument(SourceText(data, source: source)), symbol: symbol, period: period)
    }

    func parse(_ document: JSONDocument, symbol: String, period: String?) throws(DataError) -> ParseResult<OHLCSeries> {
        let source = document.source
        let root = document.root
        guard root.kind == .object else {
            throw .malformed(
                source: source, location: root.location,
                reason: "expected an object with \"result\", found \(root.summary)")
        }
        if let error = root["error"], root["result"] == nil {
            throw .service(source: source, service: "Cryptowatch", message: error.string ?? error.summary)
        }
        guard let result = root["result"], let members = result.members else {
            throw .malformed(
                source: source, location: root.location,
                reason: "expected \"result\" to be an object of periods (keys: \(JSONCandles.keyList(root)))")
        }
        var periods: [(key: String, seconds: Double, value: JSONValue)] = []
        for member in members {
            guard let key = member.key.string else { continue }
            guard !key.isEmpty, key.allSatisfy(\.isASCII), key.allSatisfy(\.isNumber), let seconds = Double(key),
                seconds > 0
            else {
                throw .malformed(
                    source: source, location: member.key.location,
                    reason: "result key \(MessageText.quote(key)) should be a period in seconds, such as \"3600\"")
            }
            guard member.value.kind == .array else {
                throw .malformed(
                    source: source, location: member.value.location,
                    reason: "result.\(key) should be an array of candles, found \(member.value.summary)")
            }
            periods.append((key, seconds, member.value))
        }
        let chosen: (key: String, seconds: Double, value: JSONValue)
        if let period {
            guard let match = periods.first(where: { $0.key == period.trimmingCharacters(in: .whitespaces) }) else {
                throw .notFound(source: source, kind: "period", name: period, suggestions: periods.map(\.key))
            }
            chosen = match
        } else {
            switch periods.count {
            case 0: throw .empty(source: source, reason: "\"result\" holds no period")
            case 1: chosen = periods[0]
            default: throw .selectionRequired(source: source, kind: "period", choices: periods.map(\.key))
            }
        }
        let layout = JSONCandles.Layout(
            service: "Cryptowatch", noun: "candle", open: 1, high: 2, low: 3, close: 4, volume: 5, unit: .seconds,
            shift: chosen.seconds)
        return try JSONCandles.read(
            chosen.value, path: "result.\(chosen.key)", layout: layout, format: .cryptowatch, symbol: symbol,
            order: .oldestFirst)
    }
}
