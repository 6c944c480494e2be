import Foundation
import Synchronization
import Testing
import WidgetCore
import WidgetRender

/// The kinds whose providers have finished, in the order they finished.
private let finished = Mutex<[String]>([])

/// A widget whose provider waits `delay` seconds, warns twice, then answers or fails.
private struct SlowWidget: Widget {
    let kind: String
    let delay: Double
    let fails: Bool

    struct Entry: TimelineEntry {
        let date: Date
    }

    struct Provider: TimelineProvider {
        let kind: String
        let delay: Double
        let fails: Bool

        func placeholder(in context: Context) -> Entry { Entry(date: context.now) }

        func timeline(in context: Context) async throws -> Timeline<Entry> {
            try await Task.sleep(for: .seconds(delay))
            context.diagnostics.warn("\(kind) \(context.family.shortName) first")
            context.diagnostics.warn("\(kind) \(context.family.shortName) second")
            finished.withLock { $0.append(kind) }
            if fails { throw ProviderError(.badData, "\(kind): no data") }
            return Timeline(entries: [Entry(date: context.now)], policy: .never)
        }
    }

    init() { self.init(kind: "slow", delay: 0, fails: false) }

    init(kind: String, delay: Double, fails: Bool) {
        self.kind = kind
        self.delay = delay
        self.fails = fails
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider(kind: kind, delay: delay, fails: fails)) { _ in
            Text(kind)
        }
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// The first widget answers last; the second first.
private struct SlowFirstBundle: WidgetBundle {
    var body: some Widget {
        SlowWidget(kind: "late", delay: 0.3, fails: false)
        SlowWidget(kind: "early", delay: 0, fails: false)
    }
}

/// Both fail; the second fails first.
private struct FailingBundle: WidgetBundle {
    var body: some Widget {
        SlowWidget(kind: "late", delay: 0.3, fails: true)
        SlowWidget(kind: "early", delay: 0, fails: true)
    }
}

/// `render` asks every provider at once: whichever answers first, the warnings, records and
/// files come in the bundle's order, and the run fails with the first failure in that order.
@Suite("Providers asked at once")
struct ProviderOrderTests {
    private func request() throws -> RenderBatch {
        var request = RenderBatch(outputDirectory: try Fixtures.temporaryDirectory())
        request.now = Fixtures.now
        request.families = [.systemSmall, .systemMedium]
        return request
    }

    @Test func warningsAndImagesComeInTheBundlesOrder() async throws {
        let request = try request()
        defer { try? FileManager.default.removeItem(at: request.outputDirectory) }
        finished.withLock { $0.removeAll() }
        let result = try await FolderRenderer(engine: try RenderEngine(bundle: SlowFirstBundle())).run(request)
        // Asked one by one, "late" would have finished first, twice.
        #expect(finished.withLock { $0 }.first == "early")
        #expect(
            result.warnings.map(\.message) == [
                "late small first", "late small second", "late medium first", "late medium second",
                "early small first", "early small second", "early medium first", "early medium second",
            ])
        #expect(result.warnings.allSatisfy { $0.kind == .provider })
        #expect(
            result.manifest.images.map { $0.file.split(separator: "/").prefix(2).joined(separator: "/") } == [
                "late/small", "late/medium", "early/small", "early/medium",
            ])
    }

    @Test func theRunFailsWithTheFirstFailureInTheBundlesOrder() async throws {
        let request = try request()
        defer { try? FileManager.default.removeItem(at: request.outputDirectory) }
        do {
            _ = try await FolderRenderer(engine: try RenderEngine(bundle: FailingBundle())).run(request)
            Issue.record("the run succeeded")
        } catch {
            #expect(error.description.contains("late: no data"), "\(error.description)")
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: request.outputDirectory.appendingPathComponent("manifest.json").path))
    }
}
