import Foundation

/// Every data format WidgetRender reads, with the name `--format` takes and a one-line example.
///
/// The formats are normally detected from the content (see ``detect(in:source:)``); naming one
/// overrides detection. `widgetrender formats` lists them from ``allCases``.
///
/// ```swift
/// for format in SeriesFormat.allCases {
///     print(format.name.padding(toLength: 22, withPad: " ", startingAt: 0), format.summary)
/// }
/// SeriesFormat(name: "Kraken")   // .kraken
/// ```
public enum SeriesFormat: String, Sendable, Hashable, CaseIterable {
    /// Cryptowatch `/markets/{exchange}/{pair}/ohlc`.
    case cryptowatch
    /// Binance `/api/v3/klines`.
    case binance
    /// Coinbase Exchange `/products/{id}/candles`.
    case coinbase
    /// Kraken `/0/public/OHLC`.
    case kraken
    /// Yahoo Finance CSV export, current or legacy column order.
    case yahoo
    /// pandas `DataFrame.to_csv()` with an unnamed date index (backtesting.py's samples).
    case pandas
    /// Any CSV with a date/time column and a close (or one chosen value) column.
    case csv
    /// disease.sh `/countries` or `/countries/{country}`.
    case diseaseShCountries = "diseasesh-countries"
    /// disease.sh `/historical/{country}`, `/historical/all` or `/historical`.
    case diseaseShHistorical = "diseasesh-historical"
    /// JHU CSSE wide time series (`time_series_covid19_*_global.csv` or `_US.csv`).
    case jhu
    /// New York Times long CSV: `us.csv`, `us-states.csv`, `us-counties.csv`.
    case nyt
    /// Our World in Data `owid-covid-data.csv`.
    case owid
    /// Any other table of dated prices or counts (``GenericTableParser``): CSV with any
    /// delimiter, JSON records, JSON arrays side by side; the date column found by its content.
    case generic

    /// The name `--format` takes.
    public var name: String { rawValue }

    /// The format named `name`, ignoring case (`disease.sh-historical` and `diseaseshhistorical` also work).
    ///
    /// - Parameter name: a format name as a user types it.
    public init?(name: String) {
        let wanted = Self.squash(name)
        guard let format = Self.allCases.first(where: { Self.squash($0.rawValue) == wanted }) else { return nil }
        self = format
    }

    private static func squash(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }

    /// The kind of data the format holds; ``generic`` holds prices or, when its columns are
    /// named as counts, case counts (see ``kinds``).
    public var kind: SeriesKind {
        switch self {
        case .cryptowatch, .binance, .coinbase, .kraken, .yahoo, .pandas, .csv, .generic: .ohlc
        case .diseaseShHistorical, .jhu, .nyt, .owid: .cases
        case .diseaseShCountries: .countryStatus
        }
    }

    /// Every kind of data the format can hold: one for the named formats, prices and case
    /// counts for ``generic``.
    public var kinds: [SeriesKind] {
        self == .generic ? [.ohlc, .cases] : [kind]
    }

    /// One line saying what the format is.
    public var summary: String {
        switch self {
        case .cryptowatch: "Cryptowatch OHLC JSON; candles stamped with their close time"
        case .binance: "Binance klines JSON; ms times, prices as strings"
        case .coinbase: "Coinbase Exchange candles JSON; [time, low, high, open, close, volume], newest first"
        case .kraken: "Kraken OHLC JSON; the last candle is the running one (kept)"
        case .yahoo: "Yahoo Finance CSV export; columns matched by name, null rows skipped"
        case .pandas: "pandas CSV with an unnamed date index column (backtesting.py)"
        case .csv: "any CSV with a date/time column and close values (or a column chosen by name)"
        case .diseaseShCountries: "disease.sh /countries JSON; one status per country"
        case .diseaseShHistorical: "disease.sh /historical JSON; provinces summed per country"
        case .jhu: "JHU CSSE wide time series CSV; rows of a country summed"
        case .nyt: "NYT covid-19-data long CSV; us, us-states or us-counties"
        case .owid: "Our World in Data long CSV; a location by name or iso_code"
        case .generic:
            "any other CSV (, ; tab |) or JSON table: the date column found by content, prices or counts by name"
        }
    }

    /// A one-line example of the content (`⏎` marks a line break).
    public var example: String {
        switch self {
        case .cryptowatch:
            #"{"result":{"3600":[[1474736400,8744,8756.1,8710,8753.5,91.58314308,799449.488966417]]},"allowance":{…}}"#
        case .binance:
            #"[[1731748020000,"0.72270000","0.72560000","0.72270000","0.72440000","574761.5",1731748079999,"416461.9",1760,"343792.9","249110.9","0"]]"#
        case .coinbase: "[[1700006400,36500.1,37100,36800.5,36950.2,812.4],[1700002800,…]]"
        case .kraken:
            #"{"error":[],"result":{"BCHAUD":[[1611313200,"551.74","551.74","551.74","551.74","0.00","0.00000000",0]],"last":1613898000}}"#
        case .yahoo:
            "Date,Open,High,Low,Close,Adj Close,Volume ⏎ 2023-08-06,29032.83,29093.96,28964.21,29039.01,29039.01,6555800064"
        case .pandas: ",Open,High,Low,Close,Volume ⏎ 2004-08-19,100,104.06,95.96,100.34,22351900"
        case .csv: "time,price,volume ⏎ 2024-01-02T09:30:00-05:00,187.15,1200 (with the column price chosen)"
        case .diseaseShCountries:
            #"[{"updated":1587059879764,"country":"India","countryInfo":{"iso2":"IN","iso3":"IND"},"cases":12759,…}]"#
        case .diseaseShHistorical:
            #"{"country":"India","timeline":{"cases":{"3/17/20":142,…},"deaths":{…},"recovered":{…}}}"#
        case .jhu: "Province/State,Country/Region,Lat,Long,1/22/20,1/23/20,… ⏎ ,Afghanistan,33.93911,67.709953,0,0,…"
        case .nyt: "date,state,fips,cases,deaths ⏎ 2021-12-01,Alabama,01,846297,16143"
        case .owid: "iso_code,continent,location,date,total_cases,new_cases,… ⏎ SRB,Europe,Serbia,2020-03-06,1,1,…"
        case .generic:
            #"Gmt time;Open;High;Low;Close ⏎ 31.01.2024 09:00:00.000;1.0852;… or [{"Date":1706659200000,"Close":42.1},…]"#
        }
    }
}
