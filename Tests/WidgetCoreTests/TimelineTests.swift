import Foundation
import Testing
import WidgetCore

/// A minimal entry: a date and a label to tell entries apart.
struct LabeledEntry: TimelineEntry {
    let date: Date
    let label: String

    init(_ seconds: TimeInterval, _ label: String) {
        date = Date(timeIntervalSince1970: seconds)
        self.label = label
    }
}

func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

@Suite("Timeline")
struct TimelineTests {
    let timeline = Timeline(
        entries: [LabeledEntry(100, "a"), LabeledEntry(200, "b"), LabeledEntry(300, "c")], policy: .atEnd)

    @Test(
        "entryIndex picks the latest entry whose date is not after the time",
        arguments: [
            (100.0, 0),  // exactly on the first entry
            (150.0, 0),  // between the first and second
            (199.999, 0),  // just before the second
            (200.0, 1),  // exactly on the second: "not after" includes equality
            (299.0, 1),
            (300.0, 2),
        ])
    func entryIndexBetweenEntries(time: TimeInterval, expected: Int) {
        #expect(timeline.entryIndex(at: at(time)) == expected)
        #expect(timeline.entry(at: at(time))?.label == ["a", "b", "c"][expected])
    }

    @Test("before the first entry, the first is on screen (the one rule)")
    func beforeFirstIsTheFirst() {
        #expect(timeline.entryIndex(at: at(99.999)) == 0)
        #expect(timeline.entry(at: at(0))?.label == "a")
        #expect(timeline.entry(at: .distantPast)?.label == "a")
        #expect(timeline.isBeforeFirstEntry(at(99.999)))
        #expect(!timeline.isBeforeFirstEntry(at(100)))
    }

    @Test("a time after the last entry keeps showing the last entry")
    func afterLastReturnsLast() {
        #expect(timeline.entryIndex(at: at(10_000)) == 2)
        #expect(timeline.entry(at: at(10_000))?.label == "c")
        #expect(timeline.entry(at: .distantFuture)?.label == "c")
    }

    @Test("unsorted input is sorted by date")
    func unsortedInputIsSorted() {
        let shuffled = Timeline(
            entries: [LabeledEntry(300, "c"), LabeledEntry(100, "a"), LabeledEntry(400, "d"), LabeledEntry(200, "b")],
            policy: .never)
        #expect(shuffled.entries.map(\.label) == ["a", "b", "c", "d"])
        #expect(shuffled.entry(at: at(250))?.label == "b")
        #expect(shuffled.entry(at: at(50))?.label == "a")
        #expect(shuffled.entry(at: at(400))?.label == "d")
    }

    @Test("entries with equal dates keep their input order")
    func equalDatesAreStable() {
        let tied = Timeline(
            entries: [
                LabeledEntry(200, "x"), LabeledEntry(100, "a"), LabeledEntry(200, "y"), LabeledEntry(300, "c"),
                LabeledEntry(200, "z"),
            ],
            policy: .atEnd)
        #expect(tied.entries.map(\.label) == ["a", "x", "y", "z", "c"])
        // Of several entries at the same date, the last one given is the one on screen.
        #expect(tied.entryIndex(at: at(200)) == 3)
        #expect(tied.entry(at: at(250))?.label == "z")
        #expect(tied.entry(at: at(199))?.label == "a")
    }

    @Test("stable order holds for many equal dates")
    func manyEqualDatesAreStable() {
        let labels = (0..<50).map { String($0) }
        let tied = Timeline(entries: labels.map { LabeledEntry(500, $0) }, policy: .atEnd)
        #expect(tied.entries.map(\.label) == labels)
        #expect(tied.entry(at: at(500))?.label == "49")
    }

    @Test("a single entry is shown at any time")
    func singleEntry() {
        let single = Timeline(entries: [LabeledEntry(100, "only")], policy: .atEnd)
        #expect(single.entryIndex(at: at(99)) == 0)
        #expect(single.entryIndex(at: at(100)) == 0)
        #expect(single.entryIndex(at: at(101)) == 0)
    }

    @Test("an empty timeline has no entry at any time")
    func emptyTimeline() {
        let empty = Timeline<LabeledEntry>(entries: [], policy: .atEnd)
        #expect(empty.entries.isEmpty)
        for time in [Date.distantPast, at(0), at(1_000_000), Date.distantFuture] {
            #expect(empty.entryIndex(at: time) == nil)
            #expect(empty.entry(at: time) == nil)
        }
    }

    @Test("entryIndex agrees with a linear scan on a larger timeline")
    func matchesLinearScan() {
        // Dates with gaps and repeats, given out of order.
        let seconds: [TimeInterval] = [50, 10, 30, 30, 70, 10, 90, 60, 30, 80]
        let entries = seconds.enumerated().map { LabeledEntry($0.element, String($0.offset)) }
        let timeline = Timeline(entries: entries, policy: .atEnd)
        for probe in stride(from: 0.0, through: 100.0, by: 5.0) {
            let expected = timeline.entries.lastIndex { $0.date <= at(probe) } ?? 0
            #expect(timeline.entryIndex(at: at(probe)) == expected, "at \(probe)")
        }
        #expect(timeline.entries.map(\.date) == timeline.entries.map(\.date).sorted())
    }
}
