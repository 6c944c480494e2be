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
    @Test func containerURLAnswersWithinARenderAndTheStandardFolderOtherwise() throws {
        let folder = URL(fileURLWithPath: "/tmp/group-a")
        let fallback = URL(fileURLWithPath: "/tmp/any")
        let groups = AppGroupContainers(folders: ["group.a": folder], defaultFolder: fallback)
        AppGroupContainers.$current.withValue(groups) {
            #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.a") == folder)
            #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.b") == fallback)
        }
        // A group no option maps: its standard folder, made, and a warning that names it; never
        // the nil that iOS code unwraps with `!`.
        let group = "group.com.example.widgetrender-test-\(getpid())"
        let standard = try #require(AppGroupContainers.standardFolder(for: group))
        defer { try? FileManager.default.removeItem(at: standard) }
        let context = TimelineProviderContext(
            family: .systemSmall, displaySize: .zero, now: Date(timeIntervalSince1970: 0),
            appGroups: AppGroupContainers(folders: ["group.a": folder]))
        #expect(context.containerURL(forSecurityApplicationGroupIdentifier: "group.a") == folder)
        #expect(context.diagnostics.drain().isEmpty)
        #expect(context.containerURL(forSecurityApplicationGroupIdentifier: group) == standard)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: standard.path, isDirectory: &isFolder) && isFolder.boolValue)
        // Asked without making one: the standard folder only once it exists.
        #expect(AppGroupContainers().existingURL(for: group) == standard)
        #expect(AppGroupContainers().existingURL(for: group + "-never-made") == nil)
        #expect(AppGroupContainers(defaultFolder: fallback).existingURL(for: group) == fallback)
        let warnings = context.diagnostics.drain()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("app group '\(group)' has no folder mapped to it") == true)
        #expect(warnings.first?.contains(standard.path) == true)
    }

    @Test func theStandardFolderFollowsXDGAndRefusesIdentifiersThatAreNotNames() {
        #expect(
            AppGroupContainers.standardFolder(
                for: "group.a", environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
                == URL(fileURLWithPath: "/data/widgetrender/groups/group.a", isDirectory: true))
        #expect(
            AppGroupContainers.standardFolder(for: "group.a", environment: ["HOME": "/home/u"])
                == URL(fileURLWithPath: "/home/u/.local/share/widgetrender/groups/group.a", isDirectory: true))
        // A relative XDG_DATA_HOME is ignored, as the specification says.
        #expect(
            AppGroupContainers.standardFolder(for: "g", environment: ["XDG_DATA_HOME": "data", "HOME": "/h"])?.path
                == "/h/.local/share/widgetrender/groups/g")
        for bad in ["", "../etc", "a/b", ".hidden", "group a", String(repeating: "g", count: 300)] {
            #expect(AppGroupContainers.standardFolder(for: bad, environment: ["HOME": "/h"]) == nil, "\(bad)")
        }
    }
}
