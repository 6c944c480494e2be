import Foundation

/// WidgetKit's time model, played over a span: the provider is asked at the start, each
/// entry shows from its date, and the provider is asked again when the reload policy says.
///
/// The rules:
/// - at time *t* the screen shows the latest entry of the current timeline whose date is not
///   after *t*; before its first entry, what was on screen stays (the placeholder at the start);
/// - `.after(d)` asks again at *d*, and the new timeline replaces the old at that instant: a
///   reload at the same instant as an entry wins, so entries from *d* on are never shown;
/// - `.atEnd` asks again after the last entry's date has passed: the simulation takes that as
///   ``minimumReloadInterval`` (5 minutes) after it, so the last entry is shown;
/// - `.never` never asks again;
/// - a policy date is the *earliest* reload on a device; the simulation takes it as exact. A
///   date not after the time the provider was asked is taken ``minimumReloadInterval`` after
///   it, as WidgetKit throttles reloads, so a provider cannot make the simulation loop.
///
/// ```swift
/// let simulation = try await TimelineSimulation.run(from: start, to: start + 4 * 3600) { now in
///     try await provider.timeline(in: context(now))
/// }
/// simulation.screens  // what is on screen when, and why
/// ```
public struct TimelineSimulation<Entry: TimelineEntry>: Sendable {
    /// One time the provider was asked.
    public struct Request: Sendable {
        /// Its position in ``TimelineSimulation/requests``.
        public let index: Int
        /// The time the provider was asked (its `context.now`).
        public let askedAt: Date
        /// What it returned.
        public let timeline: Timeline<Entry>
        /// When the simulation asks again; `nil` for `.never`.
        public let reloadAt: Date?
        /// True when the policy's date was not after ``askedAt`` and the reload was moved later.
        public let reloadThrottled: Bool
    }

    /// Why the screen changed.
    public enum Reason: String, Sendable, Codable {
        /// The start of the span: the first request's entry (or the placeholder).
        case start
        /// An entry's date was reached.
        case entry
        /// The provider was asked again and its new timeline replaced the old.
        case reload
        /// A sample taken at a fixed interval (`every`), for views whose text counts time.
        case sample
    }

    /// What is on screen from a time on.
    public struct Screen: Sendable {
        /// From when.
        public let time: Date
        /// The request whose timeline is on screen.
        public let request: Int
        /// The entry of that timeline, or `nil` for the placeholder (no entry has started yet).
        public let entry: Int?
        /// Why the screen changed.
        public let reason: Reason
    }

    /// How an entry of a request fares in the span.
    public enum EntryStatus: String, Sendable, Codable {
        /// Shown at least once.
        case shown
        /// Dated before the entry on screen when the provider was asked: never shown.
        case past
        /// Dated at or after the request's reload, which replaces the timeline first: never shown.
        case unreachable
        /// Dated after the end of the span.
        case afterSpan
    }

    /// Every request, in order.
    public private(set) var requests: [Request] = []
    /// Every change of what is on screen, in order.
    public private(set) var screens: [Screen] = []

    /// How long after a request a reload at or before it is moved: 5 minutes.
    public static var minimumReloadInterval: TimeInterval { 300 }

