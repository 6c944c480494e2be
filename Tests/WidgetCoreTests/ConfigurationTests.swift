import Foundation
import Testing
import WidgetCore

private struct Entry: TimelineEntry {
    let date: Date
    var hero: String = ""
}

private struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> Entry { Entry(date: context.now) }
    func timeline(in context: Context) async throws -> Timeline<Entry> {
        Timeline(entries: [Entry(date: context.now)], policy: .never)
    }
}

private enum Hero: String, AppEnum {
    case knight, archer
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Hero"
    static let caseDisplayRepresentations: [Hero: DisplayRepresentation] = [.knight: "Sir Galahad", .archer: "Robin"]
}

private struct PickIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Pick"
    @Parameter(title: "Hero", default: .knight) var hero: Hero
    @Parameter(title: "Goal", default: 10, inclusiveRange: (1, 100)) var goal: Int
    @Parameter(title: "Loud", default: false) var loud: Bool
    @Parameter(title: "Motto", default: "Onward") var motto: String
}

private struct IntentProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> Entry { Entry(date: context.now) }
    func timeline(for configuration: PickIntent, in context: Context) async -> Timeline<Entry> {
        let hero = "\(configuration.hero.rawValue) \(configuration.goal) \(configuration.loud) \(configuration.motto)"
        return Timeline(entries: [Entry(date: context.now, hero: hero)], policy: .never)
    }
}

private struct StaticWidget: Widget {
    var kind = "static"
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in Text("x") }
            .configurationDisplayName("Static")
            .description("A widget.")
            .supportedFamilies([.systemSmall, .accessoryInline])
    }
}

private struct IntentWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "intent", intent: PickIntent.self, provider: IntentProvider()) { entry in
            Text(entry.hero)
        }
    }
}

private struct Bundle: WidgetBundle {
    var body: some Widget {
        StaticWidget()
        IntentWidget()
    }
}

private struct Twice: WidgetBundle {
    var body: some Widget {
        StaticWidget()
        StaticWidget()
    }
}

/// WidgetKit's declaration shapes: bundles, configurations, modifiers and intents.
@Suite struct ConfigurationTests {
    static let now = Date(timeIntervalSince1970: 1_767_258_000)

    @Test func aBundleListsItsWidgetsWithTheirModifiers() throws {
        let widgets = try Bundle().resolvedWidgets()
        #expect(widgets.map(\.kind) == ["static", "intent"])
        #expect(widgets[0].displayName == "Static")
        #expect(widgets[0].description == "A widget.")
        #expect(widgets[0].supportedFamilies == [.systemSmall, .accessoryInline])
        // WidgetKit's defaults: the kind as the name, the three Home Screen families.
        #expect(widgets[1].displayName == "intent")
        #expect(widgets[1].supportedFamilies == [.systemSmall, .systemMedium, .systemLarge])
    }

    @Test func twoWidgetsOfOneKindAreAClearError() {
        let error = #expect(throws: WidgetBundleError.self) { try Twice().resolvedWidgets() }
        #expect(error?.description == "two widgets in the bundle have the kind 'static'; each kind must be unique")
    }

    @Test(arguments: ["", "a/b", "../up", ".hidden", "spaced kind", "ümlaut"])
    func aKindThatCannotNameAFolderIsRefused(kind: String) {
        #expect(throws: WidgetBundleError.self) { try StaticWidget(kind: kind).resolvedWidgets() }
    }

    @Test func anIntentsParametersComeFromItsProperties() throws {
        let parameters = PickIntent.parameterDefinitions
        #expect(parameters.map(\.key) == ["hero", "goal", "loud", "motto"])
        #expect(parameters.map(\.defaultValue) == ["knight", "10", "false", "Onward"])
        #expect(
            parameters[0].kind
                == .choice([.init(value: "knight", label: "Sir Galahad"), .init(value: "archer", label: "Robin")]))
        #expect(parameters[1].kind == .integer(1...100))
        #expect(try IntentWidget().resolvedWidgets().first?.parameters == parameters)
    }

    @Test func theProviderGetsAnIntentFilledFromTheParameters() async throws {
        let widget = try #require(try IntentWidget().resolvedWidgets().first)
        let values = try WidgetParameters.resolve(
            ["hero": "Archer", "goal": "42", "loud": "yes"], against: widget.parameters)
        let context = TimelineProviderContext(
            family: .systemSmall, displaySize: Size(width: 170, height: 170), parameters: values, now: Self.now)
        let entry = try #require(try await widget.timeline(in: context).entries.first)
        var environment = EnvironmentValues()
        environment.widgetFamily = .systemSmall
        #expect(describe(entry.view.resolved(in: environment)) == "Text(archer 42 true Onward)")
        // Each call gets its own intent: the defaults are back for another context.
        let plain = TimelineProviderContext(
            family: .systemSmall, displaySize: Size(width: 170, height: 170),
            parameters: try WidgetParameters.resolve([:], against: widget.parameters), now: Self.now)
        let other = try #require(try await widget.timeline(in: plain).entries.first)
        #expect(describe(other.view.resolved(in: environment)) == "Text(knight 10 false Onward)")
        #expect(throws: ParameterError.self) {
            try WidgetParameters.resolve(["goal": "101"], against: widget.parameters)
        }
    }
}

/// App Group containers reach providers and views the way iOS code asks for them.
@Suite struct AppGroupTests {
    @Test func containerURLAnswersWithinARenderAndNilOutside() {
        let folder = URL(fileURLWithPath: "/tmp/group-a")
        let fallback = URL(fileURLWithPath: "/tmp/any")
        let groups = AppGroupContainers(folders: ["group.a": folder], defaultFolder: fallback)
        #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.a") == nil)
        AppGroupContainers.$current.withValue(groups) {
            #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.a") == folder)
            #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.b") == fallback)
        }
        let context = TimelineProviderContext(
            family: .systemSmall, displaySize: .zero, now: Date(timeIntervalSince1970: 0),
            appGroups: AppGroupContainers(folders: ["group.a": folder]))
        #expect(context.containerURL(forSecurityApplicationGroupIdentifier: "group.a") == folder)
        #expect(context.containerURL(forSecurityApplicationGroupIdentifier: "group.b") == nil)
    }
}
