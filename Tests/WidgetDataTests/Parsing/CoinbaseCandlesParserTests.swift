import Foundation
import Testing
import WidgetData

/// No real multi-row Coinbase answer exists in the samples; these bytes follow the documented
/// shape: `[time, low, high, open, close, volume]`, times in seconds, newest first.
@Suite("CoinbaseCandlesParser")
struct CoinbaseCandlesParserTests {
    let parser = CoinbaseCandlesParser()
    static let newestFirst = """
        [[1700010000,36800.5,37100,36900,37050.25,12.5],
         [1700006400,36500.1,36990,36600,36900,20],
         [1700002800,36400,36700,36450,36600,8.25]]
        """

    @Test("fields are read as low, high, open, close; rows come back oldest first without a warning")
    func documentedOrder() throws {
        let result = try parser.parse(Data(Self.newestFirst.utf8), source: "c.json", symbol: "BTC-USD")
        #expect(result.format == .coinbase)
        #expect(result.warnings.isEmpty)
        let bars = result.value.bars
        #expect(bars.map(\.time.timeIntervalSince1970) == [1_700_002_800, 1_700_006_400, 1_700_010_000])
        let first = try #require(bars.first)
        #expect(first.low == 36400)
        #expect(first.high == 36700)
        #expect(first.open == 36450)
        #expect(first.close == 36600)
        #expect(first.volume == 8.25)
        expectWellFormed(result.value)
    }

    @Test("rows in no order are sorted, with one warning")
    func mixedOrder() throws {
        let json = "[[1700006400,1,2,1.5,1.6,1],[1700010000,1,2,1.5,1.6,1],[1700002800,1,2,1.5,1.6,1]]"
        let result = try parser.parse(Data(json.utf8), source: "c.json")
        #expect(result.value.bars.map(\.time.timeIntervalSince1970) == [1_700_002_800, 1_700_006_400, 1_700_010_000])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.message.contains("not in time order") == true)
    }

    @Test("an error answer is reported with its message")
    func errorBody() {
        #expect(
            dataError { _ = try parser.parse(Data(#"{"message":"NotFound"}"#.utf8), source: "c.json") }
                == .service(source: "c.json", service: "Coinbase", message: "NotFound"))
    }

    @Test("a candle whose low is above its high is skipped")
    func lowAboveHigh() throws {
        let json = "[[1700010000,5,4,4.5,4.5,1],[1700006400,1,2,1.5,1.6,1]]"
        let result = try parser.parse(Data(json.utf8), source: "c.json")
        #expect(result.value.bars.count == 1)
        #expect(result.warnings.first?.message == "skipped [0]: high 4 is below low 5")
    }
}
