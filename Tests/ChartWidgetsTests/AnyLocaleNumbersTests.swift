import Foundation
import Testing
import WidgetRender

@testable import ChartWidgets

/// Every locale writes figures with its own digits, separators, signs and grouping, from the
/// platform's CLDR data; English (US), Japanese and Korean keep the forms written by hand.
@Suite("Numbers and dates in any locale")
struct AnyLocaleNumbersTests {
    static func locale(_ identifier: String) -> Locale { Locale(identifier: identifier) }

    @Test func theHandWrittenLocalesAreUnchanged() {
        for identifier in ["en", "en_US", "en-US", "ja", "ja_JP", "ko", "ko-KR"] {
            let locale = Self.locale(identifier)
            #expect(locale.usesBuiltInForms, "\(identifier)")
            #expect(Formatting.price(29_039.01, locale: locale) == "29,039.01")
            #expect(Formatting.percent(-4.14, locale: locale) == "-4.14%")
        }
        #expect(!Self.locale("en-GB").usesBuiltInForms)
        #expect(!Self.locale("de").usesBuiltInForms)
    }

    @Test func germanAndFrenchSeparators() {
        let de = Self.locale("de")
        #expect(Formatting.price(29_039.01, locale: de) == "29.039,01")
        #expect(Formatting.grouped(1_234_567, locale: de) == "1.234.567")
        #expect(Formatting.percent(-4.14, locale: de) == "-4,14\u{A0}%")
        #expect(Formatting.signed(1_161, locale: de) == "+1.161")
        let fr = Self.locale("fr")
        #expect(Formatting.grouped(9_787, locale: fr) == "9\u{202F}787")
        #expect(Formatting.signed(1_161, locale: fr) == "+1\u{202F}161")
        #expect(Formatting.price(0.7541, locale: fr) == "0,7541")
        #expect(Formatting.wholePercent(88, locale: fr) == "88\u{A0}%")
    }

    @Test func groupingRulesOtherThanThousands() {
        // Indian grouping: lakh and crore.
        #expect(Formatting.grouped(1_234_567, locale: Self.locale("en-IN")) == "12,34,567")
        #expect(Formatting.grouped(123_456_789, locale: Self.locale("hi-IN")) == "12,34,56,789")
        // Spanish groups from five digits.
        #expect(Formatting.grouped(1_234, locale: Self.locale("es")) == "1234")
        #expect(Formatting.grouped(12_345, locale: Self.locale("es")) == "12.345")
        // Swiss German.
        #expect(Formatting.price(29_039.01, locale: Self.locale("de-CH")) == "29’039.01")
    }

    @Test func theLocalesOwnDigits() {
        let arabic = Self.locale("ar-EG")
        #expect(Formatting.grouped(1_234, locale: arabic) == "١٬٢٣٤")
        #expect(Formatting.price(12.5, locale: arabic) == "١٢٫٥٠")
    }

    @Test func compactFiguresInTheLocalesUnits() {
        #expect(Formatting.compact(1_976_191, locale: Self.locale("de")) == "1,98\u{A0}Mio.")
        // German has no unit for thousands: the whole figure, grouped, not 441.000.
        #expect(Formatting.compact(440_897, locale: Self.locale("de")) == "440.897")
        #expect(Formatting.compact(1_976_191, locale: Self.locale("en-IN")) == "19.8L")
    }

    @Test func datesFromCLDR() {
        let date = Date(timeIntervalSince1970: 1_691_323_200)  // 2023-08-06 12:00 UTC
        let utc = TimeZone(identifier: "UTC") ?? .current
        #expect(Formatting.longDate(date, locale: Self.locale("de"), timeZone: utc) == "6. Aug. 2023")
        #expect(Formatting.shortDate(date, locale: Self.locale("de"), timeZone: utc) == "6. Aug.")
        #expect(Formatting.time(date, locale: Self.locale("de"), timeZone: utc) == "12:00")
        #expect(Formatting.longDate(date, locale: Self.locale("en-GB"), timeZone: utc) == "6 Aug 2023")
        // The hand-written forms stay.
        #expect(Formatting.longDate(date, locale: Self.locale("en"), timeZone: utc) == "Aug 6, 2023")
        #expect(Formatting.time(date, locale: Self.locale("en"), timeZone: utc) == "12:00 PM")
    }
}
