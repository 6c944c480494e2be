import Foundation
import WidgetDataFuzzing
import WidgetRender

/// `screen --layout` and `GET /screens/…?layout=`: `ScreenLayout(parsing:)` on any text. Rules:
/// it returns one to four slots that tile the screen's four quarters exactly, and its
/// description reads back to the same layout (when it fits the parser's limit); or it throws an `invalidRequest` with a one-line
/// message. It never traps or hangs.
enum ScreenLayoutTarget {
    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        do {
            let layout = try ScreenLayout(parsing: text)
            guard (1...4).contains(layout.slots.count) else { fatalError("\(layout.slots.count) slots") }
            var quarters = 0
            for slot in layout.slots {
                guard let span = slot.family.screenSpan else { fatalError("\(slot.family) is not a slot") }
                quarters += span.columns * span.rows
            }
            guard quarters == 4 else { fatalError("the slots cover \(quarters) quarters") }
            // Its description reads back, unless encoding made it longer than the parser reads.
            guard
                layout.description.utf8.count > ScreenLayout.maximumLength
                    || (try? ScreenLayout(parsing: layout.description)) == layout
            else {
                fatalError("'\(layout.description)' does not read back")
            }
        } catch {
            guard error.kind == .invalidRequest, !error.message.isEmpty else {
                fatalError("unexpected error: \(error)")
            }
        }
    }
}

/// One input for libFuzzer (or any driver that calls `LLVMFuzzerTestOneInput`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreenLayout(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    ScreenLayoutTarget.run(FuzzInput.data(bytes, count))
    return 0
}

/// Built by scripts/fuzz.sh (`-sanitize=fuzzer -DFUZZING`): the fuzzer. Built plainly: replays
/// saved inputs, `fuzz-screen-layout FILE|FOLDER…`.
@main
enum FuzzScreenLayoutMain {
    static func main() {
        #if FUZZING
            LibFuzzer.run(fuzzScreenLayout)
        #else
            Replay.run(ScreenLayoutTarget.run)
        #endif
    }
}
