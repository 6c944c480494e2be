import Foundation

/// Reads Kraken `GET /0/public/OHLC` answers.
///
/// ```
/// {"error":[], "result":{"<PAIR>":[[time s, "open", "high", "low", "close", "vwap", "volume", count], …],
///                        "last": time s}}
/// ```
///
/// - The last candle is the current, uncommitted one (stamped after `last`). It is **kept**, as
///   Binance's and Coinbase's running candles are: it holds the latest price, which a price widget
///   exists to show, and its values only firm up as trades arrive.
/// - `vwap` is never read: candles without trades carry vwap `"0.00"`, which is not a price.
///   Their O=H=L=C repeat the previous close and are kept.
/// - `error` entries starting with `E` are errors (`EQuery:Unknown asset pair`), reported with
///   their message; entries starting with `W` are warnings, passed on.
/// - An answer with several pairs needs `pair` to choose one.
///
/// ```swift
/// let series = try KrakenOHLCParser().parse(data, source: "ohlc.json").value   // symbol "BCHAUD"
/// ```
public struct KrakenOHLCParser: Sendable {
    /// A parser.
    public init() {}

    /// Parses an OHLC answer.
    ///
    /// - Parameters:
    ///   - data: the answer's bytes.
    ///   - source: the path or URL, for messages.
    ///   - pair: which pair to take when the answer holds several (matched ignoring case).
    /// - Returns: the series, named after the pair, and a warning per candle skipped.
    /// - Throws: ``DataError/service(source:service:message:)`` for an error answer;
    ///   ``DataError/malformed(source:location:reason:)`` for invalid JSON or another shape;
    ///   ``DataError/selectionRequired(source:kind:choices:)`` or ``DataError/notFound(source:kind:name:suggestions:)``
    ///   for the pair; ``DataError/empty(source:reason:)`` when no candle is usable.
    public func parse(_ data: Data, source: String, pair: String? = nil) throws(DataError) -> ParseResult<OHLCSeries> {
        try parse(JSONDocument(SourceText(data, source: source)), pair: pair)
    }

    func parse(_ document: JSONDocument, pair: String?) throws(DataError) -> ParseResult<OHLCSeries> {
        let source = document.source
        let root = document.root
        guard root.kind == .object else {
            throw .malformed(
                source: source, location: root.location,
                reason: "expected an object with \"error\" and \"result\", found \(root.summary)")
        }
        var notes: [DataWarning] = []
        if let errors = root["error"] {
            guard let entries = errors.elements else {
                throw .malformed(
                    source: source, location: errors.location,
                    reason: "\"error\" should be an array, found \(errors.summary)")
            }
            var failures: [String] = []
            for entry in entries {
                let text = entry.string ?? entry.summary
                if text.hasPrefix("W") {
                    notes.append(
                        DataWarning(
                            source: source, location: entry.location, message: "Kraken warns: \(MessageText.cut(text))")
                    )
                } else {
                    failures.append(text)
                }
            }
            if !failures.isEmpty {
                throw .service(source: source, service: "Kraken", message: failures.joined(separator: "; "))
            }
        }
        guard let result = root["result"] else {
            throw .malformed(
                source: source, location: root.location,
                reason: "no \"result\" in the answer (keys: \(JSONCandles.keyList(root)))")
        }
        guard let members = result.members else {
            throw .malformed(
                source: source, location: result.location,
                reason: "\"result\" should be an object, found \(result.summary)")
        }
        let pairs = members.filter { $0.value.kind == .array }.compactMap { member in
            member.key.string.map { (name: $0, value: member.value) }
        }
        let chosen: (name: String, value: JSONValue)
        switch pairs.count {
        case 0:
            throw .malformed(
                source: source, location: result.location,
                reason: "\"result\" holds no pair with candles (keys: \(JSONCandles.keyList(result)))")
        case 1:
            chosen = pairs[0]
            if let pair, NameMatcher.exactMatches(pair, in: [NameMatcher.Candidate(chosen.name)]).isEmpty {
                throw .notFound(
                    source: source, kind: "pair", name: pair, suggestions: [chosen.name])
            }
        default:
            let candidates = pairs.map { NameMatcher.Candidate($0.name) }
            guard let pair else {
                throw .selectionRequired(source: source, kind: "pair", choices: pairs.map(\.name))
            }
            guard let index = NameMatcher.exactMatches(pair, in: candidates).first else {
                throw .notFound(
                    source: source, kind: "pair", name: pair,
                    suggestions: NameMatcher.closeMatches(for: pair, in: candidates))
            }
            chosen = pairs[index]
        }
        let layout = JSONCandles.Layout(
            service: "Kraken", noun: "candle", open: 1, high: 2, low: 3, close: 4, volume: 6, unit: .seconds)
        var parsed = try JSONCandles.read(
            chosen.value, path: "result.\(chosen.name)", layout: layout, format: .kraken, symbol: chosen.name,
            order: .oldestFirst)
        // Kraken sends a warning or two; a list of thousands is cut like any other.
        let shownNotes = notes.prefix(10)
        let more =
            notes.count > shownNotes.count
            ? [
                DataWarning(
                    source: source, location: "",
                    message: "… and \(notes.count - shownNotes.count) more Kraken warnings")
            ]
            : []
        parsed.warnings = Array(shownNotes) + more + parsed.warnings
        return parsed
    }
}
