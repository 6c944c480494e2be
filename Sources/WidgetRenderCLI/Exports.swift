// `import WidgetRenderCLI` in a `@main` file gives the framework and the argument parser's types
// a bundle's own options (`WidgetCommandOptions`) are written with: `@Option`, `@Flag`,
// `@Argument`, `@OptionGroup`, `ArgumentHelp`, `ValidationError`, and the command protocols for
// subcommands of its own. Anything else from swift-argument-parser: add it to your target's
// dependencies and `import ArgumentParser`.
@_exported import WidgetRender

@_documentation(visibility: internal) @_exported import struct ArgumentParser.Argument
@_documentation(visibility: internal) @_exported import struct ArgumentParser.ArgumentHelp
@_documentation(visibility: internal) @_exported import protocol ArgumentParser.AsyncParsableCommand
@_documentation(visibility: internal) @_exported import struct ArgumentParser.CommandConfiguration
@_documentation(visibility: internal) @_exported import protocol ArgumentParser.EnumerableFlag
@_documentation(visibility: internal) @_exported import struct ArgumentParser.ExitCode
@_documentation(visibility: internal) @_exported import protocol ArgumentParser.ExpressibleByArgument
@_documentation(visibility: internal) @_exported import struct ArgumentParser.Flag
@_documentation(visibility: internal) @_exported import struct ArgumentParser.NameSpecification
@_documentation(visibility: internal) @_exported import struct ArgumentParser.Option
@_documentation(visibility: internal) @_exported import struct ArgumentParser.OptionGroup
@_documentation(visibility: internal) @_exported import protocol ArgumentParser.ParsableArguments
@_documentation(visibility: internal) @_exported import protocol ArgumentParser.ParsableCommand
@_documentation(visibility: internal) @_exported import struct ArgumentParser.ValidationError
