import Foundation
import Testing
import WidgetAssets
import WidgetData

/// The bytes of an embedded sample, e.g. `samples/aapl-daily.csv`.
func sampleData(_ name: String) throws -> Data {
    try Data(contentsOf: try WidgetAssets.url(name))
}

/// Bytes of UTF-8 text.
func bytes(_ text: String) -> Data { Data(text.utf8) }

/// Midnight UTC of a day, computed with Foundation's ISO 8601 parser (independent of StrictDate).
func utcDay(_ iso: String) throws -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return try #require(formatter.date(from: "\(iso)T00:00:00Z"), "bad test date \(iso)")
}
