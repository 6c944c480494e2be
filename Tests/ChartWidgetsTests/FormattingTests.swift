import Foundation
import Testing

@testable import ChartWidgets

@Suite("Formatting")
struct FormattingTests {
    @Test(arguments: [
        (29_039.014, "29,039.01"), (1_000, "1,000.00"), (806.186, "806.19"), (10, "10.00"), (12.3456, "12.35"),
        // Under 10: four decimals, so a currency pair keeps its pips.
        (1.2345, "1.2345"), (1.23456, "1.2346"), (9.87654, "9.8765"), (1, "1.0000"),
        // Under 1: four significant digits, at least four decimals, at most eight.
        (0.7541, "0.7541"), (0.075412, "0.07541"), (0.00012345678, "0.0001235"), (0.000000012345, "1.235e-8"),
        (-1.2345, "-1.2345"), (0, "0.00"),
    ])
    func pricePrecisionSuitsTheSize(value: Double, expected: String) {
        #expect(Formatting.price(value) == expected)
    }

    @Test func priceRoundingIntoTheNextBandUsesThatBandsPrecision() {
        #expect(Formatting.price(9.99996) == "10.00")
        #expect(Formatting.price(0.999996) == "1.0000")
    }

    @Test func priceOfNonFiniteIsADash() {
        #expect(Formatting.price(.nan) == "–")
        #expect(Formatting.price(.infinity) == "–")
    }

    /// Prices too large for cents (× 100 overflows past 1.8e306) are shown whole, never a trap;
    /// past a thousand trillion, with their power of ten.
    @Test func hugePricesAreShownWhole() {
        #expect(Formatting.price(.greatestFiniteMagnitude) == "1.8e308")
        #expect(Formatting.price(-1.8e306) == "-1.8e306")
        #expect(Formatting.price(1.65e300) == "1.65e300")
        #expect(Formatting.price(1e16) == "10,000,000,000,000,000")
        #expect(Formatting.price(-1e16) == "-10,000,000,000,000,000")
        #expect(Formatting.price(1e13 + 0.25) == "10,000,000,000,000.25")
    }

    @Test(arguments: [
        (2.314, "+2.31%"), (-0.4, "-0.40%"), (0, "0.00%"), (-0.0, "0.00%"), (0.004, "0.00%"), (-0.004, "0.00%"),
        (0.006, "+0.01%"),
    ])
    func percentHasNoSignForNoChange(value: Double, expected: String) {
        #expect(Formatting.percent(value) == expected)
    }

    @Test(arguments: [
        (1_204_000.0, "en", "1.2M"), (31_814.52, "en", "31.8K"), (999, "en", "999"), (-45_000, "en", "-45K"),
        (134_000, "ja", "13.4万"), (31_814.52, "ja", "3.18万"), (9_231, "ja", "9,231"), (120_000_000, "ja", "1.2億"),
        (30_000, "ja", "3万"), (134_000, "ko", "13.4만"), (9_231, "ko", "9,231"), (250_000_000, "ko", "2.5억"),
        (1.5e12, "ko", "1.5조"), (.nan, "ja", "–"),
    ])
    func compactUsesTheLanguagesUnits(value: Double, language: String, expected: String) {
        #expect(Formatting.compact(value, locale: Locale(identifier: language)) == expected)
    }

    @Test func labelledFollowsTheLanguagesWordOrder() {
        #expect(Formatting.labelled("+79,863", "new", locale: Locale(identifier: "en")) == "+79,863 new")
        #expect(Formatting.labelled("+79,863", "新規", locale: Locale(identifier: "ja")) == "新規 +79,863")
        #expect(Formatting.labelled("0", "오늘", locale: Locale(identifier: "ko-KR")) == "오늘 0")
    }

