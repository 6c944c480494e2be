import ArgumentParser
import Foundation

/// Command configurations built once per process, kept by command type.
///
/// ArgumentParser reads a command's `configuration` many times per run (the root's 17 times for
/// `--help`, 9 for a render), and the root's builds the bundle's widgets for its examples each
/// time. A generic command cannot have a stored static property, so the values live here.
enum ConfigurationCache {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: [ObjectIdentifier: CommandConfiguration] = [:]

    /// The configuration of `command`, built by `build` the first time it is asked for.
    ///
    /// - Parameters:
    ///   - command: the command type (each generic specialisation is its own).
    ///   - build: makes the configuration; it depends only on the type and the process.
    /// - Returns: the configuration.
    static func configuration(
        of command: any ParsableCommand.Type, build: () -> CommandConfiguration
    ) -> CommandConfiguration {
        let key = ObjectIdentifier(command)
        if let cached = lock.withLock({ built[key] }) { return cached }
        let configuration = build()
        lock.withLock { built[key] = configuration }
        return configuration
    }
}
