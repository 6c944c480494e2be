import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetDrawing
@testable import ChartWidgets
import WidgetRender

/// Every built-in widget × family × device × language laid out with the real fonts:
/// no text is cut short ("Recove…"), none is under 11 pt, none is left in English in
/// Japanese or Korean, and nothing is drawn in the content margins.
@Suite("Layout fits every device")
struct LayoutFitTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var kind: String
        var locale: Locale
        var background: Bool
        /// Parameter sets to try: every country for the country widget (long names, big numbers).
        var parameterSets: [[String: String]] {
            kind == "covid-country" ? CountryNames.all.map { ["country": $0.iso3] } : [[:]]
        }
        var testDescription: String { "\(kind)-\(locale.identifier)\(background ? "-background" : "")" }
    }

    static let cases: [Case] =
        ((try? BuiltInWidgets().resolvedWidgets()) ?? []).flatMap { widget in
            ["en", "ja", "ko"].map(Locale.init(identifier:)).flatMap { locale in
                [false, true].filter { !$0 || widget.kind == "covid-global" }.map {
                    Case(kind: widget.kind, locale: locale, background: $0)
                }
            }
        }
        // Every widget in the other languages with words (#31): German, French, Spanish and
        // Portuguese (longer words, CLDR's figures and dates), Chinese, Arabic (right to left,
        // its digits, Noto's tall Arabic face) and Hindi (Devanagari, lakh grouping).
        + ((try? BuiltInWidgets().resolvedWidgets()) ?? []).flatMap { widget in
            ["de", "fr", "es", "pt-BR", "zh-Hans", "ar-EG", "hi"].map {
                Case(kind: widget.kind, locale: Locale(identifier: $0), background: false)
            }
        }

    /// What is wrong with one laid-out text, or `nil`.
    static func problem(_ text: DisplayText, content: Rect, measurer: PangoText) -> String? {
        let tolerance = 0.5
        let frame = text.frame
        if frame.minX < content.minX - tolerance || frame.maxX > content.maxX + tolerance
            || frame.minY < content.minY - tolerance || frame.maxY > content.maxY + tolerance
        {
            return "'\(text.string)' at x \(span(frame.minX, frame.maxX)), y \(span(frame.minY, frame.maxY)) "
                + "is outside the content x \(span(content.minX, content.maxX)), y \(span(content.minY, content.maxY))"
        }
        if let limit = text.lineLimit {
            // One line: the text's own width; more: the height it needs when wrapped without a limit.
            let natural = measurer.measure(
                text.string, font: text.font, maxWidth: limit == 1 ? nil : text.layoutWidth, lineLimit: nil)
            // Pango cuts a line that is over its width by any amount: no tolerance here.
            if (limit == 1 && natural.width > text.layoutWidth + 0.01)
                || (limit > 1 && natural.height > frame.height + tolerance)
            {
                return "'\(text.string)' is truncated: needs \(span(natural.width, natural.height, "×")), "
                    + "has \(span(text.layoutWidth, frame.height, "×"))"
            }
        }
        return nil
    }

    /// The smallest text drawn, after any shrinking to fit (Apple's widgets keep text at 11 pt
    /// or more).
    static let smallestText = 11.0

    /// Text too small to read, or `nil`.
    static func tooSmall(_ text: DisplayText) -> String? {
        text.font.size < smallestText - 0.05 && !text.string.trimmingCharacters(in: .whitespaces).isEmpty
            ? "'\(text.string)' is drawn at \(String(format: "%.1f", text.font.size)) pt, under \(smallestText) pt"
            : nil
    }

    /// An English word left in Japanese or Korean text, or `nil`. Upper-case codes (BTC, USD,
    /// JPN), `COVID-19` and units are not words to translate.
    static func untranslated(_ text: DisplayText, locale: Locale) -> String? {
        guard ["ja", "ko"].contains(locale.languageSubtag) else { return nil }
        let words = text.string.split(whereSeparator: { !($0.isASCII && $0.isLetter) })
        let english = words.filter { word in
            word.count >= 2 && word.contains(where: \.isLowercase) && word != "COVID"
        }
        return english.isEmpty ? nil : "'\(text.string)' is English in \(locale.identifier)"
    }

    /// What is wrong with a laid-out chart or shape, or `nil`: outside the content, or a chart
    /// squeezed too flat to read.
    static func problem(_ item: DisplayItem, content: Rect) -> String? {
        let frame = ink(of: item)
        let tolerance = 0.5
        if frame.minX < content.minX - tolerance || frame.maxX > content.maxX + tolerance
            || frame.minY < content.minY - tolerance || frame.maxY > content.maxY + tolerance
        {
            return
                "a shape or chart at x \(span(frame.minX, frame.maxX)), y \(span(frame.minY, frame.maxY)) is outside "
                + "the content x \(span(content.minX, content.maxX)), y \(span(content.minY, content.maxY))"
        }
        switch item {
        case .drawing(_, let clip, _, true):
            // A chart's drawing.
            if clip.height < 24 { return "a chart is only \(span(clip.width, clip.height, "×")) pt" }
        default: break
        }
        return nil
    }

    /// Where an item can draw: a chart's drawing, its paths (a stroke's half width around them)
    /// inside its clip, which leaves room for caps at the plot's edge; else its frame.
    static func ink(of item: DisplayItem) -> Rect {
        guard case .drawing(let steps, let clip, _, _) = item else { return item.frame }
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for step in steps {
            let bounds: Rect
            switch step {
            case .fill(let path, _): bounds = path.boundingRect
            case .stroke(let path, _, let stroke):
                bounds = path.boundingRect.inset(by: EdgeInsets(all: -stroke.lineWidth / 2))
            case .text: continue
            }
            minX = min(minX, bounds.minX)
            minY = min(minY, bounds.minY)
            maxX = max(maxX, bounds.maxX)
            maxY = max(maxY, bounds.maxY)
        }
        guard minX <= maxX, minY <= maxY else { return clip }
        let left = max(minX, clip.minX)
        let top = max(minY, clip.minY)
        return Rect(
            x: left, y: top, width: max(0, min(maxX, clip.maxX) - left), height: max(0, min(maxY, clip.maxY) - top))
    }

    private static func span(_ low: Double, _ high: Double, _ separator: String = "–") -> String {
        String(format: "%.1f%@%.1f", low, separator, high)
    }

    @Test(arguments: cases)
    func noTextIsTruncatedOrInTheMargins(_ scene: Case) async throws {
        let widget = try Fixtures.widget(scene.kind)
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var groups = AppGroupContainers()
        if scene.background {
            _ = try Fixtures.backgroundImage(in: folder)
            groups.defaultFolder = folder
        }
        var problems: [String] = []
        for parameters in scene.parameterSets {
            for device in DeviceProfile.all {
                // The dashboard families have their own, stricter checks (DashboardLayoutTests).
                for family in widget.supportedFamilies where device.size(of: family) != nil && !family.isDashboard {
                    let metrics = try WidgetMetrics(family: family, device: device)
                    let context = TimelineProviderContext(
                        family: family, displaySize: metrics.size,
                        parameters: try WidgetParameters.resolve(parameters, against: widget.parameters),
                        now: Fixtures.now, appGroups: groups)
                    let entries = try await widget.timeline(in: context).entries
                    try Fixtures.withSession { session in
                        let measurer = try session.renderer.text(for: scene.locale)
                        // Each entry at its own time; the last also three years on, when the
                        // widgets write the data's year beside its day (the longest dates).
                        let shown =
                            entries.map { ($0, $0.date) }
                            + entries.suffix(1).map { ($0, $0.date.addingTimeInterval(3 * 366 * 86_400)) }
                        for (entry, date) in shown {
                            let lists = try session.renderer.layout(
                                entry.view, metrics: metrics,
                                context: ViewContext(
                                    family: family, displaySize: metrics.size, locale: scene.locale,
                                    date: date, appGroups: groups))
                            for item in lists.content {
                                if case .text = item { continue }
                                guard item.draws, let problem = Self.problem(item, content: metrics.contentRect)
                                else { continue }
                                let line = "\(device.id) \(family.shortName) \(parameters): \(problem)"
                                if !problems.contains(line) { problems.append(line) }
                            }
                            for case .text(let text) in lists.content {
                                let found = [
                                    Self.problem(text, content: metrics.contentRect, measurer: measurer),
                                    Self.tooSmall(text), Self.untranslated(text, locale: scene.locale),
                                ]
                                for case let problem? in found {
                                    let line = "\(device.id) \(family.shortName) \(parameters): \(problem)"
                                    if !problems.contains(line) { problems.append(line) }
                                }
                            }
                        }
                    }
                }
            }
        }
        if !problems.isEmpty {
            Issue.record(Comment(rawValue: "\(problems.count) problems:\n" + problems.joined(separator: "\n")))
        }
    }
}
