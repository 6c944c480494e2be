import Foundation
import PropertyBased
import Testing
import WidgetData

/// Properties of number reading that hold for any text: a finite Double written out reads back
/// as itself, and whatever a cell holds, a parser returns finite values or skips the row with a
/// warning naming its line; it never traps and never returns NaN or infinity.
@Suite("Numbers: properties")
struct NumberPropertyTests {
    @Test("a finite Double written in a CSV close column reads back exactly")
    func roundTrip() async {
        await propertyCheck(count: 300, input: Gen.double(in: -1e300...1e300)) { value in
            let csv = "date,close\n2021-01-01,\(value)\n"
            let bars = try? SeriesReader().readOHLC(Data(csv.utf8), source: "p.csv").value.bars
            #expect(bars?.first?.close == value, "\(value) read back as \(String(describing: bars?.first?.close))")
        }
    }

    /// Text made of what numbers are made of, in any order: digits, signs, marks, exponents,
    /// the spellings of NaN and infinity.
    static let cell = Gen<Character?>.element(of: Array("0123456789+-.,eEnNaIif x") as [Character]).map { $0 ?? "0" }
        .string(of: 1...30)

    @Test("any cell gives a finite value or one warning naming its line, never a trap")
    func anyCell() async {
        await propertyCheck(count: 500, input: Self.cell) { cell in
            let csv = "date,close\n2021-01-01,1\n2021-01-02,\"\(cell)\"\n"
            do {
                let result = try SeriesReader().readOHLC(Data(csv.utf8), source: "p.csv")
                #expect(result.value.bars.allSatisfy { $0.close.isFinite })
                #expect(result.value.bars.count + result.warnings.count == 2, "\(cell)")
                #expect(result.warnings.allSatisfy { $0.location == "3" })
            } catch {
                Issue.record("a good row and one odd cell threw \(error)")
            }
        }
    }
}
