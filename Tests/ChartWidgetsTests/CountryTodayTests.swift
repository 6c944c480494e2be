import Foundation
import Testing
import WidgetData
import WidgetRender

@testable import ChartWidgets

/// Before a country reports, disease.sh's figures for the day are 0: the widget says there is no
/// report rather than state a zero as fact.
@Suite("A day not reported yet is not a zero")
struct CountryTodayTests {
    static func status(todayCases: Double, todayDeaths: Double) -> CountryStatus {
        CountryStatus(
            country: "Japan", iso2: "JP", iso3: "JPN", updated: Date(timeIntervalSince1970: 1_587_134_275),
            cases: 9_231, todayCases: todayCases, deaths: 190, todayDeaths: todayDeaths, recovered: 935,
            active: 8_106, critical: 148, tests: nil)
    }

    /// The status's own day, 2020-04-17 in UTC, a few hours after its update.
    static let sameDay = Date(timeIntervalSince1970: 1_587_150_000)

    static func shown(_ language: String, at date: Date = sameDay) -> ViewContext {
        ViewContext(
            family: .systemMedium, displaySize: Size(width: 364, height: 170), locale: Locale(identifier: language),
            date: date)
    }

    @Test func anUnreportedDayIsSaidInWordsInEveryLanguage() {
        let status = Self.status(todayCases: 0, todayDeaths: 0)
        #expect(!CountryStatusWidgetView.reportedToday(status))
        // Not a dash: "– today" reads as "minus today".
        #expect(CountryStatusWidgetView.today(0, of: status, in: Self.shown("en")) == "no report today")
        #expect(CountryStatusWidgetView.today(0, of: status, in: Self.shown("ja")) == "本日未発表")
        #expect(CountryStatusWidgetView.today(0, of: status, in: Self.shown("ko")) == "오늘 미발표")
        // Beside the label on the shortest widgets.
        #expect(CountryStatusWidgetView.today(0, of: status, compact: true, in: Self.shown("en")) == "no report")
        #expect(CountryStatusWidgetView.today(0, of: status, compact: true, in: Self.shown("ko")) == "미발표")
    }

    @Test func aReportedDayShowsItsFigures() {
        let status = Self.status(todayCases: 5_600, todayDeaths: 0)
        #expect(CountryStatusWidgetView.reportedToday(status))
        #expect(CountryStatusWidgetView.today(5_600, of: status, in: Self.shown("en")) == "+5,600 today")
        #expect(CountryStatusWidgetView.today(0, of: status, in: Self.shown("en")) == "0 today")
        #expect(
            CountryStatusWidgetView.today(5_600, of: status, compact: true, in: Self.shown("ja")) == "本日 +5,600")
    }

    /// Figures from 2020 shown in 2026 are that day's, not today's: "today" would be untrue.
    @Test func anotherDaysFiguresAreNewNotToday() {
        let later = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
        let status = Self.status(todayCases: 5_600, todayDeaths: 0)
        #expect(CountryStatusWidgetView.today(5_600, of: status, in: Self.shown("en", at: later)) == "+5,600 new")
        #expect(CountryStatusWidgetView.today(5_600, of: status, in: Self.shown("ja", at: later)) == "新規 +5,600")
        #expect(CountryStatusWidgetView.today(5_600, of: status, in: Self.shown("ko", at: later)) == "신규 +5,600")
        // The next day too: the figure is still the 17th's.
        let nextDay = Date(timeIntervalSince1970: 1_587_150_000 + 86_400)
        #expect(CountryStatusWidgetView.today(5_600, of: status, in: Self.shown("en", at: nextDay)) == "+5,600 new")
        let unreported = Self.status(todayCases: 0, todayDeaths: 0)
        #expect(CountryStatusWidgetView.today(0, of: unreported, in: Self.shown("en", at: later)) == "no report")
        #expect(CountryStatusWidgetView.today(0, of: unreported, in: Self.shown("ja", at: later)) == "未発表")
    }
}
