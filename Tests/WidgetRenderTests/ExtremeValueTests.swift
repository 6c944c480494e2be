import ChartWidgets
import Foundation
import Testing
import WidgetCore
import WidgetRender

/// A user's widget whose entries rank themselves with numbers JSON cannot hold.
private struct RankedWidget: Widget {
    struct Entry: TimelineEntry {
        let date: Date
        let relevance: TimelineEntryRelevance?
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.now, relevance: nil) }
        func timeline(in context: Context) async throws -> Timeline<Entry> {
            Timeline(
                entries: [
                    Entry(date: context.now, relevance: TimelineEntryRelevance(score: .infinity)),
                    Entry(date: context.now + 60, relevance: TimelineEntryRelevance(score: .nan, duration: 60)),
                    Entry(date: context.now + 120, relevance: TimelineEntryRelevance(score: 2, duration: .infinity)),
                    Entry(date: context.now + 180, relevance: TimelineEntryRelevance(score: 3)),
                ], policy: .never)
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ranked", provider: Provider()) { _ in Text("Ranked") }
            .supportedFamilies([.systemSmall])
    }
}

private struct RankedBundle: WidgetBundle {
    var body: some Widget { RankedWidget() }
}

/// The robustness rule for numbers (STYLE.md rule 14, issue 9): ±1e308, NaN, ±infinity and
/// 1e-300 in a user's data file go through every built-in widget, every family and both
/// schemes, through layout, drawing, PNG encoding and the manifest. Each run either renders
/// (the non-finite rows skipped with a warning) or fails with a data error naming the file;
/// it never traps (that would end this test process) and never fails as an internal error (70,
/// as "cannot encode the manifest: -inf" once did).
@Suite("Extreme values through every widget and family")
struct ExtremeValueTests {
    static let big = "1.7976931348623157e308"
    static let tiny = "1e-300"

    /// Price files: the largest doubles, the smallest, both in one series, and non-finite rows
    /// beside good ones.
    static let prices: [(name: String, csv: String)] = [
        (
            "largest",
            """
            Date,Open,High,Low,Close
            2023-08-01,\(big),\(big),\(big),\(big)
            2023-08-02,-\(big),\(big),-\(big),\(big)
            2023-08-03,-\(big),-\(big),-\(big),-\(big)
            2023-08-04,1.8e306,\(big),-1.8e306,-1.8e306
            """
        ),
        (
            "smallest",
            """
            Date,Open,High,Low,Close
            2023-08-01,\(tiny),2e-300,\(tiny),2e-300
            2023-08-02,2e-300,3e-300,\(tiny),\(tiny)
            2023-08-03,-\(tiny),\(tiny),-\(tiny),0
            """
        ),
        (
            "span",
            """
            Date,Open,High,Low,Close
            2023-08-01,\(tiny),\(tiny),\(tiny),\(tiny)
            2023-08-02,1e300,1e300,1e300,1e300
            2023-08-03,\(tiny),1e300,\(tiny),1e-299
            2023-08-04,1e300,1e300,\(tiny),1e300
            """
        ),
        (
            "nonfinite",
            """
            Date,Open,High,Low,Close
            2023-08-01,NaN,NaN,NaN,NaN
            2023-08-02,Infinity,Infinity,Infinity,Infinity
            2023-08-03,-Infinity,-Infinity,-Infinity,-Infinity
            2023-08-04,1,2,0.5,1.5
            2023-08-05,1.5,3,1,2
            2023-08-06,inf,1e400,-1e400,nan
            """
        ),
    ]

    /// Case-count files (NYT's layout: date, cumulative cases and deaths), the same four ways.
    static let counts: [(name: String, csv: String)] = [
        ("largest", "date,cases,deaths\n2020-04-01,0,0\n2020-04-02,\(big),\(big)\n2020-04-03,\(big),\(big)\n"),
        ("smallest", "date,cases,deaths\n2020-04-01,\(tiny),0\n2020-04-02,2e-300,\(tiny)\n2020-04-03,3e-300,\(tiny)\n"),
        ("span", "date,cases,deaths\n2020-04-01,\(tiny),\(tiny)\n2020-04-02,1e300,1e299\n2020-04-03,1.5e300,2e299\n"),
        (
            "nonfinite",
            "date,cases,deaths\n2020-04-01,NaN,0\n2020-04-02,Infinity,1\n2020-04-03,5,1\n2020-04-04,-Infinity,2\n2020-04-05,9,2\n"
        ),
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        let kind: String
        let file: String
        let csv: String
        let scheme: ColorScheme
        var testDescription: String { "\(kind) \(file) \(scheme)" }
    }

    static let cases: [Case] =
        prices.flatMap { file in
            [ColorScheme.light, .dark].map { Case(kind: "price", file: file.name, csv: file.csv, scheme: $0) }
        }
        + counts.flatMap { file in
            ["covid-global", "covid-country"].flatMap { kind in
                [ColorScheme.light, .dark].map { Case(kind: kind, file: file.name, csv: file.csv, scheme: $0) }
            }
        }

    @Test(arguments: cases)
    func everyFamilyRendersOrRefusesTheData(_ test: Case) async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("\(test.file).csv")
        try Data(test.csv.utf8).write(to: data)
        let out = folder.appendingPathComponent("Output", isDirectory: true)
        var request = RenderBatch(outputDirectory: out)
        request.kinds = [test.kind]
        request.families = nil  // every family the widget supports
        request.colorScheme = test.scheme
        request.now = Fixtures.now
        request.providerValues.chartData = ChartDataOptions(source: data.path)
        let result: RenderResult
        do {
            result = try await FolderRenderer(engine: try RenderEngine(bundle: BuiltInWidgets())).run(request)
        } catch {
            // Refusing the data is allowed; an internal error or an unnamed file is not.
            #expect(error.kind == .badData, "\(error.description)")
            #expect(error.description.contains("\(test.file).csv"), "\(error.description)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path))
            return
        }
        #expect(!result.files.isEmpty)
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest.images.count == result.files.count)
        for image in manifest.images {
            let bytes = try Data(contentsOf: out.appendingPathComponent(image.file))
            #expect(image.sha256 == SHA256.hex(bytes))
            if let summary = image.data {
                for value in [summary.min, summary.max, summary.lastValue] {
                    #expect(value.isFinite, "\(image.file): a non-finite figure in the manifest")
                }
            }
        }
    }

    /// A relevance that is not finite is left out of the manifest with a warning; the run and
    /// the other entries' relevance are unaffected (it once failed as "cannot encode the
    /// manifest: inf", exit 70).
    @Test func aRelevanceJSONCannotHoldIsLeftOutWithAWarning() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = RenderBatch(outputDirectory: out)
        request.families = [.systemSmall]
        request.now = Fixtures.now
        let result = try await FolderRenderer(engine: try RenderEngine(bundle: RankedBundle())).run(request)
        #expect(result.manifest.images.map(\.relevance?.score) == [nil, nil, nil, 3])
        #expect(result.warnings.count == 3)
        #expect(
            result.warnings.allSatisfy { $0.kind == .manifest && $0.message.hasPrefix("ranked: an entry's relevance") })
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest == result.manifest)
    }
}
