import Foundation
import PropertyBased
import Testing
import WidgetData

/// Properties of number reading that hold for any value: a finite Double written out reads back
/// as itself, and whatever the text, a parser returns finite values or refuses, never traps.
@Suite("Numbers: properties")
struct NumberPropertyTests {
    @Test("a finite Double written in a CSV close column reads back exactly")
    func roundTrip() async throws {
        await propertyCheck(count: 300, input: Gen.double(in: -1e300...1e300)) { value in
            let csv = "date,close\n2021-01-01,\(value)\n"
            let bars = try? SeriesReader().readOHLC(Data(csv.utf8), source: "p.csv").value.bars
            #expect(bars?.first?.close == value, "\(value) read back as \(String(describing: bars?.first?.close))")
        }
    }
}
