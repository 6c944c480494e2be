import Foundation
import Testing
import WidgetData

/// Candles found by their values, then by names (issue 27, item 1): each shape from a fixture in
/// `Fixtures/shapes/` (built from the formats' public documentation, see its README), checked
/// against the file read independently with Foundation in the order the format documents.
@Suite("Candles by content, then by name")
struct CandleByContentTests {
    /// One expected bar: time in seconds, open, high, low, close.
    typealias Bar = (time: Double, open: Double, high: Double, low: Double, close: Double)

    func shape(_ name: String) throws -> Data { try fixture("shapes/\(name)") }

    /// Numbers and numeric strings alike.
    func number(_ any: Any) throws -> Double {
        if let string = any as? String { return try #require(Double(string)) }
        return try #require((any as? NSNumber)?.doubleValue)
    }

    /// The arrays of a JSON file (or under `key`), read with `order` giving the index of time,
    /// open, high, low and close; times in milliseconds.
    func arrays(_ name: String, under key: String? = nil, order: [Int]) throws -> [Bar] {
        var root = try JSONSerialization.jsonObject(with: try shape(name))
        if let key { root = try #require((root as? [String: Any])?[key]) }
        let rows = try #require(root as? [[Any]])
        return try rows.map { row in
            let v = try order.map { try number(row[$0]) }
            return (v[0] / 1000, v[1], v[2], v[3], v[4])
        }.sorted { $0.time < $1.time }
    }

    func expect(_ series: OHLCSeries, equals expected: [Bar], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(series.bars.count == expected.count, sourceLocation: sourceLocation)
        for (bar, want) in zip(series.bars, expected) {
            let got = (bar.time.timeIntervalSince1970, bar.open, bar.high, bar.low, bar.close)
            #expect(got == want, sourceLocation: sourceLocation)
        }
    }

    func inferenceNote(_ warnings: [DataWarning]) -> String? {
        warnings.first { $0.message.hasPrefix("read the candle by its values") }?.message
    }

    @Test(
        "Coinbase's [time, low, high, open, close, volume] in milliseconds, no name anywhere: the order from the inequalities"
    )
    func coinbaseOrderInMilliseconds() throws {
        let result = try readOHLC(try shape("coinbase-order_ms_newest-first.json"), source: "candles.json")
        expect(result.value, equals: try arrays("coinbase-order_ms_newest-first.json", order: [0, 3, 2, 1, 4]))
        #expect(result.format == .generic)
        #expect(
            inferenceNote(result.warnings)
                == #"read the candle by its values (low ≤ open, close ≤ high on the first 48 rows; one in twenty may differ): open "column 4", high "column 3", low "column 2", close "column 5"; name the columns if this is wrong"#
        )
    }

    @Test("Bitfinex's [MTS, OPEN, CLOSE, HIGH, LOW, VOLUME]: open and close told apart by continuity")
    func bitfinexOrder() throws {
        let result = try readOHLC(try shape("bitfinex-order_open-close-high-low.json"))
        expect(result.value, equals: try arrays("bitfinex-order_open-close-high-low.json", order: [0, 1, 3, 4, 2]))
    }

    @Test(
        "arrays of numeric strings under an exchange's {\"code\":\"0\",\"data\":[…]} are a table, not an error answer")
    func stringArraysUnderData() throws {
        let name = "okx-style_string-arrays_under-data.json"
        let result = try readOHLC(try shape(name))
        expect(result.value, equals: try arrays(name, under: "data", order: [0, 1, 2, 3, 4]))
        #expect(result.value.bars.allSatisfy { $0.volume == nil })  // an unnamed volume is not guessed
    }

    @Test("a header-less tab file with ten numeric columns: the first line is a row, the candle found by content")
    func headerless() throws {
        let data = try shape("headerless_tab_ten-numeric-columns.tsv")
        let result = try readOHLC(data)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(result.value.bars.count == lines.count)
        let first = lines[0].split(separator: "\t").dropFirst().prefix(4).compactMap { Double($0) }
        let bar = try #require(result.value.bars.first)
        #expect([bar.open, bar.high, bar.low, bar.close] == first)
        #expect(bar.time == (try utcInstant("2019-01-01T00:00:00Z")))
        #expect(inferenceNote(result.warnings)?.contains(#"open "column 2", high "column 3""#) == true)
    }

    @Test("Binance's published klines CSV: no header, open and close times, the bar dated by its open time")
    func binanceVisionKlines() throws {
        let data = try shape("binance-vision-klines_headerless_1m.csv")
        let result = try readOHLC(data)
        let rows = String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: ",").compactMap { Double($0) }
        }
        let expected: [Bar] = rows.map { ($0[0] / 1000, $0[1], $0[2], $0[3], $0[4]) }
        expect(result.value, equals: expected)
        #expect(
            inferenceNote(result.warnings)?.contains(
                #"open "column 2", high "column 3", low "column 4", close "column 5""#) == true)
    }