    @Test func aNameGivesWayBeforeItsFigures() {
        let line = Formatting.fitted(name: "Saint Vincent and the Grenadines", then: " 12 cases", width: 160, size: 14)
        #expect(line.hasSuffix("… 12 cases"))
        #expect(line.hasPrefix("Saint Vin"))
        #expect(Formatting.estimatedWidth(line, size: 14) <= 160)
        #expect(Formatting.fitted(name: "Japan", then: " 9,231 cases", width: 160, size: 14) == "Japan 9,231 cases")
        // No room at all: only the figures and the ellipsis remain.
        #expect(Formatting.fitted(name: "Japan", then: " 9,231 cases", width: 10, size: 14) == "… 9,231 cases")
    }

    @Test func signedHasNoSignForZero() {
        #expect(Formatting.signed(1_204) == "+1,204")
        #expect(Formatting.signed(-12) == "-12")
        #expect(Formatting.signed(0) == "0")
        #expect(Formatting.signed(0.3) == "0")
    }

    @Test func changeTrendIsFlatWhenItRoundsToZero() {
        #expect(ChangeTrend(percent: 0) == .flat)
        #expect(ChangeTrend(percent: 0.004) == .flat)
        #expect(ChangeTrend(percent: -0.004) == .flat)
        #expect(ChangeTrend(percent: .nan) == .flat)
        #expect(ChangeTrend(percent: 0.01) == .up)
        #expect(ChangeTrend(percent: -0.01) == .down)
    }

    // MARK: Axis labels

    @Test(arguments: [
        // One axis, one precision: a trailing zero is kept when a neighbour needs the decimal.
        ([29_000.0, 31_500], "en", ["29.0K", "31.5K"]), ([29_000, 31_500], "ja", ["2.90万", "3.15万"]),
        ([29_000, 31_500], "ko", ["2.90만", "3.15만"]), ([15_800, 31_500], "en", ["15.8K", "31.5K"]),
        // …and dropped when every label can lose it.
        ([0, 80_000], "en", ["0", "80K"]), ([0, 25_000], "ja", ["0", "2.5万"]), ([0, 120_000], "ko", ["0", "12만"]),
        ([20_000, 30_000], "en", ["20K", "30K"]),
        // The largest sets the unit's precision; a figure under that unit keeps its own form.
        ([25_100, 134_000], "en", ["25K", "134K"]), ([9_800, 31_500], "ja", ["9,800", "3.15万"]),
        ([0, 8], "en", ["0", "8"]),
    ])
    func compactAxisLabelsShareOnePrecision(values: [Double], language: String, expected: [String]) {
        #expect(Formatting.compactAxis(values, locale: Locale(identifier: language)) == expected)
    }

    @Test func priceAxisLabelsShareOnePrecision() {
        let en = Locale(identifier: "en")
        #expect(Formatting.priceAxis([9.5, 10.5], locale: en) == ["9.5000", "10.5000"])
        #expect(Formatting.priceAxis([806.19, 1_204.5], locale: en) == ["806.19", "1,204.50"])
        #expect(Formatting.priceAxis([9_500, 12_000], locale: en) == ["9.5K", "12.0K"])
        #expect(Formatting.priceAxis([29_000, 31_500], locale: Locale(identifier: "ja")) == ["2.90万", "3.15万"])
    }

    /// Past a thousand of the largest unit no language has a word: three figures and the power
    /// of ten, in compact figures and on an axis (a 300-digit label ran off the card).
    @Test func figuresPastTheLargestUnitHaveAPowerOfTen() {
        #expect(Formatting.compact(999e12) == "999T")
        #expect(Formatting.compact(1e15) == "1e15")
        #expect(Formatting.compact(-2.345e20, locale: Locale(identifier: "ja")) == "-2.35e20")
        #expect(Formatting.compact(9.999e17) == "1e18")
        #expect(Formatting.compact(.greatestFiniteMagnitude, locale: Locale(identifier: "ko")) == "1.8e308")
        #expect(Formatting.compactAxis([1e300, 1.7e308], locale: Locale(identifier: "en")) == ["1e300", "1.7e308"])
        #expect(Formatting.compactAxis([1e12, 5e12], locale: Locale(identifier: "en")) == ["1T", "5T"])
    }
}
