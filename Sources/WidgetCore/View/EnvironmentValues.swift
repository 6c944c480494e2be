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
    /// The font for text.
    public var font: Font = .body
    /// The colour for text, lines and shapes without a fill of their own.
    public var foreground: Color = .primary
    /// The most lines text may take; `nil` for no limit.
    public var lineLimit: Int?
    /// How far text may shrink before it is truncated.
    public var minimumScaleFactor: Double = 1
    /// How the lines of wrapped text line up.
    public var textAlignment: HorizontalAlignment = .leading
    /// True when drawing the placeholder: text and images become rounded bars.
    public var redacted: Bool = false
    /// Light or dark.
    public var colorScheme: ColorScheme = .light
    /// The family being drawn, as WidgetKit's `\.widgetFamily`.
    public var widgetFamily: WidgetFamily = .systemSmall
    /// The widget's size in points.
    public var displaySize: Size = .zero
    /// The language of the widget's text.
    public var locale: Locale = Locale(identifier: "en")
    /// The time zone for dates drawn on the widget.
    public var timeZone: TimeZone = .utc
    /// The time the screen shows: what `Text(date, style: .relative)` counts from.
    ///
    /// WidgetKit reads the clock; WidgetRender draws each screen for a given time, so this
    /// is the entry's time on screen, not the time the provider was asked.
    public var date: Date = Date(timeIntervalSince1970: 0)
    /// The folders standing in for app group containers.
    public var appGroups: AppGroupContainers = AppGroupContainers()
    /// The colour of controls, progress and gauges (`nil` for the accent colour), as SwiftUI's `tint`.
    public var tint: Color?
    /// Extra points between the lines of wrapped text.
    public var lineSpacing: Double = 0
    /// Pixels per point of the image being drawn.
    public var displayScale: Double = 3
    /// How the system draws the widget: full colour, accented (tinted Home Screen) or vibrant
    /// (Lock Screen), as WidgetKit's `\.widgetRenderingMode`.
    public var widgetRenderingMode: WidgetRenderingMode = .fullColor
    /// Whether the widget's container background is drawn (false on the Lock Screen and in
    /// the accented and vibrant modes), as WidgetKit's `\.showsWidgetContainerBackground`.
    public var showsWidgetContainerBackground = true
    /// Why content is redacted: `.placeholder` while the widget's placeholder is drawn.
    public var redactionReasons: RedactionReasons {
        get { redacted ? .placeholder : [] }
        set { redacted = newValue.contains(.placeholder) }
    }
    /// Text styling set on a container (`.bold()`, `.italic()`… on any view).
    package var textAttributes = TextAttributes()
    /// How ``Label``s show their title and icon.
    package var labelStyle: LabelStyle = .automatic
    /// How ``ProgressView``s draw.
    package var progressViewStyle: ProgressViewStyle = .automatic
    /// How ``Gauge``s draw.
    package var gaugeStyle: GaugeStyle = .automatic
    /// How ``Button``s draw.
    package var buttonStyle: ButtonStyle = .automatic
    /// How ``Toggle``s draw.
    package var toggleStyle: ToggleStyle = .automatic
    /// The size of symbol images relative to the font.
    package var imageScale: Image.Scale = .medium

    /// The tint; without one, the foreground in the vibrant mode (Lock Screen gauges are
    /// white) and the accent colour elsewhere.
    package var resolvedTint: Color { tint ?? (widgetRenderingMode == .vibrant ? foreground : .accentColor) }

    private var custom: [ObjectIdentifier: any Sendable] = [:]

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
