import Foundation
import WidgetData

/// The rules of `Sources/WidgetData/DATA-RULES.md` that hold for *any* input, checked on what a
/// parser returned or threw. Each broken rule stops the process with a message naming it.
enum Invariants {
    /// The most warnings one parse may return: the detailed ones and one summary line.
    static var maximumWarnings: Int { DataWarning.maximumPerParse + 1 }
    /// The longest message allowed: quoted cells are cut short, so a message stays a line.
    static var maximumMessageLength: Int { 2_000 }

    static func ohlc(exchange: Bool, _ parse: () throws(DataError) -> ParseResult<OHLCSeries>) {
        do {
            let result = try parse()
            check(result.warnings)
            let bars = result.value.bars
            require(!bars.isEmpty, "an empty series was returned")
            var previous = -Double.infinity
            for bar in bars {
                let time = bar.time.timeIntervalSince1970
                require(time.isFinite && time > previous, "bar times not finite and strictly increasing: \(time)")
                require(!exchange || time >= 0, "an exchange bar before 1970: \(time)")
                previous = time
                let values = [bar.open, bar.high, bar.low, bar.close] + (bar.volume.map { [$0] } ?? [])
                require(values.allSatisfy(\.isFinite), "a value is not finite: \(values)")
                require(bar.low <= bar.high, "high below low: \(bar)")
                require((bar.low...bar.high).contains(bar.open), "open outside low…high: \(bar)")
                require((bar.low...bar.high).contains(bar.close), "close outside low…high: \(bar)")
            }
        } catch {
            check(error)
        }
    }

    static func cases(_ parse: () throws(DataError) -> ParseResult<CaseSeries>) {
        do {
            let result = try parse()
            check(result.warnings)
            require(!result.value.columns.isEmpty, "an empty series was returned")
            for column in result.value.columns {
                require(!column.values.isEmpty, "an empty column \(column.name) was returned")
                var previous = -Double.infinity
                for value in column.values {
                    let time = value.date.timeIntervalSince1970
                    require(time.isFinite && time > previous, "dates not strictly increasing in \(column.name)")
                    previous = time
                    require(value.value.isFinite, "a count is not finite in \(column.name)")
                    require(
                        !CaseSeries.isCumulative(column.name) || value.value >= 0,
                        "a negative cumulative count in \(column.name): \(value.value)")
                }
            }
        } catch {
            check(error)
        }
    }

    static func countries(_ parse: () throws(DataError) -> [CountryStatus]) {
        do {
            let countries = try parse()
            require(!countries.isEmpty, "no countries were returned")
            for country in countries {
                let counts = [
                    country.cases, country.todayCases, country.deaths, country.todayDeaths, country.recovered,
                    country.active, country.critical ?? 0, country.tests ?? 0,
                ]
                require(counts.allSatisfy(\.isFinite), "a count is not finite: \(country)")
                require(country.updated.timeIntervalSince1970.isFinite, "the update time is not finite")
                require(
                    [country.cases, country.deaths, country.recovered, country.tests ?? 0, country.critical ?? 0]
                        .allSatisfy {
                            $0 >= 0
                        },
                    "a negative cumulative count: \(country)")
            }
        } catch {
            check(error)
        }
    }

    static func any(_ parse: () throws(DataError) -> ParseResult<SeriesData>) {
        do {
            let result = try parse()
            switch result.value {
            case .ohlc(let series):
                ohlc(exchange: [.binance, .coinbase, .kraken, .cryptowatch].contains(result.format)) {
                    ParseResult(value: series, format: result.format, warnings: result.warnings)
                }
            case .cases(let series):
                cases { ParseResult(value: series, format: result.format, warnings: result.warnings) }
            case .countries(let list):
                check(result.warnings)
                countries { list }
            }
        } catch {
            check(error)
        }
    }

    /// Runs `body`, checking only the error it may throw.
    static func error(_ body: () throws(DataError) -> Void) {
        do {
            try body()
        } catch {
            check(error)
        }
    }

    static func check(_ warnings: [DataWarning]) {
        require(warnings.count <= maximumWarnings, "\(warnings.count) warnings, over the cap")
        for warning in warnings { checkLine(warning.description) }
    }

    static func check(_ error: DataError) {
        checkLine(error.description)
        require(!error.kind.description.isEmpty, "an error without a kind")
    }

    /// One line of plain text, of a bounded length.
    static func checkLine(_ text: String) {
        require(!text.isEmpty, "an empty message")
        require(text.count <= maximumMessageLength, "a message of \(text.count) characters: \(text.prefix(300))…")
        require(
            !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
            "a control character in a message: \(text.debugDescription.prefix(300))")
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }
}
