import Foundation
import WidgetDates

/// What a ``Text`` shows: runs of strings, dates and symbols, each with its own styling.
package struct TextSpec: Sendable {
    package var runs: [TextRun]

    package init(_ string: String) {
        runs = [TextRun(.verbatim(string))]
    }

    package init(date: Date, style: Text.DateStyle) {
        runs = [TextRun(.date(date, style))]
    }

    package init(runs: [TextRun]) {
        self.runs = runs
    }

    /// The string to draw in an environment (its locale, time zone and time shown).
    package func string(in environment: EnvironmentValues) -> String {
        runs.map { $0.string(in: environment) }.joined()
    }

    /// The runs resolved for an environment: strings written, fonts and colours final.
    ///
    /// In a right-to-left layout a paragraph reads right to left whatever its first letter (a
    /// right-to-left mark leads it): `AAPL ▼ ٥٫٥٪` starts at the right, with `AAPL`, as the
    /// environment's direction sets a paragraph's in SwiftUI.
    package func styled(in environment: EnvironmentValues) -> StyledText {
        var styled = runs.map { $0.styled(in: environment) }
        if environment.layoutDirection == .rightToLeft, !styled.isEmpty {
            styled[0].string = "\u{200F}" + styled[0].string
        }
        return StyledText(runs: styled, lineSpacing: environment.lineSpacing)
    }
}

/// One run of a ``Text``: its content and the styling set on it (`Text("a").bold() + Text("b")`).
package struct TextRun: Sendable {
    package enum Content: Sendable {
        case verbatim(String)
        case date(Date, Text.DateStyle)
        /// A value written by a format style, with the environment's locale and time zone.
        case formatted(@Sendable (EnvironmentValues) -> String)
        /// A symbol by its SF Symbols name.
        case symbol(String)
        /// A key looked up in the user's string tables.
        case localized(LocalizedStringKey, table: String?, bundle: Bundle?)
    }

    package var content: Content
    package var attributes = TextAttributes()
    /// `Text.font(_:)`; `nil` for the environment's.
    package var font: Font?
    /// `Text.foregroundColor(_:)`; `nil` for the environment's.
    package var color: Color?
    /// Extra opacity (a ``GraphicsContext``'s).
    package var opacity: Double = 1

    package init(_ content: Content) {
        self.content = content
    }

    package func string(in environment: EnvironmentValues) -> String {
        switch content {
        case .verbatim(let string): string
        case .date(let date, let style): style.format(date, environment)
        case .formatted(let format): format(environment)
        case .symbol(let name): SymbolCatalog.codepoint(for: name).map { String(Character($0)) } ?? "\u{FFFD}"
        case .localized(let key, let table, let bundle):
            StringTables.shared.string(for: key, table: table, bundle: bundle, locale: environment.locale)
        }
    }

    package func styled(in environment: EnvironmentValues) -> StyledText.Run {
        var font = font ?? environment.font
        let attributes = environment.textAttributes.merged(with: attributes)
        if let weight = attributes.weight { font.weight = weight }
        if attributes.italic { font.isItalic = true }
        if attributes.monospacedDigit { font.monospacedDigits = true }
        if let design = attributes.design { font.design = design }
        var resolvedColor = color.map { $0.resolved(against: environment.foreground) }
        if opacity < 1 { resolvedColor = (resolvedColor ?? environment.foreground).opacity(opacity) }
        var run = StyledText.Run(string: string(in: environment), font: font, color: resolvedColor)
        run.underline = attributes.underline
        run.strikethrough = attributes.strikethrough
        run.kerning = attributes.kerning
        run.baselineOffset = attributes.baselineOffset
        if case .symbol(let name) = content {
            run.isSymbol = true
            if SymbolCatalog.codepoint(for: name) == nil { run.unknownSymbol = name }
            run.font.size *= environment.imageScale.factor
        }
        return run
    }
}

/// Text styling set with modifiers, on a ``Text`` or on a container for all its text.
package struct TextAttributes: Sendable, Hashable {
    package var weight: Font.Weight?
    package var italic = false
    package var underline = false
    package var strikethrough = false
    package var monospacedDigit = false
    package var design: Font.Design?
    package var kerning: Double = 0
    package var baselineOffset: Double = 0

    package init() {}

    /// These attributes with a run's own on top.
    package func merged(with inner: TextAttributes) -> TextAttributes {
        var result = self
        if let weight = inner.weight { result.weight = weight }
        result.italic = italic || inner.italic
        result.underline = underline || inner.underline
        result.strikethrough = strikethrough || inner.strikethrough
        result.monospacedDigit = monospacedDigit || inner.monospacedDigit
        if let design = inner.design { result.design = design }
        if inner.kerning != 0 { result.kerning = inner.kerning }
        if inner.baselineOffset != 0 { result.baselineOffset = inner.baselineOffset }
        return result
    }
}

