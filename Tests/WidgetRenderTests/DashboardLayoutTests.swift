import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetDrawing
@testable import ChartWidgets
import WidgetRender

/// Every built-in widget in every dashboard family on every e-ink screen, laid out with the
/// real fonts, is legible at one bit a pixel (issue 33): no text cut short or outside the
/// content, every text at least 16 device pixels and dark enough to print black, every stroke
/// and rule at least 2 device pixels, and nothing in a colour (a meaning in colour alone is
/// lost on a grey panel).
@Suite("Dashboard families are legible on every screen")
struct DashboardLayoutTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var kind: String
        var locale: Locale
        /// Every listed country for the country widget (long names, large figures).
        var parameterSets: [[String: String]] {
            kind == CountryStatusWidget.kind ? CountryNames.all.map { ["country": $0.iso3] } : [[:]]
        }
        var testDescription: String { "\(kind)-\(locale.identifier)" }
    }

    /// The widgets with dashboard families, in English, Japanese, Korean, German and Arabic
    /// (right to left, its own digits).
    static let cases: [Case] = ((try? BuiltInWidgets().resolvedWidgets()) ?? []).filter { widget in
        widget.supportedFamilies.contains(where: \.isDashboard)
    }.flatMap { widget in
        ["en", "ja", "ko", "de", "fr", "es", "pt-BR", "zh-Hans", "ar-EG", "hi"].map {
            Case(kind: widget.kind, locale: Locale(identifier: $0))
        }
    }

    /// The smallest text, in device pixels.
    static let smallestTextPixels = 16.0
    /// The thinnest stroke or rule, in device pixels.
    static let thinnestStrokePixels = 2.0

    /// A colour with hue, or `nil` for black, white or a grey.
    static func hue(_ color: Color) -> String? {
        let rgba = color.resolved(against: .primary).resolved(in: .light)
        let channels = [rgba.red, rgba.green, rgba.blue]
        guard let high = channels.max(), let low = channels.min(), high - low > 0.02, rgba.alpha > 0 else {
            return nil
        }
        return String(format: "#%02X%02X%02X", Int(rgba.red * 255), Int(rgba.green * 255), Int(rgba.blue * 255))
    }

    /// The colours of a fill: one, or a gradient's.
    static func colors(_ style: ShapeStyle) -> [Color] {
        switch style.kind {
        case .color(let color): [color]
        case .linearGradient(let colors, _, _), .radialGradient(let colors, _, _, _),
            .angularGradient(let colors, _, _, _):
            colors
        }
    }

    /// A text's grey over white, 0 black to 1 white: at one bit, under one half is black.
    static func grey(_ color: Color) -> Double {
        let rgba = color.resolved(against: .primary).resolved(in: .light)
        let luma = 0.299 * rgba.red + 0.587 * rgba.green + 0.114 * rgba.blue
        return 1 - rgba.alpha * (1 - luma)
    }

    /// What is wrong with a text for an e-ink panel at `scale`, beside ``LayoutFitTests``' checks.
    static func inkProblem(_ text: DisplayText, scale: Double) -> String? {
        guard !text.string.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        if text.font.size * scale < smallestTextPixels - 0.05 {
            return "'\(text.string)' is \(String(format: "%.1f", text.font.size * scale)) px, under 16 px"
        }
        if let hue = hue(text.color) { return "'\(text.string)' is in a colour (\(hue))" }
        let grey = grey(text.color)
        if grey > 0.25 {
            return
                "'\(text.string)' is grey (\(String(format: "%.2f", grey))), not black: it fades or vanishes at one bit"
        }
        return nil
    }

    /// What is wrong with a shape, stroke or chart for an e-ink panel at `scale`, or `nil`.
    static func inkProblem(_ item: DisplayItem, scale: Double) -> String? {
        let thin = { (width: Double) in width * scale < thinnestStrokePixels - 0.01 }
        let px = { (width: Double) in String(format: "%.2f px", width * scale) }
        switch item {
        case .shape(_, let style, let rect, _):
            if let hue = colors(style).compactMap(hue).first { return "a shape is in a colour (\(hue))" }
            // A rule or tick is a thin filled rectangle.
            let across = min(rect.width, rect.height)
            if across > 0, thin(across), colors(style).contains(where: { grey($0) < 0.99 }) {
                return "a rule \(String(format: "%.1f×%.1f", rect.width, rect.height)) pt is \(px(across)) thin"
            }
        case .stroke(_, let style, let stroke, _, _, _):
            if let hue = colors(style).compactMap(hue).first { return "an outline is in a colour (\(hue))" }
            if thin(stroke.lineWidth) { return "an outline is \(px(stroke.lineWidth)) wide" }
        case .drawing(let steps, _, _, _):
            for step in steps {
                switch step {
                case .stroke(_, let style, let stroke):
                    if let hue = colors(style).compactMap(hue).first { return "a chart's line is in a colour (\(hue))" }
                    if thin(stroke.lineWidth) { return "a chart's line is \(px(stroke.lineWidth)) wide" }
                case .fill(_, let style):
                    if let hue = colors(style).compactMap(hue).first { return "a chart's fill is in a colour (\(hue))" }
                case .text(let text, let color, _):
                    if text.font.size * scale < smallestTextPixels - 0.05 {
                        return "a chart's '\(text.string)' is under 16 px"
                    }
                    if hue(color) != nil || grey(color) > 0.25 { return "a chart's '\(text.string)' is not black" }
                }
            }
        default: break
        }
        return nil
    }

    @Test(arguments: cases)
    func legibleAtOneBit(_ scene: Case) async throws {
        let widget = try Fixtures.widget(scene.kind)
        var problems: [String] = []
        var laidOut = 0
        for parameters in scene.parameterSets {
            for device in DeviceProfile.screens {
                for family in WidgetFamily.dashboardFamilies where widget.supports(family) {
                    let metrics = try WidgetMetrics(family: family, device: device)
                    let scale = Double(metrics.scale)
                    let context = TimelineProviderContext(
                        family: family, displaySize: metrics.size,
                        parameters: try WidgetParameters.resolve(parameters, against: widget.parameters),
                        now: Fixtures.now)
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
                                    family: family, displaySize: metrics.size, locale: scene.locale, date: date))
                            laidOut += 1
                            var found: [String] = []
                            for item in lists.content where item.draws {
                                if case .text(let text) = item {
                                    found += [
                                        LayoutFitTests.problem(text, content: metrics.contentRect, measurer: measurer),
                                        Self.inkProblem(text, scale: scale),
                                        LayoutFitTests.untranslated(text, locale: scene.locale),
                                    ].compactMap { $0 }
                                } else {
                                    found += [
                                        LayoutFitTests.problem(item, content: metrics.contentRect),
                                        Self.inkProblem(item, scale: scale),
                                    ].compactMap { $0 }
                                }
                            }
                            for problem in found {
                                let line = "\(device.id) \(family.shortName) \(parameters): \(problem)"
                                if !problems.contains(line) { problems.append(line) }
                            }
                        }
                    }
                }
            }
        }
        #expect(laidOut >= DeviceProfile.screens.count * WidgetFamily.dashboardFamilies.count)
        if !problems.isEmpty {
            Issue.record(Comment(rawValue: "\(problems.count) problems:\n" + problems.joined(separator: "\n")))
        }
    }

    /// The checks themselves: a grey or coloured label, a 12 px label, a hairline rule and a
    /// one-pixel line each fail; black 16 px text and 2 px rules pass.
    @Test func theChecksCatchWhatFadesAtOneBit() {
        func text(_ color: Color, size: Double) -> DisplayText {
            DisplayText(
                text: StyledText("430.47", font: Font(size: size)), color: color,
                frame: Rect(x: 16, y: 16, width: 80, height: 20), layoutWidth: 80, lineLimit: 1, alignment: .leading,
                redacted: false)
        }
        #expect(Self.inkProblem(text(.primary, size: 16), scale: 1) == nil)
        #expect(Self.inkProblem(text(.primary, size: 8), scale: 2) == nil)
        #expect(Self.inkProblem(text(.primary, size: 12), scale: 1) != nil)
        #expect(Self.inkProblem(text(.secondary, size: 16), scale: 1) != nil)
        #expect(Self.inkProblem(text(.red, size: 16), scale: 1) != nil)
        let rule = { (height: Double) in
            DisplayItem.shape(
                .rectangle(cornerRadius: 0), .color(.primary), Rect(x: 0, y: 0, width: 100, height: height),
                redacted: false)
        }
        #expect(Self.inkProblem(rule(2), scale: 1) == nil)
        #expect(Self.inkProblem(rule(1), scale: 2) == nil)
        #expect(Self.inkProblem(rule(1), scale: 1) != nil)
        let line = { (width: Double, color: Color) in
            DisplayItem.drawing(
                [.stroke(Path(Rect(x: 0, y: 0, width: 10, height: 10)), .color(color), StrokeStyle(lineWidth: width))],
                Rect(x: 0, y: 0, width: 10, height: 10), redacted: false)
        }
        #expect(Self.inkProblem(line(3, .primary), scale: 1) == nil)
        #expect(Self.inkProblem(line(1, .primary), scale: 1) != nil)
        #expect(Self.inkProblem(line(3, .green), scale: 1) != nil)
    }
}
