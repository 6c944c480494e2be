import Foundation
import Testing

/// DATA-RULES.md, "No trapping conversions": in `Sources/WidgetData`, a conversion to an integer
/// type either cannot trap (`exactly:`, `clamping:`, `truncatingIfNeeded:` behind a guard), or
/// widens a byte, digit or stored offset, or is marked `// checked:` with the reason on its line
/// or the line above. This test is that rule as a grep, so a new `Int(someDouble)` fails CI.
@Suite("No trapping conversions in WidgetData")
struct NoTrappingConversionTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/WidgetData")

    /// Arguments that are narrower than the result: bytes, digits, 32-bit offsets.
    static let widening = #"^(byte|digit|next\(\)|entry\.|offsets\[|offset\)|text\)|UInt32\.max)"#

    @Test("every integer conversion in Sources/WidgetData is checked, widening, or marked")
    func conversions() throws {
        let pattern = try NSRegularExpression(
            pattern:
                #"\b(Int|Int8|Int16|Int32|Int64|UInt|UInt16|UInt32|UInt64)\((?!exactly:|clamping:|truncatingIfNeeded:|bitPattern:)"#
        )
        let widening = try NSRegularExpression(pattern: Self.widening)
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        var checkedFiles = 0
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            checkedFiles += 1
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                let range = NSRange(line.startIndex..., in: line)
                for match in pattern.matches(in: line, range: range) {
                    let after = String(line[Range(match.range, in: line)!.upperBound...])
                    let isWidening =
                        widening.firstMatch(in: after, range: NSRange(after.startIndex..., in: after)) != nil
                    let marked = line.contains("checked:") || (number > 0 && lines[number - 1].contains("checked:"))
                    if !isWidening && !marked {
                        offenders.append("\(url.lastPathComponent):\(number + 1): \(code)")
                    }
                }
            }
        }
        #expect(checkedFiles > 40, "the sources were not found at \(Self.sources.path)")
        #expect(offenders.isEmpty, "unchecked conversions:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("the rule catches what it is meant to catch")
    func ruleCatches() throws {
        let widening = try NSRegularExpression(pattern: Self.widening)
        for argument in ["value)", "seconds.rounded())", "self)"] {
            #expect(widening.firstMatch(in: argument, range: NSRange(argument.startIndex..., in: argument)) == nil)
        }
    }
}