/// Text resolved for drawing: each run's string, font and decorations.
package struct StyledText: Sendable, Hashable {
    package struct Run: Sendable, Hashable {
        package var string: String
        package var font: Font
        /// `nil` draws in the text's colour.
        package var color: Color?
        package var underline = false
        package var strikethrough = false
        package var kerning: Double = 0
        package var baselineOffset: Double = 0
        /// Drawn from the symbol font.
        package var isSymbol = false
        /// A symbol name the catalogue does not know (the render fails with near names).
        package var unknownSymbol: String?

        package init(string: String, font: Font, color: Color? = nil) {
            self.string = string
            self.font = font
            self.color = color
        }
    }

    package var runs: [Run]
    /// Extra points between lines.
    package var lineSpacing: Double

    package init(runs: [Run], lineSpacing: Double = 0) {
        self.runs = runs
        self.lineSpacing = lineSpacing
    }

    /// Plain text in one font.
    package init(_ string: String, font: Font) {
        self.init(runs: [Run(string: string, font: font)])
    }

    /// All the runs' text.
    package var string: String { runs.map(\.string).joined() }

    /// The first run's font: the text's size for redaction bars and line heights.
    package var font: Font { runs.first?.font ?? .body }

    /// True when every run is in one font with no decoration (measured as plain text).
    package var isPlain: Bool {
        runs.allSatisfy {
            $0.font == font && !$0.underline && !$0.strikethrough && !$0.isSymbol && $0.kerning == 0
                && $0.baselineOffset == 0
        }
    }

    /// The text with every font scaled (to shrink toward `minimumScaleFactor`), in whole tenths of a point.
    package func scaled(by factor: Double) -> StyledText {
        var copy = self
        for index in copy.runs.indices {
            copy.runs[index].font.size = (runs[index].font.size * factor * 10).rounded(.down) / 10
        }
        return copy
    }
}

/// A run of text in the environment's font and colour, as SwiftUI's `Text`.
///
/// Text wraps to the width it is offered unless `lineLimit` says otherwise, and
/// shrinks down to `minimumScaleFactor` before it truncates. Texts concatenate with `+`,
/// each part keeping its own styling, and may hold symbols and emoji.
///
/// ```swift
/// Text("Bitcoin").font(.headline).foregroundStyle(.secondary)
/// Text(entry.nextAttack, style: .relative)   // "2 hours, 23 minutes" at the time shown
/// Text("Full in ").bold() + Text(date, style: .relative)
/// ```
public struct Text: PrimitiveView {
    package var spec: TextSpec

    package init(spec: TextSpec) {
        self.spec = spec
    }

    /// Text that shows a string as it is, as SwiftUI's `Text(_:)` for a string variable.
    ///
    /// - Parameter content: the text.
    public init<S: StringProtocol>(_ content: S) {
        spec = TextSpec(String(content))
    }

    /// Text that shows a string as it is, never looked up in a string table.
    ///
    /// - Parameter content: the text.
    public init(verbatim content: String) {
        spec = TextSpec(content)
    }

