/// The columns of a table given by the user (`--columns time,low,high,open,close,volume`), for
/// when reading them by name and content (``GenericTableParser``) gets them wrong or cannot tell.
///
/// One role per column, in the table's order: `time` (the date or time of each row), `open`,
/// `high`, `low`, `close`, `volume`, or `-` for a column not read. Columns after the last role
/// are not read. `time` and `close` are required; `open`, `high` and `low` come all three or not
/// at all (without them each bar is its close). Each role is given once. The same list reads a
/// header-less CSV, a CSV with a header (its names are then only for messages) and a JSON array
/// of arrays (Coinbase's `[time, low, high, open, close, volume]`).
///
/// ```swift
/// let layout = try ColumnLayout(parsing: "time,low,high,open,close,volume")
/// let series = try SeriesReader(SeriesOptions(columns: layout)).readOHLC(data, source: "candles.json").value
/// ```
public struct ColumnLayout: Sendable, Hashable, CustomStringConvertible {
    /// What a column holds.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// The date or time that dates each row.
        case time
        /// The opening price.
        case open
        /// The highest price.
        case high
        /// The lowest price.
        case low
        /// The closing price (the one price of a series without a candle).
        case close
        /// The traded volume.
        case volume
    }

    /// Each column's role in order; `nil` for a column not read (`-`).
    public private(set) var roles: [Role?]

    /// Reads a list of roles such as `time,open,high,low,close` or `time,-,close`.
    ///
    /// - Parameter text: roles separated by commas, `-` (or nothing) for a column not read.
    /// - Throws: ``DataError/unsupported(source:reason:)`` (a usage error) naming the item that
    ///   is not a role, a role given twice, a missing `time` or `close`, or some but not all of
    ///   `open`, `high` and `low`.
    public init(parsing text: String) throws(DataError) {
        func fail(_ reason: String) -> DataError {
            .unsupported(source: MessageText.quote(text), reason: reason)
        }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        var roles: [Role?] = []
        for (index, item) in items.enumerated() {
            if item.isEmpty || item == "-" || item == "_" {
                roles.append(nil)
                continue
            }
            guard let role = Role(rawValue: item) ?? Self.synonyms[item] else {
                throw fail(
                    "\(MessageText.quote(item)) (column \(index + 1)) is not a role; give one of \(Role.allCases.map(\.rawValue).joined(separator: ", ")) per column, or - for a column not read"
                )
            }
            if let earlier = roles.firstIndex(of: role) {
                throw fail("\(role.rawValue) is given twice (columns \(earlier + 1) and \(index + 1))")
            }
            roles.append(role)
        }
        guard roles.contains(.time) else { throw fail("no time column: name the column of dates or times 'time'") }
        guard roles.contains(.close) else { throw fail("no close column: name the column of prices 'close'") }
        let candle: [Role] = [Role.open, .high, .low].filter { roles.contains(.some($0)) }
        if !candle.isEmpty, candle.count < 3 {
            let missing: [String] = [Role.open, .high, .low].filter { !roles.contains(.some($0)) }.map(\.rawValue)
            throw fail(
                "\(candle.map(\.rawValue).joined(separator: " and ")) without \(missing.joined(separator: " and ")): give open, high, low and close, or close alone"
            )
        }
        while roles.last == .some(nil) { roles.removeLast() }
        self.roles = roles
    }

    /// Shorter names people write: `date`, `t`, `o`, `h`, `l`, `c`, `v`, `vol`, `price`.
    private static let synonyms: [String: Role] = [
        "date": .time, "t": .time, "o": .open, "h": .high, "l": .low, "c": .close, "v": .volume, "vol": .volume,
        "price": .close,
    ]

    /// The 0-based column of a role, or `nil`.
    public func column(of role: Role) -> Int? {
        roles.firstIndex(of: role)
    }

    /// The list as given, normalized: `time,low,high,open,close,volume`.
    public var description: String {
        roles.map { $0?.rawValue ?? "-" }.joined(separator: ",")
    }
}
