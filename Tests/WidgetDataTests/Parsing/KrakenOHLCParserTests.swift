import Foundation
import Testing
import WidgetData

@Suite("KrakenOHLCParser")
struct KrakenOHLCParserTests {
    static let file = "ohlc/kraken_0-public-OHLC_BCHAUD_60m_2021-01.json"
    let parser = KrakenOHLCParser()

    @Test("the sample: 720 hourly candles named after the pair, the running candle kept")
    func sample() throws {
        let result = try parser.parse(try fixture(Self.file), source: Self.file)
        let bars = result.value.bars
        #expect(result.format == .kraken)
        #expect(result.warnings.isEmpty)
        #expect(result.value.symbol == "BCHAUD")
        #expect(bars.count == 720)
        #expect(bars.first?.time == (try utcInstant("2021-01-22T11:00:00Z")))
        // The last entry (1613901600) is after "last" (1613898000): the uncommitted candle, kept.
        #expect(bars.last?.time == Date(timeIntervalSince1970: 1_613_901_600))
        #expect(zip(bars, bars.dropFirst()).allSatisfy { $1.time.timeIntervalSince($0.time) == 3600 })
        expectWellFormed(result.value)
    }

    @Test("the sample's key facts: last close 869.92, low 488.7, high 977.22, and vwap 0.00 is never a price")
    func sampleFacts() throws {
        let bars = try parser.parse(try fixture(Self.file), source: Self.file).value.bars
        #expect(bars.last?.close == 869.92)
        let low = try #require(bars.min { $0.low < $1.low })
        let high = try #require(bars.max { $0.high < $1.high })
        #expect(low.low == 488.7)
        #expect(low.time == (try utcInstant("2021-01-27T18:00:00Z")))
        #expect(high.high == 977.22)
        #expect(high.time == (try utcInstant("2021-02-15T16:00:00Z")))
        #expect(bars.allSatisfy { $0.open > 0 && $0.high > 0 && $0.low > 0 && $0.close > 0 })
        // Candles without trades repeat the previous close as O=H=L=C, with volume 0.
        #expect(bars.filter { $0.volume == 0 }.count == 360)
        #expect(bars.filter { $0.volume == 0 }.allSatisfy { $0.open == $0.close && $0.high == $0.low })
    }

    @Test("an error answer is reported with Kraken's message")
    func errorBody() {
        let error = dataError {
            _ = try parser.parse(Data(#"{"error":["EQuery:Unknown asset pair"]}"#.utf8), source: "o.json")
        }
        #expect(error == .service(source: "o.json", service: "Kraken", message: "EQuery:Unknown asset pair"))
    }

    @Test("warnings in error (W…) are passed on and the candles still read")
    func warningsInError() throws {
        let json =
            #"{"error":["WGeneral:Degraded"],"result":{"XBTUSD":[[1611313200,"1","2","0.5","1.5","1.2","3.0",4]],"last":1611313200}}"#
        let result = try parser.parse(Data(json.utf8), source: "o.json")
        #expect(result.value.bars.count == 1)
        #expect(result.warnings.map(\.message) == ["Kraken warns: WGeneral:Degraded"])
    }

    @Test("an answer with two pairs needs one chosen; a wrong name lists close matches")
    func severalPairs() throws {
        let json = #"""
            {"error":[],"result":{"XXBTZUSD":[[1611313200,"1","2","0.5","1.5","0.00","0.0",0]],
             "XETHZUSD":[[1611313200,"3","4","2.5","3.5","0.00","0.0",0]],"last":1611313200}}
            """#
        let data = Data(json.utf8)
        #expect(
            dataError { _ = try parser.parse(data, source: "o.json") }
                == .selectionRequired(source: "o.json", kind: "pair", choices: ["XXBTZUSD", "XETHZUSD"]))
        #expect(try parser.parse(data, source: "o.json", pair: "xethzusd").value.bars.first?.close == 3.5)
        guard
            case .notFound(_, _, _, let suggestions)? = dataError({
                _ = try parser.parse(data, source: "o.json", pair: "XETHUSD")
            })
        else {
            Issue.record("expected notFound")
            return
        }
        #expect(suggestions.contains("XETHZUSD"))
    }

    @Test("a candle stamped in milliseconds is skipped")
    func millisecondsInSeconds() throws {
        let json =
            #"{"error":[],"result":{"P":[[1611313200,"1","2","0.5","1.5","0","0",0],[1611316800000,"1","2","0.5","1.5","0","0",0]],"last":0}}"#
        let result = try parser.parse(Data(json.utf8), source: "o.json")
        #expect(result.value.bars.count == 1)
        #expect(result.warnings.first?.message.contains("result.P[1]") == true)
        #expect(result.warnings.first?.message.contains("looks like milliseconds") == true)
    }
}