    /// Runs the model over the half-open span `[start, end)`.
    ///
    /// - Parameters:
    ///   - start: the first request's time.
    ///   - end: the end of the span (not included).
    ///   - every: also sample the screen at this interval (for relative-time text); `nil` for none.
    ///   - maximumScreens: refuse spans that would change the screen more often than this.
    ///   - ask: the provider, asked with the time as its `now`.
    /// - Returns: the requests and the screens.
    /// - Throws: what `ask` throws, or ``ProviderError`` (`invalidConfiguration`) when the span
    ///   is empty or would exceed `maximumScreens`.
    public static func run(
        from start: Date, to end: Date, every: TimeInterval? = nil, maximumScreens: Int = 1000,
        ask: (Date) async throws -> Timeline<Entry>
    ) async throws -> TimelineSimulation {
        guard start < end else {
            throw ProviderError(.invalidConfiguration, "the span is empty: it must end after it starts")
        }
        if let every, !(every.isFinite && every >= 1) {
            throw ProviderError(.invalidConfiguration, "the sampling interval must be at least 1 second")
        }
        var simulation = TimelineSimulation()
        var time = start
        var current = simulation.request(at: time, try await ask(time))
        simulation.show(time: time, request: current, reason: .start)
        var nextSample = every.map { start.addingTimeInterval($0) }
        while true {
            let request = simulation.requests[current]
            let nextEntry = request.timeline.entries.first { $0.date > time }?.date
            let candidates = [nextEntry, request.reloadAt, nextSample].compactMap { $0 }.filter { $0 > time }
            guard let next = candidates.min(), next < end else { break }
            time = next
            let screensBefore = simulation.screens.count
            if let reload = request.reloadAt, reload == time {
                current = simulation.request(at: time, try await ask(time))
                simulation.show(time: time, request: current, reason: .reload)
            } else if nextEntry == time {
                simulation.show(time: time, request: current, reason: .entry)
            }
            if let sample = nextSample, sample == time, let every {
                // A sample at the instant of a change adds nothing: that change is already a screen.
                if simulation.screens.count == screensBefore {
                    simulation.show(time: time, request: current, reason: .sample, always: true)
                }
                nextSample = sample.addingTimeInterval(every)
            }
            guard simulation.screens.count <= maximumScreens else {
                throw ProviderError(
                    .invalidConfiguration,
                    "the span changes the screen more than \(maximumScreens) times; shorten it or sample less often")
            }
        }
        return simulation
    }

    private mutating func request(at time: Date, _ timeline: Timeline<Entry>) -> Int {
        let (reload, throttled) = Self.reloadDate(of: timeline, askedAt: time)
        requests.append(
            Request(
                index: requests.count, askedAt: time, timeline: timeline, reloadAt: reload, reloadThrottled: throttled))
        return requests.count - 1
    }

    /// When the model asks again after `timeline` was returned at `askedAt`.
    ///
    /// - Parameters:
    ///   - timeline: the timeline returned.
    ///   - askedAt: the time the provider was asked.
    /// - Returns: the reload time (`nil` for `.never`), and whether it was moved to
    ///   ``minimumReloadInterval`` after the request because the policy's date was not after it.
    public static func reloadDate(of timeline: Timeline<Entry>, askedAt: Date) -> (date: Date?, throttled: Bool) {
        let wanted: Date?
        switch timeline.policy {
        case .never: wanted = nil
        case .after(let date): wanted = date
        // "After the last date in a timeline passes": the last entry shows for the minimum interval.
        // An empty timeline has no last date: it is asked again after the minimum interval too.
        case .atEnd: wanted = (timeline.entries.last?.date ?? askedAt).addingTimeInterval(minimumReloadInterval)
        }
        guard let wanted else { return (nil, false) }
        return wanted > askedAt ? (wanted, false) : (askedAt.addingTimeInterval(minimumReloadInterval), true)
    }

    /// Records what request `request` shows at `time`, when it differs from the screen before
    /// (or always, for a sample). The entry is ``Timeline/entryIndex(at:)``'s: before its first
    /// entry, a timeline shows that entry. A timeline without entries leaves the old screen.
    private mutating func show(time: Date, request: Int, reason: Reason, always: Bool = false) {
        let entry = requests[request].timeline.entryIndex(at: time)
        if entry == nil, let last = screens.last, reason != .start {
            // The new timeline has nothing to show: what was on screen stays.
            if always { screens.append(Screen(time: time, request: last.request, entry: last.entry, reason: reason)) }
            return
        }
        if !always, let last = screens.last, last.request == request, last.entry == entry { return }
        screens.append(Screen(time: time, request: request, entry: entry, reason: reason))
    }

    /// How an entry of a request fares over the span.
    ///
    /// - Parameters:
    ///   - entry: the entry's index in the request's timeline.
    ///   - request: the request's index.
    /// - Returns: shown, past, unreachable or after the span.
    public func status(ofEntry entry: Int, inRequest request: Int) -> EntryStatus {
        if screens.contains(where: { $0.request == request && $0.entry == entry }) { return .shown }
        let asked = requests[request]
        let date = asked.timeline.entries[entry].date
        if let onScreen = asked.timeline.entryIndex(at: asked.askedAt), entry < onScreen { return .past }
        if let reload = asked.reloadAt, date >= reload { return .unreachable }
        return .afterSpan
    }
}
