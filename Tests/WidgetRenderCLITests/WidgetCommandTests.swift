import ArgumentParser
import Foundation
import Testing

@testable import WidgetRenderCLI

struct Entry: TimelineEntry {
    let date: Date
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> Entry { Entry(date: context.now) }
    func timeline(in context: Context) async throws -> Timeline<Entry> {
        Timeline(entries: [Entry(date: context.now)], policy: .never)
    }
}

struct Clock: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clock", provider: Provider()) { entry in Text(entry.date, style: .time) }
            .configurationDisplayName("Clock")
    }
}

struct Clocks: WidgetBundle {
    var body: some Widget { Clock() }
}

struct Broken: WidgetBundle {
    var body: some Widget {
        Clock()
        Clock()
    }
}

struct ServerKey: ProviderValueKey {
    static let defaultValue = "https://example.com"
}

/// A bundle's own option, passed to its providers.
struct ServerOptions: WidgetCommandOptions {
    @Option(help: "The server.") var server = "https://example.com"

    func apply(to request: inout RenderBatch) throws {
        guard server.hasPrefix("https://") else { throw ValidationError("--server must be an https:// URL") }
        request.providerValues[ServerKey.self] = server
    }
}

/// The command library over any bundle: the generic flags, a bundle's own options, and help.
@Suite struct WidgetCommandTests {
    typealias Plain = WidgetCommand<Clocks, NoWidgetCommandOptions>
    typealias WithServer = WidgetCommand<Clocks, ServerOptions>

    @Test func helpNamesTheBundlesWidgetsAndEverySubcommand() {
        let help = Plain.helpMessage()
        #expect(help.contains("Widgets: clock."))
        for subcommand in ["render", "list", "timeline", "gallery", "bench"] { #expect(help.contains(subcommand)) }
        #expect(help.contains("78 the bundle's declarations"))
        #expect(help.contains("73 cannot create output"))
    }

    @Test func aBundlesOptionsAppearOnlyInItsCommand() throws {
        let plain = Plain.helpMessage(for: RenderCommand<Clocks, NoWidgetCommandOptions>.self)
        #expect(!plain.contains("--server"))
        #expect(!plain.contains("--data"))
        let own = WithServer.helpMessage(for: RenderCommand<Clocks, ServerOptions>.self)
        #expect(own.contains("--server"))
        let command = try #require(
            try WithServer.parseAsRoot(["render", "--server", "https://games.example"])
                as? RenderCommand<Clocks, ServerOptions>)
        var request = try command.common.request(outputDirectory: URL(fileURLWithPath: "/tmp"), families: nil)
        try command.options.apply(to: &request)
        #expect(request.providerValues[ServerKey.self] == "https://games.example")
        // A bundle's own check runs while parsing, so the error comes with render's usage.
        let insecure = #expect(throws: (any Error).self) {
            try WithServer.parseAsRoot(["render", "--server", "http://x"])
        }
        #expect(WithServer.message(for: insecure!).contains("--server must be an https:// URL"))
    }

    @Test func genericOptionsBuildTheRequest() throws {
        let command = try #require(
            try Plain.parseAsRoot([
                "render", "--widget", "clock", "--device", "iphone-375x667", "--scale", "2", "--color-scheme", "dark",
                "--locale", "pt-BR", "--time-zone", "Asia/Tokyo", "--param", "a=b", "--shared-container",
                "group.com.example=/tmp/a", "--shared-container", "/tmp/b", "--provider-timeout", "5",
                "--rendering-mode", "accented",
            ]) as? RenderCommand<Clocks, NoWidgetCommandOptions>)
        let request = try command.common.request(outputDirectory: URL(fileURLWithPath: "/tmp"), families: nil)
        #expect(request.kinds == ["clock"])
        #expect(request.device.id == "iphone-375x667")
        #expect(request.scale == 2)
        #expect(request.colorScheme == .dark)
        #expect(request.locale.identifier == "pt-BR" || request.locale.identifier == "pt_BR")
        #expect(request.timeZone.identifier == "Asia/Tokyo")
        #expect(request.parameters == ["a": "b"])
        #expect(request.appGroups.folders == ["group.com.example": URL(fileURLWithPath: "/tmp/a", isDirectory: true)])
        #expect(request.appGroups.defaultFolder == URL(fileURLWithPath: "/tmp/b", isDirectory: true))
        #expect(request.providerTimeout == 5)
        #expect(request.renderingMode == .accented)
        let fullColor = try #require(
            try Plain.parseAsRoot(["render", "--rendering-mode", "full-color"])
                as? RenderCommand<Clocks, NoWidgetCommandOptions>)
        #expect(
            try fullColor.common.request(outputDirectory: URL(fileURLWithPath: "/tmp"), families: nil).renderingMode
                == .fullColor)
        let none = try #require(try Plain.parseAsRoot(["render"]) as? RenderCommand<Clocks, NoWidgetCommandOptions>)
        #expect(
            try none.common.request(outputDirectory: URL(fileURLWithPath: "/tmp"), families: nil).renderingMode == nil)
    }

    @Test(arguments: [
        (["--locale", "english please"], "--locale: 'english please' is not a language code"),
        (["--color-scheme", "sepia"], "--color-scheme: 'sepia' is not light or dark"),
        (["--shared-container", "/a", "--shared-container", "/b"], "give one folder for every group"),
        (["--param", "a=1", "--param", "a=2"], "--param a is given twice"),
        (["--provider-timeout", "nan"], "--provider-timeout must be"),
        (["--time-zone", "Mars/Olympus"], "unknown time zone 'Mars/Olympus'"),
        (["--rendering-mode", "tinted"], "--rendering-mode: 'tinted' is not full-color, accented or vibrant"),
    ])
    func badValuesNameTheOption(arguments: [String], message: String) throws {
        // Checked while parsing (render's validate), so the error comes with render's usage.
        let error = #expect(throws: (any Error).self) { try Plain.parseAsRoot(["render"] + arguments) }
        let text = error.map { Plain.message(for: $0) } ?? ""
        #expect(text.contains(message), "\(text)")
        #expect(Plain.exitCode(for: error!) == ExitCode(64))
    }

    @Test func familiesAndDates() throws {
        #expect(try FamilySelection.parse(["small,large", "small"]) == [.systemSmall, .systemLarge])
        #expect(try FamilySelection.parse(["all"]) == nil)
        #expect(try FamilySelection.parse(["today"]) == [.todayCompact, .todayExpanded])
        #expect(try FamilySelection.parse(["todayExpanded,small"]) == [.todayExpanded, .systemSmall])
        #expect(try FamilySelection.parse([]) == [.systemMedium])
        #expect(throws: ValidationError.self) { try FamilySelection.parse(["huge"]) }
        let now = try #require(
            try Plain.parseAsRoot(["render", "--now", "2026-01-01T18:00"])
                as? RenderCommand<Clocks, NoWidgetCommandOptions>)
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(try now.time.date(in: tokyo) == Date(timeIntervalSince1970: 1_767_258_000))
        #expect(throws: ValidationError.self) { try NowOption.parse(["--now", "2026-02-30"]).date(in: .utc) }
        #expect(throws: (any Error).self) { try Plain.parseAsRoot(["render", "--now", "2026-02-30"]) }
    }

    @Test func aBundleWithTwoWidgetsOfOneKindIsAConfigurationError() {
        let error = #expect(throws: WidgetRenderError.self) { try RenderEngine(bundle: Broken()) }
        #expect(error?.kind == .invalidBundle)
        #expect(error?.message.contains("two widgets in the bundle have the kind 'clock'") == true)
    }
}
