import Foundation

/// Reads Coinbase Exchange `GET /products/{id}/candles` answers.
///
/// ```
/// [[time s, low, high, open, close, volume], …]   // newest first
/// ```
///
/// Note the order: low before high, open fourth. `time` is the bucket start in seconds. Rows
/// arrive newest first, which is the documented order and draws no warning; they are returned
/// oldest first. An error answer such as `{"message":"NotFound"}` is reported with its message.
///
/// ```swift
/// let candles = try CoinbaseCandlesParser().parse(data, source: "candles.json", symbol: "BTC-USD")
/// ```
public struct CoinbaseCandlesParser: Sendable {
    /// A parser.
    public init() {}

    /// Parses candles.
    ///
    /// - Parameters:
    ///   - data: the answer's bytes.
    ///   - source: the path or URL, for messages.
    ///   - symbol: what is priced (the answer does not say).
    /// - Returns: the series, oldest first, and a warning per candle skipped.
    /// - Throws: ``DataError/service(source:service:message:)`` for an error answer;
    ///   ``DataError/malformed(source:location:reason:)`` for invalid JSON or another shape;
    ///   ``DataError/empty(source:reason:)`` when no candle is usable.
    public func parse(_ data: Data, source: String, symbol: String = "") throws(DataError) -> ParseResult<OHLCSeries> {
        try parse(JSONDocument(SourceText(data, source: source)), symbol: symbol)
    }

    func parse(_ document: JSONDocument, symbol: String) throws(DataError) -> ParseResult<OHLCSeries> {
        let root = document.root
        if root.kind == .object {
            if let message = root["message"]?.string {
                throw .service(source: document.source, service: "Coinbase", message: message)
            }
            throw .malformed(
                source: document.source, location: root.location,
                reason: "expected an array of candles, found an object with keys \(JSONCandles.keyList(root))")
        }
        guard root.kind == .array else {
            throw .malformed(
                source: document.source, location: root.location,
                reason: "expected an array of candles, found \(root.summary)")
        }
        let layout = JSONCandles.Layout(
            service: "Coinbase", noun: "candle", open: 3, high: 2, low: 1, close: 4, volume: 5, unit: .seconds)
        return try JSONCandles.read(
            root, path: "", layout: layout, format: .coinbase, symbol: symbol, order: .newestFirst)
    }
}
