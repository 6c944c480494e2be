import Foundation
import Testing
import WidgetCore
import WidgetRender

// An iOS 14 widget configured by a SiriKit intent, written as the iOS 14 tutorials write it
// (completion handlers, `IntentConfiguration`, an Xcode-generated intent and custom type).
// Changed for Linux: the import, and the generated types declared in Swift below.

// What Xcode generates from Intents.intentdefinition: a custom type and the intent.
final class Country: INObject, @unchecked Sendable {
    override class var options: [INObject]? {
        [Country(identifier: "JP", display: "Japan"), Country(identifier: "KR", display: "South Korea")]
    }
}

final class City: INObject, @unchecked Sendable {}

enum Units: String, AppEnum {
    case metric, imperial
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Units"
    static let caseDisplayRepresentations: [Units: DisplayRepresentation] = [.metric: "Metric", .imperial: "Imperial"]
}

struct SelectCountryIntent: INIntent {
    @Parameter(title: "Country") var country: Country?
    @Parameter(title: "City") var city: City?
    @Parameter(title: "Units", default: .metric) var units: Units
}

struct SimpleEntry: TimelineEntry {
    let date: Date
    let country: String
    let city: String
    let units: Units
}

struct CountryProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), country: "—", city: "—", units: .metric)
    }

    func getSnapshot(
        for configuration: SelectCountryIntent, in context: Context, completion: @escaping (SimpleEntry) -> ()
    ) {
        completion(SimpleEntry(date: context.now, country: "Japan", city: "Tokyo", units: .metric))
    }

    func getTimeline(
        for configuration: SelectCountryIntent, in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> ()
    ) {
        let entry = SimpleEntry(
            date: context.now, country: configuration.country?.displayString ?? "World",
            city: configuration.city?.identifier ?? "anywhere", units: configuration.units)
        completion(Timeline(entries: [entry], policy: .atEnd))
    }
}

struct CountryWidget: Widget {
    let kind: String = "CountryWidget"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: SelectCountryIntent.self, provider: CountryProvider()) { entry in
            Text("\(entry.country) \(entry.city) \(entry.units.rawValue)")
        }
        .configurationDisplayName("Country")
        .description("Cases in a country.")
    }
}

struct CountryBundle: WidgetBundle {
    var body: some Widget {
        CountryWidget()
    }
}

/// iOS 14's `IntentConfiguration` and `IntentTimelineProvider` over the engine: parameters from
/// the intent's declaration, values from `--param`, completion handlers bridged.
@Suite("iOS 14 intent configurations")
struct IntentConfigurationTests {
    static func texts(_ widget: RenderedWidget) -> [String] {
        widget.displayList.content.compactMap { item in
            guard case .text(let text) = item else { return nil }
            return text.string
        }
    }

    @Test func theIntentsParametersAreListedWithTheirChoices() throws {
        let engine = try RenderEngine(bundle: CountryBundle())
        let widget = try #require(engine.widgets.first)
        #expect(widget.parameters.map(\.key) == ["country", "city", "units"])
        guard case .choice(let countries) = widget.parameters[0].kind else {
            Issue.record("country is not a choice: \(widget.parameters[0].kind)")
            return
        }
        #expect(countries.map(\.value) == ["", "JP", "KR"])
        #expect(countries.map(\.label) == ["None", "Japan", "South Korea"])
        #expect(widget.parameters[1].kind == .text(maxLength: 200))
        #expect(widget.parameters[2].defaultValue == "metric")
    }

    @Test func parametersReachTheProviderThroughItsCompletionHandler() async throws {
        let engine = try RenderEngine(bundle: CountryBundle())
        var request = RenderRequest(
            kind: "CountryWidget", family: .systemSmall, askedAt: Date(timeIntervalSince1970: 1_767_258_000))
        #expect(Self.texts(try await engine.render(request, as: nil)) == ["World anywhere metric"])
        request.parameters = ["country": "KR", "city": "Busan", "units": "imperial"]
        #expect(Self.texts(try await engine.render(request, as: nil)) == ["South Korea Busan imperial"])
        request.entry = .snapshot
        #expect(Self.texts(try await engine.render(request, as: nil)) == ["Japan Tokyo metric"])
    }

    @Test func anIdentifierThatIsNoOptionIsRefusedNamingTheChoices() async throws {
        let engine = try RenderEngine(bundle: CountryBundle())
        var request = RenderRequest(kind: "CountryWidget", family: .systemSmall)
        request.parameters = ["country": "FR"]
        await #expect {
            _ = try await engine.render(request, as: nil)
        } throws: { error in
            "\(error)".contains("country") && "\(error)".contains("JP")
        }
    }
}
