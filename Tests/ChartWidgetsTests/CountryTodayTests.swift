import Foundation
import Testing
import WidgetData

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

    @Test func anUnreportedDayIsSaidInWordsInEveryLanguage() {
        let status = Self.status(todayCases: 0, todayDeaths: 0)
        #expect(!CountryStatusWidgetView.reportedToday(status))
        // Not a dash: "– today" reads as "minus today".
        #expect(CountryStatusWidgetView.today(0, of: status, Locale(identifier: "en")) == "no report today")
        #expect(CountryStatusWidgetView.today(0, of: status, Locale(identifier: "ja")) == "本日未発表")
        #expect(CountryStatusWidgetView.today(0, of: status, Locale(identifier: "ko")) == "오늘 미발표")
        // Beside the label on the shortest widgets.
        #expect(CountryStatusWidgetView.today(0, of: status, compact: true, Locale(identifier: "en")) == "no report")
        #expect(CountryStatusWidgetView.today(0, of: status, compact: true, Locale(identifier: "ko")) == "미발표")
    }

    @Test func aReportedDayShowsItsFigures() {
        let status = Self.status(todayCases: 5_600, todayDeaths: 0)
        #expect(CountryStatusWidgetView.reportedToday(status))
        #expect(CountryStatusWidgetView.today(5_600, of: status, Locale(identifier: "en")) == "+5,600 today")
        #expect(CountryStatusWidgetView.today(0, of: status, Locale(identifier: "en")) == "0 today")
        #expect(
            CountryStatusWidgetView.today(5_600, of: status, compact: true, Locale(identifier: "ja")) == "本日 +5,600")
    }
}
