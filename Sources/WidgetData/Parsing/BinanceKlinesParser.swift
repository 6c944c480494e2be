import Foundation

/// Reads Binance `GET /api/v3/klines` answers (spot; the futures endpoint has the same layout).
///
/// ```
/// [[openTime ms, "open", "high", "low", "close", "volume", closeTime ms, "quoteVolume",
///   trades, "takerBuyBase", "takerBuyQuote", "0"], …]
/// ```
///
/// Bars are stamped with the open time. Prices are decimal strings (numbers are accepted too).
/// A kline whose open time looks like seconds, or that lacks a price, is skipped with a warning
/// naming its index; fields after volume are not needed. An error answer such as
/// `{"code":-1121,"msg":"Invalid symbol."}` is reported with its message.
///
/// ```swift
/// let klines = try BinanceKlinesParser().parse(data, source: "klines.json", symbol: "ADAUSDT")
/// ```
public struct BinanceKlinesParser: Sendable {
    /// A parser.
    public init() {}

    /// Parses klines.
    ///
    /// - Parameters:
    ///   - data: the answer's bytes.
    ///   - source: the path or URL, for messages.
    ///   - symbol: what is priced (Binance's answer does not say).
    /// - Returns: the series, oldest first, and a warning per kline skipped.
    /// - Throws: ``DataError/service(source:service:message:)`` for an error answer;
    ///   ``DataError/malformed(source:location:reason:)`` for invalid JSON or another shape;
    ///   ``DataError/empty(source:reason:)`` when no kline is usable.
    public func parse(_ data: Data, source: String, symbol: String = "") throws(DataError) -> ParseResult<OHLCSeries> {
        try parse(JSONDocument(SourceText(data, source: source)), symbol: symbol)
    }

    func parse(_ document: JSONDocument, symbol: String) throws(DataError) -> ParseResult<OHLCSeries> {
        let root = document.root
        if root.kind == .object {
            if let message = root["msg"]?.string {
                let code = root["code"].map { " (code \($0.summary))" } ?? ""
                throw .service(source: document.source, service: "Binance", message: message + code)
            }
            throw .malformed(
                source: document.source, location: root.location,
                reason: "expected an array of klines, found an object with keys \(JSONCandles.keyList(root))")
        }
        guard root.kind == .array else {
            throw .malformed(
                source: document.source, location: root.location,
                reason: "expected an array of klines, found \(root.summary)")
        }
        let layout = JSONCandles.Layout(
            service: "Binance", noun: "kline", open: 1, high: 2, low: 3, close: 4, volume: 5, unit: .milliseconds)
        return try JSONCandles.read(
            root, path: "", layout: layout, format: .binance, symbol: symbol, order: .oldestFirst)
    }
}
