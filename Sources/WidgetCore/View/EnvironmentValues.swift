import Foundation
import WidgetDates

/// Values a view inherits from its ancestors, as SwiftUI's `EnvironmentValues`.
///
/// Read them in a view with ``Environment``; change them for a subtree with modifiers
/// (`font`, `foregroundStyle`, ``View/environment(_:_:)``). Add your own with an
/// ``EnvironmentKey``:
///
/// ```swift
/// private struct AccentKey: EnvironmentKey { static let defaultValue = Color.orange }
/// extension EnvironmentValues {
///     var accent: Color {
///         get { self[AccentKey.self] }
///         set { self[AccentKey.self] = newValue }
///     }
/// }
/// ```
public struct EnvironmentValues: Sendable {
    /// The values, shared by copies until one of them changes (copy on write): a layout pass
    /// copies the environment at every view and every size it asks, and copying two dozen fields
    /// (a locale, a time zone, colours, fonts, dictionaries) each time was a fifth of a text-heavy
    /// widget's drawing (covid-country, `widgetrender bench`).
    private final class Storage: @unchecked Sendable {
        var font: Font
        var foreground: Color
        var lineLimit: Int?
        var minimumScaleFactor: Double
        var textAlignment: HorizontalAlignment
        var redacted: Bool
        var colorScheme: ColorScheme
        var widgetFamily: WidgetFamily
        var displaySize: Size
        var locale: Locale
        var timeZone: TimeZone
        var date: Date
        var appGroups: AppGroupContainers
        var tint: Color?
        var lineSpacing: Double
        var displayScale: Double
        var widgetRenderingMode: WidgetRenderingMode
        var showsWidgetContainerBackground: Bool
        var textAttributes: TextAttributes
        var labelStyle: LabelStyle
        var progressViewStyle: ProgressViewStyle
        var gaugeStyle: GaugeStyle
        var buttonStyle: ButtonStyle
        var toggleStyle: ToggleStyle
        var imageScale: Image.Scale
        var custom: [ObjectIdentifier: any Sendable]

        /// The defaults.
        init() {
            font = .body
            foreground = .primary
            lineLimit = nil
            minimumScaleFactor = 1
            textAlignment = .leading
            redacted = false
            colorScheme = .light
            widgetFamily = .systemSmall
            displaySize = .zero
            locale = Locale(identifier: "en")
            timeZone = .utc
            date = Date(timeIntervalSince1970: 0)
            appGroups = AppGroupContainers()
            tint = nil
            lineSpacing = 0
            displayScale = 3
            widgetRenderingMode = .fullColor
            showsWidgetContainerBackground = true
            textAttributes = TextAttributes()
            labelStyle = .automatic
            progressViewStyle = .automatic
            gaugeStyle = .automatic
            buttonStyle = .automatic
            toggleStyle = .automatic
            imageScale = .medium
            custom = [:]
        }

        /// A copy of `other`'s values (no default is made first: a locale is costly to make).
        init(_ other: Storage) {
            font = other.font
            foreground = other.foreground
            lineLimit = other.lineLimit
            minimumScaleFactor = other.minimumScaleFactor
            textAlignment = other.textAlignment
            redacted = other.redacted
            colorScheme = other.colorScheme
            widgetFamily = other.widgetFamily
            displaySize = other.displaySize
            locale = other.locale
            timeZone = other.timeZone
            date = other.date
            appGroups = other.appGroups
            tint = other.tint
            lineSpacing = other.lineSpacing
            displayScale = other.displayScale
            widgetRenderingMode = other.widgetRenderingMode
            showsWidgetContainerBackground = other.showsWidgetContainerBackground
            textAttributes = other.textAttributes
            labelStyle = other.labelStyle
            progressViewStyle = other.progressViewStyle
            gaugeStyle = other.gaugeStyle
            buttonStyle = other.buttonStyle
            toggleStyle = other.toggleStyle
            imageScale = other.imageScale
            custom = other.custom
        }

        func copy() -> Storage { Storage(self) }
    }

    private var storage = Storage()

