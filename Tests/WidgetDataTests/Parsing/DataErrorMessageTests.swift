import Testing
import WidgetData

/// The new error cases read as sentences naming the file.
@Suite("DataError messages")
struct DataErrorMessageTests {
    @Test(
        "each new case names the file and says what to do",
        arguments: [
            (
                DataError.notFound(
                    source: "jhu.csv", kind: "country or region", name: "Autralia",
                    suggestions: ["Australia", "Austria"]),
                #"jhu.csv: no country or region "Autralia"; close matches: "Australia", "Austria""#
            ),
            (
                DataError.notFound(source: "x.csv", kind: "state", name: "Zzz", suggestions: []),
                #"x.csv: no state "Zzz" (and none close to it)"#
            ),
            (
                DataError.selectionRequired(source: "jhu.csv", kind: "country or region", choices: ["A", "B"]),
                #"jhu.csv: holds 2 countries or regions; choose one, e.g. "A", "B""#
            ),
            (
                DataError.selectionRequired(source: "o.json", kind: "pair", choices: (1...9).map { "P\($0)" }),
                #"o.json: holds 9 pairs; choose one, e.g. "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", …"#
            ),
            (
                DataError.service(source: "k.json", service: "Kraken", message: "EQuery:Unknown asset pair"),
                "k.json: Kraken answered with an error: EQuery:Unknown asset pair"
            ),
            (
                DataError.unrecognized(source: "a.html", seen: "\"<html>\"", formats: ["binance", "csv"]),
                #"a.html: not a known data format; it starts with "<html>". Known formats: binance, csv"#
            ),
        ])
    func descriptions(error: DataError, text: String) {
        #expect(error.description == text)
    }
}
