import Foundation

/// How often a running widget may reload when asked (by `WidgetCenter` or a changed file), as
/// WidgetKit budgets reloads: at most ``count`` per ``seconds``, refilled evenly. A request
/// that comes when the budget is spent waits for it; requests that wait together are
/// coalesced into one reload, and counted.
///
/// ```swift
/// let budget = try ReloadBudget.parse("10/min")   // 10 reloads a minute, one every 6 s after a burst of 10
/// ```
///
/// The default, `1/s`, keeps a storm of calls (a to-do app saving on every keystroke) to one
/// reload a second; `70/d` is about what iOS gives a widget a day.
public struct ReloadBudget: Sendable, Hashable, CustomStringConvertible {
    /// Reloads allowed per period (and the largest burst).
    public var count: Int
    /// The period, in seconds.
    public var seconds: TimeInterval

    /// At most `count` reloads per `seconds`.
    public init(count: Int, seconds: TimeInterval) {
        self.count = count
        self.seconds = seconds
    }

    /// One reload a second.
    public static var `default`: ReloadBudget { ReloadBudget(count: 1, seconds: 1) }

    /// `1/s`, `10/min`, `70/d`.
    public var description: String {
        for (unit, length) in Self.units.reversed() where seconds == length { return "\(count)/\(unit)" }
        return "\(count)/\(seconds.formatted(.number.grouping(.never)))s"
    }

    private static let units: [(String, TimeInterval)] = [("s", 1), ("min", 60), ("h", 3600), ("d", 86_400)]

    /// A budget written `COUNT/PERIOD`: a period of `s`, `min`, `h` or `d`, optionally with a
    /// number (`5/10s`, `1/2min`).
    ///
    /// - Throws: a message naming what is wrong.
    public static func parse(_ text: String) throws(ReloadBudgetError) -> ReloadBudget {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[0]), count >= 1, count <= 1_000_000 else {
            throw ReloadBudgetError(text)
        }
        var period = Substring(parts[1])
        let digits = period.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        period = period.dropFirst(digits.count)
        let multiple = digits.isEmpty ? 1 : Double(digits)
        guard let multiple, multiple.isFinite, multiple > 0,
            let unit = units.first(where: { $0.0 == period })?.1
        else { throw ReloadBudgetError(text) }
        let seconds = multiple * unit
        guard seconds <= 7 * 86_400 else { throw ReloadBudgetError(text) }
        return ReloadBudget(count: count, seconds: seconds)
    }

    /// The budget over time: tokens taken by reloads and refilled evenly.
    package struct Bucket: Sendable {
        package let budget: ReloadBudget
        private var tokens: Double
        private var updated: Date?

        package init(_ budget: ReloadBudget) {
            self.budget = budget
            tokens = Double(budget.count)
        }

        private mutating func refill(at time: Date) {
            if let updated, time > updated {
                let rate = Double(budget.count) / budget.seconds
                tokens = min(Double(budget.count), tokens + time.timeIntervalSince(updated) * rate)
            }
            updated = max(updated ?? time, time)
        }

        /// Takes one reload's worth at `time`, if there is one.
        package mutating func take(at time: Date) -> Bool {
            refill(at: time)
            guard tokens >= 1 - 1e-9 else { return false }
            tokens -= 1
            return true
        }

        /// When the next reload may be taken, from `time`.
        package mutating func nextAvailable(after time: Date) -> Date {
            refill(at: time)
            if tokens >= 1 - 1e-9 { return time }
            let rate = Double(budget.count) / budget.seconds
            return time.addingTimeInterval((1 - tokens) / rate)
        }
    }
}

/// A reload budget that is not `COUNT/PERIOD`.
public struct ReloadBudgetError: Error, CustomStringConvertible, Sendable {
    /// What was given.
    public var text: String

    init(_ text: String) { self.text = text }

    /// What is wrong and how to write a budget.
    public var description: String {
        "'\(text)' is not a reload budget: write COUNT/PERIOD, a count of at least 1 and a period of s, min, h or d (at most 7d), e.g. 1/s, 10/min or 70/d"
    }
}
