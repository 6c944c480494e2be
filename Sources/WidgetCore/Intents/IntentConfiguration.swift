import Foundation

/// An iOS 14 SiriKit configuration intent, the kind Xcode generates from an
/// `.intentdefinition` file (`ConfigurationIntent`, `SelectCountryIntent`).
///
/// Linux has no intent definition files: declare the generated type in a few lines, one
/// `@Parameter` per parameter of the definition, with the parameter's name. Custom types are
/// ``INObject`` subclasses; enums are ``AppEnum``s with string raw values.
///
/// ```swift
/// // What Xcode generates from Intents.intentdefinition:
/// final class Country: INObject, @unchecked Sendable {}
/// struct SelectCountryIntent: INIntent {
///     @Parameter(title: "Country") var country: Country?
/// }
/// ```
///
/// `--param country=JP` fills `configuration.country` with `Country(identifier: "JP", …)`.
public protocol INIntent: WidgetConfigurationIntent {}

extension INIntent {
    /// The type's name, as the intent definition's title would be.
    public static var title: LocalizedStringResource { String(describing: Self.self) }
}

/// A custom type of an intent definition (Xcode generates an `INObject` subclass for each):
/// an identifier and the string shown for it.
///
/// Subclass it as Xcode would (`final class Country: INObject, @unchecked Sendable {}`: Swift 6
/// asks a subclass to restate its parent's `@unchecked Sendable`). A person sets it with
/// `--param key=IDENTIFIER`; to offer a list (where an iOS 14 intents extension answers
/// `provideCountryOptionsCollection`), override ``options``, and `list` shows them and other
/// identifiers are refused.
///
/// ```swift
/// final class Country: INObject, @unchecked Sendable {
///     override class var options: [INObject]? {
///         [Country(identifier: "JP", display: "Japan"), Country(identifier: "KR", display: "South Korea")]
///     }
/// }
/// ```
open class INObject: OptionalIntentValue, Hashable, CustomStringConvertible, @unchecked Sendable {
    /// What identifies the object to the app (a country code, a record's id).
    public let identifier: String?
    /// The string shown for it.
    public let displayString: String

    /// An object, as SiriKit's `INObject(identifier:display:)`.
    ///
    /// - Parameters:
    ///   - identifier: what identifies it to the app.
    ///   - display: the string shown for it.
    public required init(identifier: String?, display: String) {
        self.identifier = identifier
        displayString = display
    }

    /// The objects a person chooses among, or `nil` for any identifier (shown as itself).
    open class var options: [INObject]? { nil }

    /// A choice among ``options``, or text for any identifier.
    open class func parameterKind(range: ClosedRange<Int>?) -> WidgetParameter.Kind {
        guard let options else { return .text(maxLength: 200) }
        return .choice(options.map { .init(value: $0.identifier ?? $0.displayString, label: $0.displayString) })
    }

    /// The object an identifier names: the option with that identifier (with its display
    /// string), or, without options, an object showing the identifier itself.
    public required convenience init?(parameterText text: String) {
        if let options = Self.options {
            guard let match = options.first(where: { ($0.identifier ?? $0.displayString) == text }) else { return nil }
            self.init(identifier: match.identifier, display: match.displayString)
        } else {
            self.init(identifier: text, display: text)
        }
    }

    /// The object a text parameter names.
    public required convenience init?(parameterValue: ParameterValue) {
        guard case .string(let text) = parameterValue, !text.isEmpty else { return nil }
        self.init(parameterText: text)
    }

    /// The identifier (the display string when there is none).
    public var parameterText: String { identifier ?? displayString }

    /// ``parameterText`` as a parameter value.
    public var parameterValue: ParameterValue { .string(parameterText) }

    /// The display string, as SiriKit's `description` shows it.
    public var description: String { displayString }

    /// Objects of one type with the same identifier and display string are equal.
    public static func == (a: INObject, b: INObject) -> Bool {
        type(of: a) == type(of: b) && a.identifier == b.identifier && a.displayString == b.displayString
    }

    /// Hashes the identifier and display string.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(displayString)
    }
}

