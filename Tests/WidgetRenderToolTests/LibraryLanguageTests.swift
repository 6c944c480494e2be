import Foundation
import Testing

/// The library speaks in types, the command in flags: below `WidgetRenderCLI` and the
/// `widgetrender` executable, no string literal names a command-line flag or an exit code, and no
/// stored warning or note starts with `warning: ` or `note: ` (the console adds those).
@Suite struct LibraryLanguageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The library targets: everything under Sources but the command's.
    static let libraryTargets = [
        "WidgetDates", "WidgetCore", "WidgetLayout", "WidgetDrawing", "WidgetRender", "WidgetSnapshotTesting",
        "WidgetData", "ChartWidgets",
    ]

    /// The string literals of a line of Swift, outside comments (one-line literals; a multi-line
    /// literal's lines are taken whole).
    static func literals(_ line: String) -> [String] {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { return [] }
        var found: [String] = []
        var current: String?
        var escaped = false
        for character in line {
            if var text = current {
                if escaped {
                    escaped = false
                    text.append(character)
                } else if character == "\\" {
                    escaped = true
                    text.append(character)
                } else if character == "\"" {
                    found.append(text)
                    current = nil
                    continue
                } else {
                    text.append(character)
                }
                current = text
            } else if character == "\"" {
                current = ""
            }
        }
        return found
    }

    static func offenders(in text: String, file: String) -> [String] {
        let flag = try? NSRegularExpression(pattern: #"(^|[\s(`'"])--[a-z][a-z-]+"#)
        let exit = try? NSRegularExpression(pattern: #"\bexit (6[4-9]|7[0-8])\b|\bsysexits\b"#)
        var found: [String] = []
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            for literal in literals(line) {
                let range = NSRange(literal.startIndex..., in: literal)
                if flag?.firstMatch(in: literal, range: range) != nil
                    || exit?.firstMatch(in: literal, range: range) != nil
                    || literal.hasPrefix("warning: ") || literal.hasPrefix("note: ")
                {
                    found.append("\(file):\(number + 1): \(literal)")
                }
            }
        }
        return found
    }

    @Test func noLibraryStringNamesAFlagAnExitCodeOrAPrefix() throws {
        var offenders: [String] = []
        var files = 0
        for target in Self.libraryTargets {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                files += 1
                offenders += Self.offenders(
                    in: try String(contentsOf: url, encoding: .utf8), file: "\(target)/\(url.lastPathComponent)")
            }
        }
        #expect(files > 150, "the sources were not found under \(Self.root.path)")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func theCheckCatchesWhatItIsMeantTo() {
        #expect(!Self.offenders(in: #"throw .usage("choose one with --column NAME")"#, file: "x").isEmpty)
        #expect(!Self.offenders(in: #"let m = "exit 64 for a usage error""#, file: "x").isEmpty)
        #expect(!Self.offenders(in: #"addWarning("warning: \(kind): a Link")"#, file: "x").isEmpty)
        #expect(Self.offenders(in: #"/// `--param key=value` sets them"#, file: "x").isEmpty)
        #expect(Self.offenders(in: #"let range = "2020--2021""#, file: "x").isEmpty)
    }
}
