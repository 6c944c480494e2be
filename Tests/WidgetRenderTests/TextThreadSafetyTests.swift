import Foundation
import Testing
import WidgetAssets
import WidgetCore
import WidgetDrawing

/// Text from many threads at once, each with fonts of its own, as the engine's renderers use
/// them: Cairo's FreeType backend shares at most ten open faces among them and, unguarded,
/// closes one under a thread that is loading a glyph from it (a crash, not a failed
/// expectation: this test fails by taking the test process down). See `TextEngineLock`.
@Suite("Text on many threads")
struct TextThreadSafetyTests {
    /// More faces than Cairo keeps open: Latin, Japanese, Korean and serif CJK in four
    /// weights, monospaced digits and emoji, every string new so no cache answers it.
    static func work(thread: Int, iterations: Int) throws -> Int {
        let fonts = try FontLibrary(configFile: WidgetAssets.url(WidgetAssets.fontConfigName).path)
        let texts = try ["en", "ja", "ko"].map { try PangoText(fonts: fonts, language: $0) }
        let samples = ["Recovered 1,234", "感染者 9,787 本日", "확진자 10,635 오늘", "🐼 ▲ +4.99%", "AAPL 430.47"]
        let weights: [Font.Weight] = [.regular, .medium, .semibold, .bold]
        var measured = 0
        for index in 0..<iterations {
            let sample = samples[(index + thread) % samples.count]
            var font = Font(size: Double(11 + (index * 7 + thread) % 50), weight: weights[index % weights.count])
            if index % 5 == 0 { font = font.monospacedDigit() }
            if index % 7 == 0 { font.design = .serif }
            let size = texts[index % texts.count].measure(
                "\(sample) \(thread)-\(index)", font: font, maxWidth: nil, lineLimit: 1)
            if size.width > 0 { measured += 1 }
        }
        return measured
    }

    @Test func fourThreadsWithFontsOfTheirOwnMeasureAtOnce() throws {
        let threads = 4
        let iterations = 900
        let group = DispatchGroup()
        let results = Results()
        for thread in 0..<threads {
            group.enter()
            let worker = Thread {
                defer { group.leave() }
                results.add(Result { try Self.work(thread: thread, iterations: iterations) })
            }
            worker.stackSize = 4 << 20
            worker.start()
        }
        group.wait()
        let all = results.values
        #expect(all.count == threads)
        for result in all {
            #expect(try result.get() == iterations)
        }
    }

    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Result<Int, any Error>] = []
        func add(_ result: Result<Int, any Error>) { lock.withLock { stored.append(result) } }
        var values: [Result<Int, any Error>] { lock.withLock { stored } }
    }
}
