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

    /// The configuration built for a command type, if one was.
    ///
    /// - Parameter command: `ObjectIdentifier` of the command type (each generic specialisation
    ///   is its own).
    /// - Returns: the configuration, or `nil` the first time.
    static func configuration(of command: ObjectIdentifier) -> CommandConfiguration? {
        lock.withLock { built[command] }
    }

    /// Keeps the configuration of a command type; it depends only on the type and the process.
    ///
    /// - Parameters:
    ///   - configuration: the configuration.
    ///   - command: `ObjectIdentifier` of the command type.
    static func store(_ configuration: CommandConfiguration, for command: ObjectIdentifier) {
        lock.withLock { built[command] = configuration }
    }
}