    /// Text that shows a string literal, looked up by key in the bundle's string tables for
    /// the environment's locale, as SwiftUI's `Text(_:tableName:bundle:)`; the literal itself
    /// when no table has it.
    ///
    /// - Parameters:
    ///   - key: the key; interpolated values fill its `%@` and `%lld` placeholders.
    ///   - tableName: the table (`Localizable` by default).
    ///   - bundle: the bundle holding `<language>.lproj/<table>.strings` (the main bundle by default;
    ///     a package target's is `.module`).
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil) {
        spec = TextSpec(runs: [TextRun(.localized(key, table: tableName, bundle: bundle))])
    }

    /// Text that shows a date in a style, as SwiftUI's `Text(_:style:)`.
    ///
    /// Relative styles (`.relative`, `.offset`, `.timer`) count from the time the screen
    /// shows (``EnvironmentValues/date``), so each image of a timeline says what a person
    /// would read at that moment.
    ///
    /// - Parameters:
    ///   - date: the date.
    ///   - style: how to write it.
    public init(_ date: Date, style: DateStyle) {
        spec = TextSpec(date: date, style: style)
    }

    /// Text that shows a value written by a format style, as SwiftUI's `Text(_:format:)`, in the
    /// environment's locale (and, for dates, its time zone).
    ///
    /// ```swift
    /// Text(entry.date, format: .dateTime.hour().minute())
    /// Text(0.42, format: .percent)
    /// ```
    ///
    /// - Parameters:
    ///   - input: the value.
    ///   - format: how to write it.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatInput: Sendable, F.FormatOutput == String, F: Sendable {
        spec = TextSpec(runs: [
            TextRun(
                .formatted { environment in
                    if let dateFormat = format as? Date.FormatStyle, let date = input as? Date {
                        var localized = dateFormat.locale(environment.locale)
                        localized.timeZone = environment.timeZone
                        return localized.format(date)
                    }
                    return format.locale(environment.locale).format(input)
                })
        ])
    }

    /// A symbol inside text, as SwiftUI's `Text(Image(systemName:))`.
    ///
    /// - Parameter image: a symbol image; other images show nothing.
    public init(_ image: Image) {
        if case .system(let name) = image.spec.source {
            spec = TextSpec(runs: [TextRun(.symbol(name))])
        } else {
            spec = TextSpec(runs: [])
        }
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .text(spec) }

    /// The two texts one after the other, each with its own styling.
    public static func + (lhs: Text, rhs: Text) -> Text {
        Text(spec: TextSpec(runs: lhs.spec.runs + rhs.spec.runs))
    }

    private func modifyingRuns(_ change: (inout TextRun) -> Void) -> Text {
        var copy = self
        for index in copy.spec.runs.indices { change(&copy.spec.runs[index]) }
        return copy
    }

    /// Bold text.
    public func bold() -> Text { fontWeight(.bold) }
    /// Bold text when `isActive`.
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    /// Text of a weight.
    public func fontWeight(_ weight: Font.Weight?) -> Text { modifyingRuns { $0.attributes.weight = weight } }
    /// Slanted text.
    public func italic() -> Text { modifyingRuns { $0.attributes.italic = true } }
    /// Slanted text when `isActive`.
    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }
    /// Digits of equal width.
    public func monospacedDigit() -> Text { modifyingRuns { $0.attributes.monospacedDigit = true } }
    /// A line through the text.
    public func strikethrough(_ isActive: Bool = true) -> Text {
        modifyingRuns { $0.attributes.strikethrough = isActive }
    }
    /// A line under the text.
    public func underline(_ isActive: Bool = true) -> Text { modifyingRuns { $0.attributes.underline = isActive } }
    /// Text in a design (`.monospaced`, `.serif`).
    public func fontDesign(_ design: Font.Design?) -> Text { modifyingRuns { $0.attributes.design = design } }
    /// Extra points between characters.
    public func kerning(_ points: Double) -> Text { modifyingRuns { $0.attributes.kerning = points } }
    /// Text raised (positive) or lowered by points.
    public func baselineOffset(_ points: Double) -> Text { modifyingRuns { $0.attributes.baselineOffset = points } }
    /// Text in a font, whatever the environment's.
    public func font(_ font: Font?) -> Text { modifyingRuns { $0.font = font } }
    /// Text in a colour, whatever the environment's; it stays a `Text`, so it can be joined with `+`.
    public func foregroundColor(_ color: Color?) -> Text { modifyingRuns { $0.color = color } }

    /// How ``Text/init(_:style:)`` writes a date, as SwiftUI's `Text.DateStyle`.
    public struct DateStyle: Sendable, Hashable {
        private enum Base: Sendable, Hashable {
            case time, date, relative, offset, timer
        }

        private let base: Base

        /// The time of day: `2:37 PM`, `14:37`, `오후 2:37`.
        public static var time: DateStyle { DateStyle(base: .time) }
        /// The day: `June 3, 2019`, `2019年6月3日`, `2019년 6월 3일`.
        public static var date: DateStyle { DateStyle(base: .date) }
        /// The time from or to now: `2 hours, 23 minutes`.
        public static var relative: DateStyle { DateStyle(base: .relative) }
        /// The signed time from now: `+2 hours`, `-3 months`.
        public static var offset: DateStyle { DateStyle(base: .offset) }
        /// A running clock: `2:32`, `36:59:01`.
        public static var timer: DateStyle { DateStyle(base: .timer) }

        func format(_ date: Date, _ environment: EnvironmentValues) -> String {
            switch base {
            case .time: DateText.time(date, locale: environment.locale, timeZone: environment.timeZone)
            case .date: DateText.date(date, locale: environment.locale, timeZone: environment.timeZone)
            case .relative:
                DateText.relative(
                    date, to: environment.date, locale: environment.locale, timeZone: environment.timeZone)
            case .offset:
                DateText.offset(
                    date, from: environment.date, locale: environment.locale, timeZone: environment.timeZone)
            case .timer: DateText.timer(date, from: environment.date)
            }
        }
    }
}

extension TextSpec: ViewBehavior {
    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        pass.fitted(styled(in: environment), width: proposal.width, environment: environment).size
    }

    /// Text is set at the frame's width, aligned in it by the environment's text alignment
    /// and centred vertically.
    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        let (text, size) = pass.fitted(styled(in: environment), width: rect.width, environment: environment)
        let frame = rect.aligning(size, Alignment(horizontal: environment.textAlignment, vertical: .center))
        items.append(
            .text(
                DisplayText(
                    text: text, color: environment.foreground, frame: frame, layoutWidth: rect.width,
                    lineLimit: environment.lineLimit, alignment: environment.textAlignment,
                    redacted: environment.redacted)))
    }

    /// Text is as tall as its lines at a width, whatever height it is offered.
    package func ignoresProposedHeight(_ children: [ViewNode], pass: any LayoutPass) -> Bool { true }

    package func describe(_ children: [String]) -> String { "Text(\(string(in: EnvironmentValues())))" }
}

extension ViewNode {
    package static func text(_ spec: TextSpec) -> ViewNode { .primitive(spec) }
}