/// Supplies the entries of an iOS 14 widget configured by a SiriKit intent, as WidgetKit's
/// `IntentTimelineProvider`, with its completion handlers.
///
/// ```swift
/// struct Provider: IntentTimelineProvider {
///     func placeholder(in context: Context) -> CountryEntry { .sample }
///     func getSnapshot(
///         for configuration: SelectCountryIntent, in context: Context,
///         completion: @escaping (CountryEntry) -> Void
///     ) { completion(.sample) }
///     func getTimeline(
///         for configuration: SelectCountryIntent, in context: Context,
///         completion: @escaping (Timeline<CountryEntry>) -> Void
///     ) {
///         let entry = CountryEntry(date: context.now, code: configuration.country?.identifier ?? "US")
///         completion(Timeline(entries: [entry], policy: .atEnd))
///     }
/// }
/// ```
///
/// Both methods are required (no defaults), so a misspelt one does not compile. Calling a
/// completion twice is ignored after the first; never calling it is the provider timeout.
public protocol IntentTimelineProvider: Sendable {
    /// The entry type.
    associatedtype Entry: TimelineEntry
    /// The intent a person configures.
    associatedtype Intent: INIntent

    /// WidgetKit's name for the context.
    typealias Context = TimelineProviderContext

    /// An entry with sample data shown while the widget loads; no I/O.
    func placeholder(in context: Context) -> Entry

    /// One entry for a transient display or the widget gallery: call `completion` once.
    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Entry) -> Void)

    /// The entries to show and when to ask again: call `completion` once.
    func getTimeline(
        for configuration: Intent, in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
}

/// An ``IntentTimelineProvider`` seen as an ``AppIntentTimelineProvider``, its completion
/// handlers bridged to `async`.
struct IntentProviderBridge<Provider: IntentTimelineProvider>: AppIntentTimelineProvider {
    let provider: Provider

    func placeholder(in context: Context) -> Provider.Entry { provider.placeholder(in: context) }

    func snapshot(for configuration: Provider.Intent, in context: Context) async throws -> Provider.Entry {
        let entry: Provider.Entry? = try await CompletionBridge.call(method: "getSnapshot(for:in:completion:)") {
            _, complete in provider.getSnapshot(for: configuration, in: context, completion: complete)
        }
        return entry ?? provider.placeholder(in: context)
    }

    func timeline(for configuration: Provider.Intent, in context: Context) async throws -> Timeline<Provider.Entry> {
        let timeline: Timeline<Provider.Entry>? = try await CompletionBridge.call(
            method: "getTimeline(for:in:completion:)"
        ) { _, complete in provider.getTimeline(for: configuration, in: context, completion: complete) }
        guard let timeline else {
            throw ProviderError(.notImplemented, "\(Provider.self).getTimeline(for:in:completion:) gave no timeline")
        }
        return timeline
    }
}

/// An iOS 14 widget a person configures through a SiriKit intent, as WidgetKit's
/// `IntentConfiguration`: the intent's `@Parameter` properties become `--param key=value`
/// settings, as for ``AppIntentConfiguration``.
///
/// ```swift
/// IntentConfiguration(kind: "country", intent: SelectCountryIntent.self, provider: Provider()) { entry in
///     CountryView(entry: entry)
/// }
/// ```
public struct IntentConfiguration<Intent: INIntent, Content: View>: WidgetConfiguration {
    /// The widget, erased.
    public let erasedWidgets: [AnyWidget]

    /// A configuration whose provider takes a SiriKit intent.
    ///
    /// - Parameters:
    ///   - kind: a unique string for the widget; also its folder in the output.
    ///   - intent: the intent type whose `@Parameter`s a person sets.
    ///   - provider: gives the entries for a configured intent.
    ///   - content: the view for an entry.
    public init<Provider: IntentTimelineProvider>(
        kind: String, intent: Intent.Type = Intent.self, provider: Provider,
        @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        erasedWidgets = [
            AnyWidget(kind: kind, intent: intent, provider: IntentProviderBridge(provider: provider), content: content)
        ]
    }
}