    /// The storage, made this value's own before a change.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The font for text.
    public var font: Font {
        get { storage.font }
        set { unique().font = newValue }
    }
    /// The colour for text, lines and shapes without a fill of their own.
    public var foreground: Color {
        get { storage.foreground }
        set { unique().foreground = newValue }
    }
    /// The most lines text may take; `nil` for no limit.
    public var lineLimit: Int? {
        get { storage.lineLimit }
        set { unique().lineLimit = newValue }
    }
    /// How far text may shrink before it is truncated.
    public var minimumScaleFactor: Double {
        get { storage.minimumScaleFactor }
        set { unique().minimumScaleFactor = newValue }
    }
    /// How the lines of wrapped text line up.
    public var textAlignment: HorizontalAlignment {
        get { storage.textAlignment }
        set { unique().textAlignment = newValue }
    }
    /// True when drawing the placeholder: text and images become rounded bars.
    public var redacted: Bool {
        get { storage.redacted }
        set { unique().redacted = newValue }
    }
    /// Light or dark.
    public var colorScheme: ColorScheme {
        get { storage.colorScheme }
        set { unique().colorScheme = newValue }
    }
    /// The family being drawn, as WidgetKit's `\.widgetFamily`.
    public var widgetFamily: WidgetFamily {
        get { storage.widgetFamily }
        set { unique().widgetFamily = newValue }
    }
    /// The widget's size in points.
    public var displaySize: Size {
        get { storage.displaySize }
        set { unique().displaySize = newValue }
    }
    /// The language of the widget's text.
    public var locale: Locale {
        get { storage.locale }
        set { unique().locale = newValue }
    }
    /// The time zone for dates drawn on the widget.
    public var timeZone: TimeZone {
        get { storage.timeZone }
        set { unique().timeZone = newValue }
    }
    /// The time the screen shows: what `Text(date, style: .relative)` counts from.
    ///
    /// WidgetKit reads the clock; WidgetRender draws each screen for a given time, so this
    /// is the entry's time on screen, not the time the provider was asked.
    public var date: Date {
        get { storage.date }
        set { unique().date = newValue }
    }
    /// The folders standing in for app group containers.
    public var appGroups: AppGroupContainers {
        get { storage.appGroups }
        set { unique().appGroups = newValue }
    }
    /// The colour of controls, progress and gauges (`nil` for the accent colour), as SwiftUI's `tint`.
    public var tint: Color? {
        get { storage.tint }
        set { unique().tint = newValue }
    }
    /// Extra points between the lines of wrapped text.
    public var lineSpacing: Double {
        get { storage.lineSpacing }
        set { unique().lineSpacing = newValue }
    }
    /// Pixels per point of the image being drawn.
    public var displayScale: Double {
        get { storage.displayScale }
        set { unique().displayScale = newValue }
    }
    /// How the system draws the widget: full colour, accented (tinted Home Screen) or vibrant
    /// (Lock Screen), as WidgetKit's `\.widgetRenderingMode`.
    public var widgetRenderingMode: WidgetRenderingMode {
        get { storage.widgetRenderingMode }
        set { unique().widgetRenderingMode = newValue }
    }
    /// Whether the widget's container background is drawn (false on the Lock Screen and in
    /// the accented and vibrant modes), as WidgetKit's `\.showsWidgetContainerBackground`.
    public var showsWidgetContainerBackground: Bool {
        get { storage.showsWidgetContainerBackground }
        set { unique().showsWidgetContainerBackground = newValue }
    }
    /// Why content is redacted: `.placeholder` while the widget's placeholder is drawn.
    public var redactionReasons: RedactionReasons {
        get { redacted ? .placeholder : [] }
        set { redacted = newValue.contains(.placeholder) }
    }
    /// Text styling set on a container (`.bold()`, `.italic()`… on any view).
    package var textAttributes: TextAttributes {
        get { storage.textAttributes }
        set { unique().textAttributes = newValue }
    }
    /// How ``Label``s show their title and icon.
    package var labelStyle: LabelStyle {
        get { storage.labelStyle }
        set { unique().labelStyle = newValue }
    }
    /// How ``ProgressView``s draw.
    package var progressViewStyle: ProgressViewStyle {
        get { storage.progressViewStyle }
        set { unique().progressViewStyle = newValue }
    }
    /// How ``Gauge``s draw.
    package var gaugeStyle: GaugeStyle {
        get { storage.gaugeStyle }
        set { unique().gaugeStyle = newValue }
    }
    /// How ``Button``s draw.
    package var buttonStyle: ButtonStyle {
        get { storage.buttonStyle }
        set { unique().buttonStyle = newValue }
    }
    /// How ``Toggle``s draw.
    package var toggleStyle: ToggleStyle {
        get { storage.toggleStyle }
        set { unique().toggleStyle = newValue }
    }
    /// The size of symbol images relative to the font.
    package var imageScale: Image.Scale {
        get { storage.imageScale }
        set { unique().imageScale = newValue }
    }

