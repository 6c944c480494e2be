import Foundation
import Testing
import WidgetDates

/// What `Text(date, style:)` writes, in English, Japanese and Korean, as iOS writes it.
@Suite struct DateTextTests {
    static let en = Locale(identifier: "en")
    static let ja = Locale(identifier: "ja")
    static let ko = Locale(identifier: "ko_KR")
    static let now = Date(timeIntervalSince1970: 1_767_258_000)  // 2026-01-01T09:00:00Z, a Thursday
    static let utc = TimeZone.utc

    @Test func timeAndDay() {
        let afternoon = Self.now.addingTimeInterval(5 * 3600 + 37 * 60)
        #expect(DateText.time(afternoon, locale: Self.en, timeZone: Self.utc) == "2:37 PM")
        #expect(DateText.time(afternoon, locale: Self.ja, timeZone: Self.utc) == "14:37")
        #expect(DateText.time(afternoon, locale: Self.ko, timeZone: Self.utc) == "오후 2:37")
        #expect(
            DateText.time(Self.now.addingTimeInterval(-9 * 3600), locale: Self.en, timeZone: Self.utc) == "12:00 AM")
        #expect(DateText.date(Self.now, locale: Self.en, timeZone: Self.utc) == "January 1, 2026")
        #expect(DateText.date(Self.now, locale: Self.ja, timeZone: Self.utc) == "2026年1月1日")
        #expect(DateText.date(Self.now, locale: Self.ko, timeZone: Self.utc) == "2026년 1월 1일")
        #expect(DateText.abbreviatedDate(Self.now, locale: Self.en, timeZone: Self.utc) == "Jan 1, 2026")
        #expect(DateText.monthDay(Self.now, locale: Self.ko, timeZone: Self.utc) == "1월 1일")
        // Every other locale writes its dates from CLDR, as iOS does.
        #expect(
            DateText.date(Self.now, locale: Locale(identifier: "pt-BR"), timeZone: Self.utc) == "1 de janeiro de 2026")
        #expect(DateText.time(afternoon, locale: Locale(identifier: "de"), timeZone: Self.utc) == "14:37")
        #expect(DateText.numericDate(Self.now, locale: Locale(identifier: "en-GB"), timeZone: Self.utc) == "01/01/26")
        #expect(DateText.numericDate(Self.now, locale: Self.ja, timeZone: Self.utc) == "26/1/1")
    }

    @Test func relativeCountsFromTheTimeShown() {
        let later = Self.now.addingTimeInterval(2 * 3600 + 23 * 60 + 10)
        #expect(DateText.relative(later, to: Self.now, locale: Self.en, timeZone: Self.utc) == "2 hours, 23 minutes")
        #expect(DateText.relative(Self.now, to: later, locale: Self.en, timeZone: Self.utc) == "2 hours, 23 minutes")
        #expect(DateText.relative(later, to: Self.now, locale: Self.ja, timeZone: Self.utc) == "2時間23分")
        #expect(DateText.relative(later, to: Self.now, locale: Self.ko, timeZone: Self.utc) == "2시간 23분")
        #expect(DateText.relative(Self.now, to: Self.now, locale: Self.en, timeZone: Self.utc) == "0 seconds")
        #expect(
            DateText.relative(Self.now.addingTimeInterval(61), to: Self.now, locale: Self.en, timeZone: Self.utc)
                == "1 minute, 1 second")
        // Calendar months: 2026-01-31 to 2026-03-01 is one month and one day (February is short).
        let january31 = Date(timeIntervalSince1970: 1_769_817_600)
        let march1 = Date(timeIntervalSince1970: 1_772_323_200)
        #expect(DateText.relative(march1, to: january31, locale: Self.en, timeZone: Self.utc) == "1 month, 1 day")
        let yearLater = Date(timeIntervalSince1970: 1_767_258_000 + 396 * 86_400)
        #expect(DateText.relative(yearLater, to: Self.now, locale: Self.en, timeZone: Self.utc) == "1 year, 1 month")
    }

    @Test func offsetAndTimer() {
        let later = Self.now.addingTimeInterval(2 * 3600 + 5 * 60)
        #expect(DateText.offset(later, from: Self.now, locale: Self.en, timeZone: Self.utc) == "+2 hours")
        #expect(DateText.offset(Self.now, from: later, locale: Self.en, timeZone: Self.utc) == "-2 hours")
        #expect(DateText.offset(later, from: Self.now, locale: Self.ja, timeZone: Self.utc) == "+2時間")
        #expect(DateText.timer(Self.now.addingTimeInterval(152), from: Self.now) == "2:32")
        #expect(DateText.timer(Self.now, from: Self.now.addingTimeInterval(36 * 3600 + 59 * 60 + 1)) == "36:59:01")
        #expect(DateText.timer(Date(timeIntervalSince1970: .infinity), from: Self.now) == "–")
    }

    @Test func stampsForFileNames() {
        #expect(DateText.stamp(Self.now) == "20260101T090000Z")
        #expect(DateText.stamp(Date(timeIntervalSince1970: -1)) == "19691231T235959Z")
        #expect(DateText.stamp(Date(timeIntervalSince1970: .nan)) == "00000000T000000Z")
    }

    @Test func languageSubtags() {
        #expect(Locale(identifier: "ja_JP").languageSubtag == "ja")
        #expect(Locale(identifier: "ko-KR").languageSubtag == "ko")
        #expect(Locale(identifier: "en").pick(en: "a", ja: "b", ko: "c") == "a")
        #expect(Locale(identifier: "ko").pick(en: "a", ja: "b", ko: "c") == "c")
        #expect(Locale(identifier: "fr").pick(en: "a", ja: "b", ko: "c") == "a")
    }
}
