import Foundation
import Testing
import WidgetData

/// No real Cryptowatch answer exists in the samples; these bytes are the documentation's example.
@Suite("CryptowatchOHLCParser")
struct CryptowatchOHLCParserTests {
    let parser = CryptowatchOHLCParser()
    static let example = #"""
        {"result":{"3600":[[1474736400,8744,8756.1,8710,8753.5,91.58314308,799449.488966417]]},
         "allowance":{"cost":0.015,"remaining":7.985}}
        """#

    @Test("the documented candle: CloseTime is the end, so the bar starts one period earlier")
    func documentedExample() throws {
        let result = try parser.parse(Data(Self.example.utf8), source: "cw.json", symbol: "BTCUSD")
        #expect(result.format == .cryptowatch)
        #expect(result.warnings.isEmpty)
        let bar = try #require(result.value.bars.first)
        #expect(bar.time == Date(timeIntervalSince1970: 1_474_736_400 - 3600))
        #expect(bar.open == 8744)
        #expect(bar.high == 8756.1)
        #expect(bar.low == 8710)
        #expect(bar.close == 8753.5)
        #expect(bar.volume == 91.58314308)
    }

    @Test("daily candles: the 86400 key shifts by a day")
    func daily() throws {
        let json = #"{"result":{"86400":[[1474761600,1,2,0.5,1.5,3,4],[1474848000,1.5,2.5,1,2,3,4]]}}"#
        let bars = try parser.parse(Data(json.utf8), source: "cw.json").value.bars
        #expect(bars.map(\.time) == [try utcInstant("2016-09-24"), try utcInstant("2016-09-25")])
    }

    @Test("several periods need one chosen")
    func severalPeriods() throws {
        let json = #"{"result":{"60":[[1474736460,1,2,0.5,1.5,3,4]],"3600":[[1474736400,1,2,0.5,1.7,3,4]]}}"#
        let data = Data(json.utf8)
        #expect(
            dataError { _ = try parser.parse(data, source: "cw.json") }
                == .selectionRequired(source: "cw.json", kind: "period", choices: ["60", "3600"]))
        #expect(try parser.parse(data, source: "cw.json", period: "3600").value.bars.first?.close == 1.7)
        #expect(
            dataError { _ = try parser.parse(data, source: "cw.json", period: "900") }
                == .notFound(source: "cw.json", kind: "period", name: "900", suggestions: ["60", "3600"]))
    }

    @Test("an error answer is reported with its message")
    func errorBody() {
        #expect(
            dataError { _ = try parser.parse(Data(#"{"error":"Instrument not found"}"#.utf8), source: "cw.json") }
                == .service(source: "cw.json", service: "Cryptowatch", message: "Instrument not found"))
    }
}