    /// The tint; without one, the foreground in the vibrant mode (Lock Screen gauges are
    /// white) and the accent colour elsewhere.
    package var resolvedTint: Color { tint ?? (widgetRenderingMode == .vibrant ? foreground : .accentColor) }

    private var custom: [ObjectIdentifier: any Sendable] {
        get { storage.custom }
        set { unique().custom = newValue }
    }

    /// The default values: light, small, English, UTC, at 1970-01-01.
    public init() {}

    /// The value of a key of your own, or its default.
    ///
    /// - Parameter key: the key type.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { (custom[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }

    /// The environment the view being evaluated sees; set while a `body` is evaluated.
    @TaskLocal package static var current = EnvironmentValues()

    /// The values after a change.
    package func applying(_ change: EnvironmentChange) -> EnvironmentValues {
        var copy = self
        switch change {
        case .font(let font): copy.font = font
        case .foreground(let color): copy.foreground = color.resolved(against: foreground)
        case .lineLimit(let limit): copy.lineLimit = limit
        case .minimumScaleFactor(let factor): copy.minimumScaleFactor = factor
        case .textAlignment(let alignment): copy.textAlignment = alignment
        case .unredacted: copy.redacted = false
        case .custom(let write): write.apply(&copy)
        }
        return copy
    }
}

/// A key for a value of your own in ``EnvironmentValues``, as SwiftUI's `EnvironmentKey`.
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value: Sendable
    /// The value when no ancestor sets one.
    static var defaultValue: Value { get }
}

/// Reads a value from the environment of the place a view is laid out, as SwiftUI's
/// `@Environment`.
///
/// ```swift
/// struct EntryView: View {
///     var entry: Provider.Entry
///     @Environment(\.widgetFamily) var family
///     @Environment(\.colorScheme) var colorScheme
///
///     var body: some View {
///         Text(family == .systemSmall ? entry.short : entry.long)
///     }
/// }
/// ```
@propertyWrapper
public struct Environment<Value: Sendable>: Sendable {
    private let keyPath: KeyPath<EnvironmentValues, Value> & Sendable

    /// Reads the value at `keyPath`.
    ///
    /// - Parameter keyPath: e.g. `\.widgetFamily`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value> & Sendable) {
        self.keyPath = keyPath
    }

    /// The value where the view is being laid out (the default values outside a render).
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

/// One change a modifier makes to the environment.
package enum EnvironmentChange: Sendable {
    case font(Font)
    case foreground(Color)
    case lineLimit(Int?)
    case minimumScaleFactor(Double)
    case textAlignment(HorizontalAlignment)
    /// Shows the subtree even in the placeholder.
    case unredacted
    /// `environment(\.key, value)`.
    case custom(EnvironmentWrite)
}

/// A write of one value into the environment, from `environment(_:_:)` and the modifiers that
/// set a value (`tint`, `lineSpacing`, `bold`…).
package struct EnvironmentWrite: Sendable {
    private let write: @Sendable (inout EnvironmentValues) -> Void

    package init<Value: Sendable>(_ keyPath: WritableKeyPath<EnvironmentValues, Value> & Sendable, _ value: Value) {
        write = { $0[keyPath: keyPath] = value }
    }

    package init(_ transform: @escaping @Sendable (inout EnvironmentValues) -> Void) {
        write = transform
    }

    func apply(_ values: inout EnvironmentValues) { write(&values) }
}
