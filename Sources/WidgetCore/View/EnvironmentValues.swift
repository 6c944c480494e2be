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
    /// Every value and its default.
    private struct Values: Sendable {
        var font: Font = .body
        var foreground: Color = .primary
        var lineLimit: Int?
        var minimumScaleFactor: Double = 1
        var textAlignment: HorizontalAlignment = .leading
        var redacted: Bool = false
        var colorScheme: ColorScheme = .light
        var widgetFamily: WidgetFamily = .systemSmall
        var displaySize: Size = .zero
        var locale: Locale = Locale(identifier: "en")
        var layoutDirection: LayoutDirection = .leftToRight
        var timeZone: TimeZone = .utc
        var date: Date = Date(timeIntervalSince1970: 0)
        var appGroups: AppGroupContainers = AppGroupContainers()
        var tint: Color?
        var lineSpacing: Double = 0
        var displayScale: Double = 3
        var widgetRenderingMode: WidgetRenderingMode = .fullColor
        var showsWidgetContainerBackground: Bool = true
        var textAttributes: TextAttributes = TextAttributes()
        var labelStyle: LabelStyle = .automatic
        var progressViewStyle: ProgressViewStyle = .automatic
        var gaugeStyle: GaugeStyle = .automatic
        var buttonStyle: ButtonStyle = .automatic
        var toggleStyle: ToggleStyle = .automatic
        var imageScale: Image.Scale = .medium
        var screenDevice: ScreenDeviceStatus?
        var custom: [ObjectIdentifier: any Sendable] = [:]
    }

    /// The values, shared by copies until one of them changes (copy on write): a layout pass
    /// copies the environment at every view and every size it asks, and copying two dozen fields
    /// (a locale, a time zone, colours, fonts, dictionaries) each time was a fifth of a text-heavy
    /// widget's drawing (covid-country, `widgetrender bench`).
    private final class Storage: @unchecked Sendable {
        var values: Values

        init(_ values: Values) {
            self.values = values
        }
    }

    private var storage = Storage(Values())

    /// The storage, made this value's own before a change.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
        return storage
    }

    /// The font for text.
    public var font: Font {
        get { storage.values.font }
        set { unique().values.font = newValue }
    }
    /// The colour for text, lines and shapes without a fill of their own.
    public var foreground: Color {
        get { storage.values.foreground }
        set { unique().values.foreground = newValue }
    }
    /// The most lines text may take; `nil` for no limit.
    public var lineLimit: Int? {
        get { storage.values.lineLimit }
        set { unique().values.lineLimit = newValue }
    }
    /// How far text may shrink before it is truncated.
    public var minimumScaleFactor: Double {
        get { storage.values.minimumScaleFactor }
        set { unique().values.minimumScaleFactor = newValue }
    }
    /// How the lines of wrapped text line up.
    public var textAlignment: HorizontalAlignment {
        get { storage.values.textAlignment }
        set { unique().values.textAlignment = newValue }
    }
    /// True when drawing the placeholder: text and images become rounded bars.
    public var redacted: Bool {
        get { storage.values.redacted }
        set { unique().values.redacted = newValue }
    }
    /// Light or dark.
    public var colorScheme: ColorScheme {
        get { storage.values.colorScheme }
        set { unique().values.colorScheme = newValue }
    }
    /// The family being drawn, as WidgetKit's `\.widgetFamily`.
    public var widgetFamily: WidgetFamily {
        get { storage.values.widgetFamily }
        set { unique().values.widgetFamily = newValue }
    }
    /// The widget's size in points.
    public var displaySize: Size {
        get { storage.values.displaySize }
        set { unique().values.displaySize = newValue }
    }
    /// The language of the widget's text.
    public var locale: Locale {
        get { storage.values.locale }
        set { unique().values.locale = newValue }
    }
    /// The direction of layout. A widget's root has its language's (right to left in Arabic,
    /// Hebrew, Persian and Urdu), as iOS sets it; a subtree's locale does not change it, as in
    /// SwiftUI. Leading and trailing, stacks and charts' time axes follow it; text and images
    /// are not mirrored.
    public var layoutDirection: LayoutDirection {
        get { storage.values.layoutDirection }
        set { unique().values.layoutDirection = newValue }
    }
    /// The time zone for dates drawn on the widget.
    public var timeZone: TimeZone {
        get { storage.values.timeZone }
        set { unique().values.timeZone = newValue }
    }
    /// The time the screen shows: what `Text(date, style: .relative)` counts from.
    ///
    /// WidgetKit reads the clock; WidgetRender draws each screen for a given time, so this
    /// is the entry's time on screen, not the time the provider was asked.
    public var date: Date {
        get { storage.values.date }
        set { unique().values.date = newValue }
    }
    /// The folders standing in for app group containers.
    public var appGroups: AppGroupContainers {
        get { storage.values.appGroups }
        set { unique().values.appGroups = newValue }
    }
    /// The colour of controls, progress and gauges (`nil` for the accent colour), as SwiftUI's `tint`.
    public var tint: Color? {
        get { storage.values.tint }
        set { unique().values.tint = newValue }
    }
    /// Extra points between the lines of wrapped text.
    public var lineSpacing: Double {
        get { storage.values.lineSpacing }
        set { unique().values.lineSpacing = newValue }
    }
    /// Pixels per point of the image being drawn.
    public var displayScale: Double {
        get { storage.values.displayScale }
        set { unique().values.displayScale = newValue }
    }
    /// What the e-ink device the widget is drawn for said about itself (its battery, Wi-Fi
    /// signal, firmware and id) when it asked for its screen; `nil` when it is not drawn for one
    /// (a file, a phone's family, a request without a device's headers).
    ///
    /// `serve --screen` sets it from the headers a TRMNL sends to `GET /api/display`
    /// (`Battery-Voltage`, `RSSI`…); `RenderRequest.screenDevice` sets it
    /// elsewhere.
    ///
    /// ```swift
    /// struct BatteryLabel: View {
    ///     @Environment(\.screenDevice) var device
    ///
    ///     var body: some View {
    ///         if let volts = device?.batteryVoltage {
    ///             Text(String(format: "%.2f V", volts))
    ///         }
    ///     }
    /// }
    /// ```
    public var screenDevice: ScreenDeviceStatus? {
        get { storage.values.screenDevice }
        set { unique().values.screenDevice = newValue }
    }
    /// How the system draws the widget: full colour, accented (tinted Home Screen) or vibrant
    /// (Lock Screen), as WidgetKit's `\.widgetRenderingMode`.
    public var widgetRenderingMode: WidgetRenderingMode {
        get { storage.values.widgetRenderingMode }
        set { unique().values.widgetRenderingMode = newValue }
    }
    /// Whether the widget's container background is drawn (false on the Lock Screen and in
    /// the accented and vibrant modes), as WidgetKit's `\.showsWidgetContainerBackground`.
    public var showsWidgetContainerBackground: Bool {
        get { storage.values.showsWidgetContainerBackground }
        set { unique().values.showsWidgetContainerBackground = newValue }
    }
    /// Whether an accessory widget's `widgetLabel` is shown: never on an iPhone's or iPad's Lock
    /// Screen (only watchOS complications show it), as WidgetKit's `\.showsWidgetLabel`.
    public var showsWidgetLabel: Bool { false }
    /// Why content is redacted: `.placeholder` while the widget's placeholder is drawn.
    public var redactionReasons: RedactionReasons {
        get { redacted ? .placeholder : [] }
        set { redacted = newValue.contains(.placeholder) }
    }
    /// Text styling set on a container (`.bold()`, `.italic()`… on any view).
    package var textAttributes: TextAttributes {
        get { storage.values.textAttributes }
        set { unique().values.textAttributes = newValue }
    }
    /// How ``Label``s show their title and icon.
    package var labelStyle: LabelStyle {
        get { storage.values.labelStyle }
        set { unique().values.labelStyle = newValue }
    }
    /// How ``ProgressView``s draw.
    package var progressViewStyle: ProgressViewStyle {
        get { storage.values.progressViewStyle }
        set { unique().values.progressViewStyle = newValue }
    }
    /// How ``Gauge``s draw.
    package var gaugeStyle: GaugeStyle {
        get { storage.values.gaugeStyle }
        set { unique().values.gaugeStyle = newValue }
    }
    /// How ``Button``s draw.
    package var buttonStyle: ButtonStyle {
        get { storage.values.buttonStyle }
        set { unique().values.buttonStyle = newValue }
    }
    /// How ``Toggle``s draw.
    package var toggleStyle: ToggleStyle {
        get { storage.values.toggleStyle }
        set { unique().values.toggleStyle = newValue }
    }
    /// The size of symbol images relative to the font.
    package var imageScale: Image.Scale {
        get { storage.values.imageScale }
        set { unique().values.imageScale = newValue }
    }

    /// The tint; without one, the foreground in the vibrant mode (Lock Screen gauges are
    /// white) and the accent colour elsewhere.
    package var resolvedTint: Color { tint ?? (widgetRenderingMode == .vibrant ? foreground : .accentColor) }

    private var custom: [ObjectIdentifier: any Sendable] {
        get { storage.values.custom }
        set { unique().values.custom = newValue }
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

    /// The change's name, for tests' descriptions of a tree.
    package var name: String {
        switch self {
        case .font: "font"
        case .foreground: "foreground"
        case .lineLimit: "lineLimit"
        case .minimumScaleFactor: "minimumScaleFactor"
        case .textAlignment: "textAlignment"
        case .unredacted: "unredacted"
        case .custom: "custom"
        }
    }
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
