import Foundation
import Testing
import WidgetData

@Suite("BinanceKlinesParser")
struct BinanceKlinesParserTests {
    static let file = "ohlc/binance_api-v3-klines_1m_USDT-pair_2024-11-16.json"
    let parser = BinanceKlinesParser()

    /// Builds a klines answer from rows of (open time ms, open, high, low, close).
    func klines(_ rows: [(Int, String, String, String, String)]) -> Data {
        let items = rows.map { time, open, high, low, close in
            #"[\#(time),"\#(open)","\#(high)","\#(low)","\#(close)","10.0",\#(time + 59_999),"7.0",3,"5.0","3.5","0"]"#
        }
        return Data("[\(items.joined(separator: ","))]".utf8)
    }

    @Test("the sample: 500 one-minute klines, stamped with their open time")
    func sample() throws {
        let result = try parser.parse(try fixture(Self.file), source: Self.file, symbol: "XUSDT")
        let bars = result.value.bars
        #expect(result.format == .binance)
        #expect(result.warnings.isEmpty)
        #expect(bars.count == 500)
        #expect(result.value.symbol == "XUSDT")
        #expect(bars.first?.time == (try utcInstant("2024-11-16T09:07:00Z")))
        #expect(bars.last?.time == (try utcInstant("2024-11-16T17:26:00Z")))
        #expect(zip(bars, bars.dropFirst()).allSatisfy { $1.time.timeIntervalSince($0.time) == 60 })
        expectWellFormed(result.value)
    }

    @Test("the sample's key facts: last close 0.7541, low 0.7207 at 09:09, high 0.8193 at 15:08")
    func sampleFacts() throws {
        let bars = try parser.parse(try fixture(Self.file), source: Self.file).value.bars
        #expect(bars.last?.close == 0.7541)
        let low = try #require(bars.min { $0.low < $1.low })
        let high = try #require(bars.max { $0.high < $1.high })
        #expect(low.low == 0.7207)
        #expect(utcClock(low.time) == "09:09")
        #expect(high.high == 0.8193)
        #expect(utcClock(high.time) == "15:08")
        #expect(bars.first?.volume == 574_761.5)
    }

    @Test("an error answer is reported with Binance's message and code")
    func errorBody() {
        let error = dataError {
            _ = try parser.parse(Data(#"{"code":-1121,"msg":"Invalid symbol."}"#.utf8), source: "k.json")
        }
        #expect(error == .service(source: "k.json", service: "Binance", message: "Invalid symbol. (code -1121)"))
        #expect(error?.description == "k.json: Binance answered with an error: Invalid symbol. (code -1121)")
    }

    @Test("a kline stamped in seconds is skipped with a warning naming its index")
    func secondsInMilliseconds() throws {
        let data = klines([
            (1_731_748_020_000, "1", "2", "0.5", "1.5"), (1_731_748_080, "1", "2", "0.5", "1.5"),
            (1_731_748_140_000, "1", "2", "0.5", "1.5"),
        ])
        let result = try parser.parse(data, source: "k.json")
        #expect(result.value.bars.count == 2)
        #expect(result.warnings.count == 1)
        let warning = try #require(result.warnings.first)
        #expect(warning.message.contains("[1]"))
        #expect(warning.message.contains("looks like seconds"))
        #expect(warning.location.split(separator: ":").count == 2)
    }

    @Test(
        "NaN, Infinity and overflowing prices are skipped, never stored",
        arguments: ["NaN", "Infinity", "-inf", "1e400", "abc", ""])
    func badPrices(price: String) throws {
        let data = klines([(1_731_748_020_000, "1", "2", "0.5", "1.5"), (1_731_748_080_000, "1", price, "0.5", "1.5")])
        let result = try parser.parse(data, source: "k.json")
        #expect(result.value.bars.count == 1)
        #expect(result.warnings.map(\.message).contains { $0.hasPrefix("skipped [1]:") && $0.contains("high") })
        expectWellFormed(result.value)
    }

    @Test("a kline with too few fields is skipped; one without volume is kept")
    func raggedKlines() throws {
        let data = Data(#"[[1731748020000,"1","2","0.5"],[1731748080000,"1","2","0.5","1.5"],"x"]"#.utf8)
        let result = try parser.parse(data, source: "k.json")
        #expect(result.value.bars.count == 1)
        #expect(result.value.bars.first?.volume == nil)
        #expect(result.warnings.count == 2)
        #expect(result.warnings[0].message.contains("has 4 elements"))
        #expect(result.warnings[1].message.contains("expected an array"))
    }

    @Test("an empty array and a non-array are errors")
    func emptyAndWrongShape() {
        #expect(
            dataError { _ = try parser.parse(Data("[]".utf8), source: "k.json") }
                == .empty(source: "k.json", reason: "no klines (the array is empty)"))
        guard
            case .malformed(_, let location, let reason)? = dataError({
                _ = try parser.parse(Data(#"{"a":1}"#.utf8), source: "k.json")
            })
        else {
            Issue.record("expected malformed")
            return
        }
        #expect(location == "1:1")
        #expect(reason.contains("\"a\""))
    }
}
