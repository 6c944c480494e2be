import Foundation
import Testing
import WidgetCore

@Suite("TimelineReloadPolicy")
struct TimelineReloadPolicyTests {
    // Given out of order, so "last" must mean the latest date, not the last argument.
    let entries = [LabeledEntry(100, "a"), LabeledEntry(300, "c"), LabeledEntry(200, "b")]

    @Test(".atEnd reloads at the latest entry's date")
    func atEnd() {
        let timeline = Timeline(entries: entries, policy: .atEnd)
        #expect(timeline.nextReloadDate == at(300))
    }

    @Test(".atEnd on an empty timeline has no reload date")
    func atEndEmpty() {
        let timeline = Timeline<LabeledEntry>(entries: [], policy: .atEnd)
        #expect(timeline.nextReloadDate == nil)
    }

    @Test(".after gives its own date, before or after the last entry", arguments: [50.0, 250.0, 1_000.0])
    func after(seconds: TimeInterval) {
        let timeline = Timeline(entries: entries, policy: .after(at(seconds)))
        #expect(timeline.nextReloadDate == at(seconds))
    }

    @Test(".after on an empty timeline still gives its date")
    func afterEmpty() {
        let timeline = Timeline<LabeledEntry>(entries: [], policy: .after(at(42)))
        #expect(timeline.nextReloadDate == at(42))
    }

    @Test(".never has no reload date")
    func never() {
        #expect(Timeline(entries: entries, policy: .never).nextReloadDate == nil)
        #expect(Timeline<LabeledEntry>(entries: [], policy: .never).nextReloadDate == nil)
    }

    @Test("the timeline keeps the policy it was given")
    func keepsPolicy() {
        #expect(Timeline(entries: entries, policy: .after(at(7))).policy == .after(at(7)))
        #expect(Timeline(entries: entries, policy: .never).policy == .never)
    }

    @Test("policy names for the manifest")
    func names() {
        #expect(TimelineReloadPolicy.atEnd.name == "atEnd")
        #expect(TimelineReloadPolicy.after(at(0)).name == "after")
        #expect(TimelineReloadPolicy.never.name == "never")
    }
}
