import Foundation
import Testing
import WidgetCore
import WidgetDrawing
import WidgetLayout

/// `HStack(alignment: .firstTextBaseline)` and `.lastTextBaseline`, as SwiftUI's: texts of
/// different sizes share one baseline, measured with Pango's own line metrics.
@Suite("Text baselines")
struct BaselineAlignmentTests {
    /// Each text's first baseline, in points from the widget's top.
    static func baselines(
        _ view: ViewNode, family: WidgetFamily = .systemMedium, locale: Locale = Locale(identifier: "en"),
        first: Bool = true
    ) throws -> [String: Double] {
        let metrics = try WidgetMetrics(family: family, device: .default, scale: 1)
        return try Fixtures.withSession { session in
            let context = ViewContext(family: family, displaySize: metrics.size, locale: locale)
            let lists = try session.renderer.layout(view, metrics: metrics, context: context)
            let text = try session.renderer.text(for: locale)
            var result: [String: Double] = [:]
            for item in lists.content {
                guard case .text(let run) = item else { continue }
                let lines = text.baselines(run.text, maxWidth: run.layoutWidth, lineLimit: run.lineLimit)
                result[run.string] = run.frame.minY + (first ? lines.first : lines.last)
            }
            return result
        }
    }

    @Test func textsOfDifferentSizesShareTheirFirstBaseline() throws {
        let view = HStack(alignment: .firstTextBaseline, spacing: 6) {
            Text("Japan").font(Font(size: 16, weight: .bold))
            Text("COVID-19").font(Font(size: 12, weight: .semibold))
            Spacer(minLength: 0)
            Text("Apr 17").font(Font(size: 11))
        }
        let lines = try Self.baselines(view.node)
        let japan = try #require(lines["Japan"])
        #expect(abs(try #require(lines["COVID-19"]) - japan) <= 0.01)
        #expect(abs(try #require(lines["Apr 17"]) - japan) <= 0.01)
        // Centred, they would not: the smaller text's baseline sits higher.
        let centred = try Self.baselines(
            HStack(spacing: 6) {
                Text("Japan").font(Font(size: 16, weight: .bold))
                Text("COVID-19").font(Font(size: 12, weight: .semibold))
            }.node)
        #expect(abs(try #require(centred["COVID-19"]) - (try #require(centred["Japan"]))) > 0.5)
    }

    @Test func theLastBaselineOfAWrappedTextMeetsItsNeighbour() throws {
        let view = HStack(alignment: .lastTextBaseline, spacing: 6) {
            Text("Two lines\nof text").font(Font(size: 15)).lineLimit(2)
            Text("note").font(Font(size: 11))
            Spacer(minLength: 0)
        }
        let lines = try Self.baselines(view.node, first: false)
        #expect(abs(try #require(lines["Two lines\nof text"]) - (try #require(lines["note"]))) <= 0.01)
    }

    @Test func japaneseAndKoreanHeadersShareTheirBaseline() throws {
        for (code, name) in [("ja", "日本"), ("ko", "일본")] {
            let view = HStack(alignment: .firstTextBaseline, spacing: 6) {
                Text(name).font(Font(size: 16, weight: .bold))
                Text("COVID-19").font(Font(size: 12, weight: .semibold))
            }
            let lines = try Self.baselines(view.node, locale: Locale(identifier: code))
            #expect(abs(try #require(lines[name]) - (try #require(lines["COVID-19"]))) <= 0.01, "\(code)")
        }
    }

    /// The built-in widgets' headers: the title and what stands beside it on one baseline.
    @Test(arguments: [
        ("covid-country", WidgetFamily.systemMedium), ("covid-country", .systemSmall), ("covid-global", .systemLarge),
        ("covid-global", .systemSmall), ("covid-global", .systemMedium), ("price", .accessoryRectangular),
    ])
    func builtInHeadersShareTheirBaseline(_ kind: String, _ family: WidgetFamily) async throws {
        let (entry, metrics) = try await Fixtures.entry(kind: kind, family: family)
        let first = try Fixtures.withSession { session in
            let context = ViewContext(family: family, displaySize: metrics.size, date: Fixtures.now)
            let lists = try session.renderer.layout(entry.view, metrics: metrics, context: context)
            let text = try session.renderer.text(for: Locale(identifier: "en"))
            var runs: [(String, Double, Double)] = []
            for item in lists.content {
                guard case .text(let run) = item else { continue }
                let lines = text.baselines(run.text, maxWidth: run.layoutWidth, lineLimit: run.lineLimit)
                runs.append((run.string, run.frame.minY, run.frame.minY + lines.first))
            }
            // The header: the texts whose frames start within 6 pt of the topmost one.
            let top = runs.map(\.1).min() ?? 0
            return runs.filter { $0.1 <= top + 6 }
        }
        #expect(first.count >= 2, "\(kind) \(family.shortName): one text in the header: \(first)")
        let baselines = first.map(\.2)
        let spread = (baselines.max() ?? 0) - (baselines.min() ?? 0)
        #expect(spread <= 0.5, "\(kind) \(family.shortName): header baselines \(first)")
    }
}