    @Test("columns under meaningless names, shuffled: read by content")
    func meaninglessNames() throws {
        let data = try shape("meaningless-names_shuffled.csv")
        let result = try readOHLC(data)
        // when,v1,v2,v3,v4,v5 = date, volume, close, low, open, high
        let rows = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().map {
            $0.split(separator: ",").map(String.init)
        }
        let expected: [Bar] = try rows.map { r in
            (
                try utcInstant(r[0]).timeIntervalSince1970, try number(r[4]), try number(r[5]), try number(r[3]),
                try number(r[2])
            )
        }
        expect(result.value, equals: expected)
        #expect(inferenceNote(result.warnings) != nil)
    }

    @Test("BTC:open … ETH:close: several assets stop with the choices; a column or a symbol picks one")
    func assetPrefixed() throws {
        let data = try shape("asset-prefixed_BTC-ETH_daily.csv")
        let error = dataError { _ = try readOHLC(data, source: "assets.csv") }
        #expect(
            error?.description
                == #"assets.csv:1: the columns hold the prices of 2 assets ("BTC", "ETH"); choose one by the name of its close column, e.g. BTC:close"#
        )
        let rows = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().map {
            $0.split(separator: ",").compactMap { Double($0) }
        }
        let eth = try readOHLC(data, options: SeriesOptions(column: "ETH:close")).value
        #expect(eth.bars.map(\.close) == rows.map { $0[8] })
        #expect(eth.bars.map(\.open) == rows.map { $0[5] })
        let btc = try readOHLC(data, options: SeriesOptions(symbol: "BTC-USD")).value
        #expect(btc.bars.map(\.low) == rows.map { $0[2] })
        #expect(btc.bars.map(\.volume) == rows.map { $0[4] })
    }

    @Test("close_SOL and friends: a suffixed asset is a name, read without a note")
    func assetSuffixed() throws {
        let data = try shape("asset-suffixed_close_SOL.csv")
        let result = try readOHLC(data)
        let rows = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().map {
            $0.split(separator: ",").compactMap { Double($0) }
        }
        #expect(result.value.bars.map(\.close) == rows.map { $0[4] })
        #expect(result.value.bars.map(\.high) == rows.map { $0[2] })
        #expect(inferenceNote(result.warnings) == nil)
    }

    @Test("trade_price is the close, opening_price and high_price are names; the candle's UTC time dates it")
    func exchangeSynonyms() throws {
        let name = "upbit-style_trade_price.json"
        let result = try readOHLC(try shape(name))
        let records = try #require(try JSONSerialization.jsonObject(with: try shape(name)) as? [[String: Any]])
        let closes = try records.reversed().map { try number($0["trade_price"] as Any) }
        #expect(result.value.bars.map(\.close) == closes)
        let firstTime = try #require(records.last?["candle_date_time_utc"] as? String)
        #expect(result.value.bars.first?.time == (try utcInstant(firstTime + "Z")))
    }

    @Test("two candles side by side under meaningless names: stopped, both listed")
    func twoCandles() throws {
        var text = "t,a,b,c,d,e,f,g,h\n"
        var p = 100.0
        for day in 1...20 {
            let (o, c) = (p, p * (day % 3 == 0 ? 0.99 : 1.01))
            let (h, l) = (max(o, c) + 1, min(o, c) - 1)
            text += "2024-01-\(day < 10 ? "0" : "")\(day),\(o),\(h),\(l),\(c),\(o * 2),\(h * 2),\(l * 2),\(c * 2)\n"
            p = c
        }
        let error = dataError { _ = try readOHLC(Data(text.utf8), source: "two.csv") }
        #expect(
            error?.description
                == #"two.csv:1: 2 sets of columns hold candles (a low and a high with an open and a close between them): "c"…"b", "g"…"f"; name the columns open, high, low and close, or choose one series by its column's name"#
        )
    }

    @Test("open and close that the rows cannot tell apart: stopped, not guessed")
    func openCloseUndecided() throws {
        // Each bar's open and close are unrelated to the bar before: no continuity either way.
        let pairs: [(Double, Double)] = [(10, 12), (15, 11), (9, 13), (14, 10), (11, 15), (13, 9)]
        var text = "t,p,q,r,s\n"
        for (index, (o, c)) in pairs.enumerated() {
            text += "2024-02-0\(index + 1),\(min(o, c) - 1),\(o),\(c),\(max(o, c) + 1)\n"
        }
        let error = dataError { _ = try readOHLC(Data(text.utf8), source: "oc.csv") }
        #expect(
            error?.description
                == #"oc.csv:1: "q" and "r" hold the open and the close (between the low "p" and the high "s"), but the rows do not tell which is which; name them open and close"#
        )
    }
}
