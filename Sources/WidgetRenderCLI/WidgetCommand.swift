import ArgumentParser
import Foundation
import WidgetRender

/// The command over a widget bundle: `render` (the default), `list`, `gallery`, `timeline`,
/// `bench`, `watch`, `reload` and `manifest merge`, with the same flags, help and exit codes
/// as `widgetrender`.
///
/// Most bundles get it by being `@main`:
///
/// ```swift
/// import WidgetRenderCLI
///
/// @main
/// struct GameWidgets: WidgetBundle {
///     var body: some Widget {
///         GameStatusWidget()
///         CharacterHealthWidget()
///     }
/// }
/// ```
///
/// A bundle with options of its own names them: `WidgetCommand<GameWidgets, ServerOptions>.main()`.
public struct WidgetCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: AsyncParsableCommand {
    /// The command's name (the executable's), abstract, help and subcommands.
    public static var configuration: CommandConfiguration {
        let key = ObjectIdentifier(Self.self)
        if let cached = ConfigurationCache.configuration(of: key) { return cached }
        let configuration = makeConfiguration()
        ConfigurationCache.store(configuration, for: key)
        return configuration
    }

    private static func makeConfiguration() -> CommandConfiguration {
        let name = CommandName.current
        let kinds = (try? Bundle().resolvedWidgets().map(\.kind)) ?? []
        let kind = kinds.first ?? "KIND"
        let examples =
            [
                "--family medium --out Output/",
                "--family all --color-scheme dark --locale ja --out Output/",
                "--widget \(kind) --now 2026-01-01T09:00:00Z --family small",
                "timeline --widget \(kind) --from 2026-01-01T09:00:00Z --to +4h",
                "list",
                "gallery --out Output/gallery",
                "watch --widget \(kind) --family small --out Output/live",
                "reload --kind \(kind)",
            ] + Options.examples
        return CommandConfiguration(
            commandName: name,
            abstract: "Render this bundle's widgets to PNG files, as WidgetKit shows them.",
            discussion: """
                Widgets: \(kinds.isEmpty ? "(none)" : kinds.joined(separator: ", ")).

                Each widget's provider is asked for a timeline at --now; every entry is drawn for \
                every requested family at the device's size and scale, and written to \
                OUT/<kind>/<family>/<index>-<date>.png with OUT/manifest.json describing them. \
                `timeline` plays the time model over a span instead: what is on screen when, \
                and every reload.

                Examples:
                \(examples.map { "  \(name) \($0)" }.joined(separator: "\n"))

                Exit codes: 0 ok, 64 usage, 65 bad data, 66 missing input, 69 unavailable \
                (fonts, sources), 70 internal error (a provider that fails or does not answer), \
                73 cannot create output, 74 cannot write output, 78 the bundle's declarations \
                are wrong.
                """,
            version: WidgetRenderVersion.current,
            subcommands: [
                RenderCommand<Bundle, Options>.self, ListCommand<Bundle, Options>.self,
                TimelineCommand<Bundle, Options>.self, GalleryCommand<Bundle, Options>.self,
                BenchCommand<Bundle, Options>.self, WatchCommand<Bundle, Options>.self,
                ReloadCommand<Bundle, Options>.self, ScreenCommand<Bundle, Options>.self, ManifestCommand.self,
            ] + Options.subcommands,
            defaultSubcommand: RenderCommand<Bundle, Options>.self
        )
    }

    /// The root command; it runs `render` by default.
    public init() {}

    /// Parses the process's arguments and runs the command, exiting with its code.
    ///
    /// A write to a closed or cut-short stdout or stderr never ends the run early: the process
    /// ignores `SIGPIPE`, and the console drops a failed write.
    /// Errors and help are printed with control characters escaped: a value echoed from the
    /// command line cannot move the cursor or colour the terminal. `help NAME` for a subcommand
    /// that does not exist is a usage error.
    public static func main() async {
        Console.prepareProcess()
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            // Swift repairs bytes that are not UTF-8 (U+FFFD): a path so repaired names another file.
            for index in 1..<Int(CommandLine.argc) {
                guard let raw = CommandLine.unsafeArgv[index] else { continue }
                let bytes = UnsafeBufferPointer(
                    start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
                if String(validating: bytes, as: UTF8.self) == nil {
                    throw ValidationError(
                        "argument \(index) ('\(String(decoding: bytes, as: UTF8.self))') is not valid UTF-8; paths and values must be UTF-8 text"
                    )
                }
            }
            if arguments.count >= 2, arguments[0] == "help", !arguments[1].hasPrefix("-") {
                let names = configuration.subcommands.map { $0._commandName }
                guard names.contains(arguments[1]) else {
                    throw ValidationError(
                        "help: no subcommand '\(arguments[1])'; subcommands: \(names.joined(separator: ", "))")
                }
            }
            var command = try parseAsRoot(arguments)
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = Console.escaped(fullMessage(for: error), keepingLines: true)
            if code == .success {
                if !message.isEmpty { print(message) }
            } else if !message.isEmpty {
                Console.write(message + "\n")
            }
            Console.exit(code.rawValue)
        }
    }
}

/// The name the command was started as, for help and examples.
package enum CommandName {
    package static var current: String {
        let path = CommandLine.arguments.first ?? "widgetrender"
        let name = URL(fileURLWithPath: path).lastPathComponent
        return name.isEmpty ? "widgetrender" : name
    }
}

extension WidgetBundle {
    /// Runs the widget command over this bundle: what `@main` on a bundle does.
    public static func main() async {
        await WidgetCommand<Self, NoWidgetCommandOptions>.main()
    }
}

/// A bundle of one widget, for `@main` on a widget.
public struct SingleWidgetBundle<W: Widget>: WidgetBundle {
    /// The bundle.
    public init() {}

    /// The one widget.
    public var body: some Widget { W() }
}

extension Widget {
    /// Runs the widget command over this one widget: what `@main` on a widget does.
    public static func main() async {
        await WidgetCommand<SingleWidgetBundle<Self>, NoWidgetCommandOptions>.main()
    }
}
