/// Seconds or milliseconds since 1970.
enum EpochUnit: Sendable {
    case seconds
    case milliseconds

    /// The unit a Unix time's magnitude suggests: 1e8 ≤ |t| < 1e10 is seconds (1973–2286),
    /// 1e11 ≤ |t| < 1e13 is milliseconds (the same years); anything else is neither.
    init?(magnitudeOf value: Double) {
        let magnitude = abs(value)
        if magnitude >= 1e8, magnitude < 1e10 {
            self = .seconds
        } else if magnitude >= 1e11, magnitude < 1e13 {
            self = .milliseconds
        } else {
            return nil
        }
    }

    /// Seconds since 1970 of a value in this unit.
    func seconds(_ value: Double) -> Double {
        self == .seconds ? value : value / 1000
    }

    var name: String { self == .seconds ? "seconds" : "milliseconds" }
}
