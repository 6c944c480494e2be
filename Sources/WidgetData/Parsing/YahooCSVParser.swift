import Foundation

/// Reads Yahoo-Finance-style CSV (`Date,Open,High,Low,Close,Adj Close,Volume`),
/// matching columns by name, so the legacy order and the pandas export with an
/// unnamed first column both work.
///
/// Rows whose prices are `null` (Yahoo's missing days) or not numbers are
/// skipped with a warning naming the line; a file with no usable row is an error.
public struct YahooCSVParser {
    public init() {}

    /// Parses CSV bytes.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the path or URL, for messages.
    ///   - symbol: what is priced, for the series.
    /// - Returns: the series and the warnings for skipped rows.
    /// - Throws: ``DataError`` naming the file and line.
    public func parse(_ data: Data, source: String, symbol: String) throws(DataError) -> (
        series: OHLCSeries, warnings: [DataWarning]
    ) {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw .malformed(source: source, location: "1", reason: "not UTF-8 text")
        }
        let records = try CSVReader.records(in: text, source: source)
        guard let header = records.first else { throw .empty(source: source, reason: "empty file") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ name: String) throws(DataError) -> Int {
            guard let index = names.firstIndex(of: name) else {
                throw .malformed(
                    source: source, location: "\(header.line)",
                    reason: "no '\(name)' column in header \(header.fields.joined(separator: ","))")
            }
            return index
        }
        // The pandas export leaves the date column unnamed.
        let dateColumn = names.firstIndex(of: "date") ?? (names.first == "" ? 0 : -1)
        guard dateColumn >= 0 else {
            throw .malformed(source: source, location: "\(header.line)", reason: "no 'Date' column in header")
        }
        let open = try column("open")
        let high = try column("high")
        let low = try column("low")
        let close = try column("close")
        let volume = names.firstIndex(of: "volume")

        var bars: [OHLCBar] = []
        var warnings: [DataWarning] = []
        for record in records.dropFirst() {
            let fields = record.fields
            func value(_ index: Int) -> Double? {
                guard index < fields.count, let number = Double(fields[index].trimmingCharacters(in: .whitespaces)),
                    number.isFinite
                else { return nil }
                return number
            }
            guard dateColumn < fields.count, let time = StrictDate.iso(fields[dateColumn].trimmingCharacters(in: .whitespaces))
            else {
                warnings.append(
                    DataWarning(source: source, location: "\(record.line)", message: "skipped: no valid date"))
                continue
            }
            guard let o = value(open), let h = value(high), let l = value(low), let c = value(close) else {
                warnings.append(
                    DataWarning(source: source, location: "\(record.line)", message: "skipped: prices missing or not numbers"))
                continue
            }
            bars.append(OHLCBar(time: time, open: o, high: h, low: l, close: c, volume: volume.flatMap(value)))
        }
        guard !bars.isEmpty else { throw .empty(source: source, reason: "no rows with valid prices") }
        return (OHLCSeries(symbol: symbol, bars: bars, source: source), warnings)
    }
}
