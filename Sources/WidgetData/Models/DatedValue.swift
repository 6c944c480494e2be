import Foundation

/// A dated value, such as the cumulative cases on one day.
public struct DatedValue: Sendable, Hashable {
    /// The day (midnight UTC) or instant the value belongs to.
    public var date: Date
    /// The value; parsers only ever store finite numbers.
    public var value: Double

    /// A value at a date.
    public init(date: Date, value: Double) {
        self.date = date
        self.value = value
    }
}
