import Foundation
import Testing

@testable import ChartWidgets

@Suite("Count axis")
struct CountAxisTests {
    @Test(arguments: [
        (83_600.0, 100_000.0), (100_513, 120_000), (17_700, 20_000), (8_193, 10_000), (1_000, 1_000),
        (41, 50), (12, 12), (7.2, 8), (0.4, 1),
    ])
    func theTopIsTheNextRoundFigure(high: Double, top: Double) throws {
        let axis = try #require(CountAxis(values: [0, high / 2, high], locale: Locale(identifier: "en")))
        #expect(axis.top == top)
        // The data keeps at least 75 % of the plot's height (whole tops under ten aside).
        if high >= 10 { #expect(high / axis.top >= 0.75 - 1e-9) }
    }

    @Test func labelsAreInTheLanguagesUnits() throws {
        let values = [17_700.0, 83_600]
        #expect(CountAxis(values: values, locale: Locale(identifier: "en"))?.topLabel == "100K")
        #expect(CountAxis(values: values, locale: Locale(identifier: "ja"))?.topLabel == "10万")
        #expect(CountAxis(values: [25_000], locale: Locale(identifier: "ko"))?.topLabel == "2.5만")
        #expect(CountAxis(values: values, locale: Locale(identifier: "ko"))?.zeroLabel == "0")
    }

    @Test func nothingAboveZeroHasNoAxis() {
        #expect(CountAxis(values: [], locale: Locale(identifier: "en")) == nil)
        #expect(CountAxis(values: [0, 0, .nan], locale: Locale(identifier: "en")) == nil)
    }
}
