import Foundation
import Testing

@testable import WidgetDates

/// `Text(date, style: .relative)` and `.offset` in every locale (#31): CLDR's units and lists
/// outside en-US, ja and ko, which are unchanged.
@Suite("Spans in any locale")
struct AnyLocaleSpanTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let utc = TimeZone.utc

    @Test(arguments: [
        ("en", "2 hours, 23 minutes"), ("ja", "2時間23分"), ("ko", "2시간 23분"),
        ("de", "2 Stunden und 23 Minuten"), ("fr", "2\u{A0}heures et 23 minutes"), ("es", "2 horas y 23 minutos"),
        ("hi", "2 घंटे और 23 मिनट"), ("ar-EG", "ساعتان و٢٣ دقيقة"), ("en-GB", "2 hours, 23 minutes"),
    ])
    func hoursAndMinutes(_ identifier: String, _ expected: String) {
        let date = Self.now.addingTimeInterval(-(2 * 3600 + 23 * 60))
        #expect(
            DateText.relative(date, to: Self.now, locale: Locale(identifier: identifier), timeZone: Self.utc)
                == expected)
    }

    @Test(arguments: [
        ("de", "1 Jahr und 2 Monate"), ("fr", "1 an et 2 mois"), ("pt-BR", "1 ano e 2 meses"),
        ("zh-Hans", "1年2个月"), ("ar-EG", "سنة واحدة وشهران"), ("hi", "1 वर्ष और 2 महीने"),
    ])
    func yearsAndMonths(_ identifier: String, _ expected: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.utc
        let date = try #require(calendar.date(byAdding: DateComponents(year: -1, month: -2), to: Self.now))
        #expect(
            DateText.relative(date, to: Self.now, locale: Locale(identifier: identifier), timeZone: Self.utc)
                == expected)
    }

    @Test func offsetsAndArabicPlurals() {
        let locale = Locale(identifier: "de")
        #expect(
            DateText.offset(Self.now.addingTimeInterval(7200), from: Self.now, locale: locale, timeZone: Self.utc)
                == "+2 Stunden")
        #expect(DateText.offset(Self.now, from: Self.now, locale: locale, timeZone: Self.utc) == "+0 Sekunden")
        let arabic = Locale(identifier: "ar")
        #expect(DateText.unit(.month, 5, locale: arabic) == "5 أشهر")
        #expect(DateText.unit(.month, 11, locale: arabic) == "11 شهرًا")
        #expect(DateText.unit(.year, 2, locale: arabic) == "سنتان")
        // An absurd count neither traps nor overflows: it reads English.
        #expect(DateText.unit(.day, Int.max, locale: locale) == "\(Int.max) days")
        // A language without a table: CLDR's days, English years.
        #expect(DateText.unit(.day, 3, locale: Locale(identifier: "sv")) == "3 dygn")
        #expect(DateText.unit(.year, 3, locale: Locale(identifier: "sv")) == "3 years")
    }
}
