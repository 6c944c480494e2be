import Foundation
import Testing
import WidgetCore

/// WidgetKit's time model: asked at one time, shown as time passes, asked again by the policy.
@Suite struct TimelineSimulationTests {
    struct Entry: TimelineEntry {
        let date: Date
        let label: String
    }

    static let start = Date(timeIntervalSince1970: 1_767_258_000)

    static func hours(_ value: Double) -> Date { start.addingTimeInterval(value * 3600) }

    /// Entries at `offsets` hours after the time asked, labelled with the request's time.
    static func timeline(at now: Date, offsets: [Double], policy: (Date) -> TimelineReloadPolicy) -> Timeline<Entry> {
        let asked = Int(now.timeIntervalSince(start) / 3600)
        return Timeline(
            entries: offsets.map { Entry(date: now.addingTimeInterval($0 * 3600), label: "r\(asked)+\($0)") },
            policy: policy(now))
    }

    func describe(_ simulation: TimelineSimulation<Entry>) -> [String] {
        simulation.screens.map { screen in
            let hour = screen.time.timeIntervalSince(Self.start) / 3600
            let entry =
                screen.entry.map { simulation.requests[screen.request].timeline.entries[$0].label } ?? "placeholder"
            return "\(hour) \(entry) \(screen.reason.rawValue)"
        }
    }

    @Test func anAfterReloadReplacesTheTimelineAndWinsOverAnEntryAtTheSameInstant() async throws {
        let simulation = try await TimelineSimulation.run(from: Self.start, to: Self.hours(4)) { now in
            Self.timeline(at: now, offsets: [0, 1, 2, 3]) { .after($0.addingTimeInterval(2 * 3600)) }
        }
        #expect(
            describe(simulation) == [
                "0.0 r0+0.0 start", "1.0 r0+1.0 entry", "2.0 r2+0.0 reload", "3.0 r2+1.0 entry",
            ])
        #expect(simulation.requests.map(\.askedAt) == [Self.start, Self.hours(2)])
        #expect(
            (0..<4).map { simulation.status(ofEntry: $0, inRequest: 0) } == [
                .shown, .shown, .unreachable, .unreachable,
            ])
        #expect(simulation.status(ofEntry: 1, inRequest: 1) == .shown)
    }

    @Test func atEndShowsTheLastEntryThenReloadsFiveMinutesAfterIt() async throws {
        let simulation = try await TimelineSimulation.run(from: Self.start, to: Self.hours(3.5)) { now in
            Self.timeline(at: now, offsets: [0, 1, 2]) { _ in .atEnd }
        }
        #expect(
            describe(simulation) == [
                "0.0 r0+0.0 start", "1.0 r0+1.0 entry", "2.0 r0+2.0 entry",
                "\(2 + 5.0 / 60) r2+0.0 reload", "\(3 + 5.0 / 60) r2+1.0 entry",
            ])
        #expect(simulation.status(ofEntry: 2, inRequest: 0) == .shown)
        #expect(simulation.requests[0].reloadAt == Self.hours(2 + 5.0 / 60))
    }

    @Test func aSampleAtTheInstantOfAChangeAddsNoScreen() async throws {
        let simulation = try await TimelineSimulation.run(from: Self.start, to: Self.hours(2), every: 3600) { now in
            Self.timeline(at: now, offsets: [0, 1]) { _ in .never }
        }
        // At 01:00 the entry changes and a sample falls: one screen, the entry's.
        #expect(describe(simulation) == ["0.0 r0+0.0 start", "1.0 r0+1.0 entry"])
    }

    @Test func neverKeepsTheLastEntry() async throws {
        let simulation = try await TimelineSimulation.run(from: Self.start, to: Self.hours(48)) { now in
            Self.timeline(at: now, offsets: [0, 1]) { _ in .never }
        }
        #expect(describe(simulation) == ["0.0 r0+0.0 start", "1.0 r0+1.0 entry"])
        #expect(simulation.requests.count == 1)
        #expect(simulation.requests[0].reloadAt == nil)
    }

    @Test func aReloadDateNotAfterTheRequestIsTakenFiveMinutesLater() async throws {
        // A provider replaying old data: entries in the past and `.after` a past date.
        let simulation = try await TimelineSimulation.run(from: Self.start, to: Self.hours(0.25)) { now in
            Timeline(
                entries: [Entry(date: Self.hours(-48), label: "old")], policy: .after(Self.hours(-24)))
        }
        #expect(simulation.requests.map(\.askedAt) == [Self.start, Self.hours(5.0 / 60), Self.hours(10.0 / 60)])
        #expect(simulation.requests.allSatisfy { $0.reloadThrottled })
        // The same entry each time, but each reload is a new timeline on screen.
        #expect(simulation.screens.map(\.reason) == [.start, .reload, .reload])
    }

    @Test func beforeItsFirstEntryATimelineShowsItsFirstEntry() async throws {
        let simulation = try await TimelineSimulation.run(from: Self.start, to: Self.hours(4)) { now in
            Self.timeline(at: now, offsets: [1, 2]) { .after($0.addingTimeInterval(1.5 * 3600)) }
        }
        // The one rule: before its first entry (01:00), a timeline shows that entry; each reload's
        // timeline shows its first entry at once (the 01:30 reload's 02:30, the 03:00 reload's 04:00).
        #expect(describe(simulation) == ["0.0 r0+1.0 start", "1.5 r1+1.0 reload", "3.0 r3+1.0 reload"])
    }

    @Test func samplingAddsScreensForTextThatCountsTime() async throws {
        let simulation = try await TimelineSimulation.run(from: Self.start, to: Self.hours(1), every: 20 * 60) { now in
            Self.timeline(at: now, offsets: [0]) { _ in .never }
        }
        #expect(simulation.screens.map(\.reason) == [.start, .sample, .sample])
        #expect(simulation.screens.map(\.entry) == [0, 0, 0])
    }

    @Test func spansThatCannotBeSimulatedAreRefused() async throws {
        await #expect(throws: ProviderError.self) {
            _ = try await TimelineSimulation.run(from: Self.start, to: Self.start) { now in
                Self.timeline(at: now, offsets: [0]) { _ in .never }
            }
        }
        let error = await #expect(throws: ProviderError.self) {
            _ = try await TimelineSimulation.run(from: Self.start, to: Self.hours(100), maximumScreens: 10) { now in
                Self.timeline(at: now, offsets: Array(stride(from: 0.0, to: 50, by: 1))) { _ in .never }
            }
        }
        #expect(error?.reason == .invalidConfiguration)
        #expect(error?.message.contains("more than 10 times") == true)
    }
}
