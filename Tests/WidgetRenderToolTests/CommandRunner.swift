import Foundation
import Testing

/// Runs the built `widgetrender` binary and captures what it prints, like
/// swift-argument-parser's test helpers.
struct CommandResult {
    var exitCode: Int32
    var stdout: String
    var stderr: String
}

enum CommandRunner {
    /// The folder holding the test bundle, where SwiftPM also puts the executable.
    static var productsDirectory: URL {
        let candidates = [Bundle.main.bundleURL] + Bundle.allBundles.map(\.bundleURL)
        for bundle in candidates where bundle.pathExtension == "xctest" {
            return bundle.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }

    static var executable: URL { productsDirectory.appendingPathComponent("widgetrender") }

    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> CommandResult
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting so a chatty process cannot block on a full pipe.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            exitCode: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("widgetrender-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs the command, which must succeed, and returns what tesseract reads on the last image it
    /// wrote; `nil`, with an issue recorded, when tesseract is not installed.
    static func readLastImage(
        _ arguments: [String], language: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String? {
        let result = try run(arguments)
        #expect(result.exitCode == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        let png = try #require(result.stdout.split(separator: "\n").last, sourceLocation: sourceLocation).description
        guard let text = try ocr(png, language: language) else {
            Issue.record("tesseract-ocr is not installed; scripts/setup.sh installs it", sourceLocation: sourceLocation)
            return nil
        }
        return text
    }

    /// What tesseract reads on a PNG, or `nil` when tesseract is not installed.
    static func ocr(_ png: String, language: String? = nil) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tesseract") else { return nil }
        let ocr = Process()
        ocr.executableURL = URL(fileURLWithPath: "/usr/bin/tesseract")
        ocr.arguments = [png, "stdout"] + (language.map { ["-l", $0] } ?? [])
        let pipe = Pipe()
        ocr.standardOutput = pipe
        ocr.standardError = Pipe()
        try ocr.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ocr.waitUntilExit()
        return text
    }
}
