/// Which column of the source each role of a price series was read from, and how that was
/// decided: for a note to the user and the manifest (`images[].data.columns`).
///
/// ```swift
/// let result = try SeriesReader().readOHLC(data, source: "klines.csv")
/// result.columns?.roles["close"]   // "column 5"
/// result.columns?.basis            // .content: found by the values, not given
/// ```
public struct ColumnMapping: Sendable, Hashable {
    /// How the columns were chosen.
    public enum Basis: String, Sendable, Hashable {
        /// Given by the user (``SeriesOptions/columns``, `--columns`).
        case given
        /// Inferred from the header's names.
        case names
        /// Inferred from the values (``GenericTableParser``'s candle by content).
        case content
        /// Fixed by the format (Binance's, Coinbase's, Kraken's and Cryptowatch's arrays).
        case format
    }

    /// Each role read (`time`, `open`, `high`, `low`, `close`, `volume`) and its column as the
    /// source names it, or `column 3` (1-based) for a column without a name.
    public var roles: [String: String]
    /// How they were chosen.
    public var basis: Basis

    /// Whether the reader decided them (from names, values or the format) rather than the user.
    public var isInferred: Bool { basis != .given }

    /// A mapping.
    ///
    /// - Parameters:
    ///   - roles: role to column.
    ///   - basis: how they were chosen.
    public init(roles: [String: String], basis: Basis) {
        self.roles = roles
        self.basis = basis
    }

    /// The columns of an exchange's arrays, by their 1-based position.
    static func format(_ order: [String]) -> ColumnMapping {
        var roles: [String: String] = [:]
        for (index, role) in order.enumerated() where !role.isEmpty { roles[role] = "element \(index + 1)" }
        return ColumnMapping(roles: roles, basis: .format)
    }
}
