import ArgumentParser
import WidgetRender

/// Options a bundle adds to its command, beside the generic ones every command has.
///
/// The generic flags (`--family`, `--widget`, `--device`, `--locale`, `--now`, `--param`,
/// `--shared-container`, …) mean the same for every bundle. Options that only a bundle's
/// providers understand (a data file, an API key) belong here; `apply(to:)` passes them to
/// the providers through ``RenderBatch/providerValues``.
///
/// ```swift
/// struct ServerOptions: WidgetCommandOptions {
///     @Option(help: "The game server to ask.") var server = "https://example.com"
///
///     func apply(to request: inout RenderBatch) throws {
///         request.providerValues[ServerKey.self] = server
///     }
/// }
///
/// @main enum Command {
///     static func main() async { await WidgetCommand<GameWidgets, ServerOptions>.main() }
/// }
/// ```
public protocol WidgetCommandOptions: ParsableArguments {
    /// Changes a batch before anything is rendered: provider values, parameters.
    ///
    /// - Parameter batch: the batch the generic options built.
    /// - Throws: `ValidationError` (exit 64) with a message naming the option.
    func apply(to batch: inout RenderBatch) throws

    /// Subcommands of the bundle's own, listed after the generic ones.
    static var subcommands: [any ParsableCommand.Type] { get }

    /// Example command lines for the root help, without the command name.
    static var examples: [String] { get }
}

extension WidgetCommandOptions {
    /// No subcommands of the bundle's own.
    public static var subcommands: [any ParsableCommand.Type] { [] }

    /// No examples of the bundle's own.
    public static var examples: [String] { [] }
}

/// No options beyond the generic ones.
public struct NoWidgetCommandOptions: WidgetCommandOptions {
    /// No options.
    public init() {}

    /// Leaves the batch as it is.
    ///
    /// - Parameter batch: the batch.
    public func apply(to batch: inout RenderBatch) {}
}
