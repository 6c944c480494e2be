import ChartWidgets
import Foundation
import Synchronization
import Testing
import WidgetCore
import WidgetDrawing
import WidgetLayout
import WidgetRender

/// The engine as a library user meets it: a widget, a family and a time in, an image in memory
/// out, from many tasks at once, cancellable, through any encoder.
@Suite("Render engine")
struct RenderEngineTests {
    static let engine: RenderEngine = {
        do {
            return try RenderEngine(bundle: BuiltInWidgets())
        } catch {
            fatalError("the built-in widgets must load: \(error)")
        }
    }()

    static func request(_ kind: String, _ family: WidgetFamily, at time: Date = Fixtures.now) -> RenderRequest {
        RenderRequest(kind: kind, family: family, askedAt: time)
    }

    @Test func rendersABuiltInWidgetToPNGBytesInMemory() async throws {
        let widget = try await Self.engine.render(Self.request("price", .systemMedium))
        let image = try #require(widget.image)
        #expect(image.format == .png)
        #expect(image.data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let decoded = try PNGFile.decode(image.data)
        #expect(decoded.width == 1092 && decoded.height == 510)
        #expect(decoded.pixelsCRC64 == image.pixelsCRC64, "the fingerprint is the decoded pixels'")
        #expect(widget.kind == "price")
        #expect(widget.metrics.family == .systemMedium)
        // The sample's last bar (2013-03-01) is long before the time shown: the last entry, and
        // a reload (the policy) is the next change.
        #expect(widget.onScreen.reason == .entry)
        #expect(widget.onScreen.entryIndex == 2)
        #expect(widget.nextChange?.reason == .reload)
        #expect(widget.displayList.count > 3)
        #expect(widget.widgetURL?.absoluteString.hasPrefix("widgetrender://price/") == true)
    }

    @Test func theTimeShownPicksTheEntryAndSaysWhy() async throws {
        let february28 = try #require(ISO8601DateFormatter().date(from: "2013-02-28T12:00:00Z"))
        let before = try #require(ISO8601DateFormatter().date(from: "2010-01-01T00:00:00Z"))
        var request = Self.request("price", .systemSmall, at: february28)
        let onTheDay = try await Self.engine.render(request, as: nil)
        #expect(onTheDay.image == nil, "no encoder, no image")
        #expect(onTheDay.onScreen.reason == .entry)
        #expect(onTheDay.nextChange?.reason == .entry, "the next bar's entry comes before the reload")
        // Shown before the time asked: the first request's entry then, by the one rule.
        request.shownAt = before
        let early = try await Self.engine.render(request, as: nil)
        #expect(early.onScreen.reason == .beforeFirstEntry)
        #expect(early.onScreen.entryIndex == 0)
        // A bare view has no provider.
        let view = try await Self.engine.render(Text("42").font(.largeTitle), in: request)
        #expect(view.kind == nil)
        #expect(view.onScreen.reason == .view)
        #expect(view.image.map { try? PNGFile.decode($0.data).width } == 510)
    }

    @Test func aRenderedWidgetDrawsTheSamePixelsAgainFromItsDisplayList() async throws {
        let request = Self.request("covid-global", .systemLarge)
        let laidOut = try await Self.engine.render(request, as: nil)
        let later = try await Self.engine.image(of: laidOut)
        let atOnce = try await Self.engine.render(request)
        #expect(later.pixelsCRC64 == atOnce.image?.pixelsCRC64)
    }

    @Test func anUnknownWidgetOrFamilyIsAnInvalidRequest() async {
        let unknown = await #expect(throws: WidgetRenderError.self) {
            try await Self.engine.render(Self.request("nope", .systemSmall))
        }
        #expect(unknown?.kind == .invalidRequest)
        #expect(unknown?.message.contains("known: price") == true)
        let family = await #expect(throws: WidgetRenderError.self) {
            try await Self.engine.render(Self.request("price", .systemExtraLarge))
        }
        #expect(family?.kind == .invalidRequest)
    }

    /// Every built-in widget and family, light and dark, two times: 32 callers at once each get
    /// the pixels the same request gives alone.
    @Test func thirtyTwoConcurrentCallersGetThePixelsOfARenderAlone() async throws {
        let lastDays = try #require(ISO8601DateFormatter().date(from: "2013-02-28T12:00:00Z"))
        var requests: [RenderRequest] = []
        let plan: [(String, [WidgetFamily])] = [
            ("price", [.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular]),
            ("covid-global", [.systemSmall, .systemMedium, .systemLarge, .accessoryInline]),
            ("covid-country", [.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular]),
        ]
        for (kind, families) in plan {
            for family in families {
                for time in [Fixtures.now, lastDays] {
                    var request = Self.request(kind, family, at: time)
                    request.colorScheme = requests.count % 3 == 0 ? .dark : .light
                    requests.append(request)
                }
            }
        }
        requests = Array((requests + requests).prefix(32))
        #expect(requests.count == 32)
        var alone: [String] = []
        for request in requests {
            alone.append(try #require(try await Self.engine.render(request).image?.pixelsCRC64))
        }
        let engine = try RenderEngine(bundle: BuiltInWidgets())
        let together = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask { (index, try await engine.render(request).image?.pixelsCRC64 ?? "") }
            }
            var results = [String](repeating: "", count: requests.count)
            for try await (index, pixels) in group { results[index] = pixels }
            return results
        }
        #expect(together == alone)
        #expect(engine.pool.count <= engine.renderers, "never more renderers than the pool holds")
    }

    @Test func aProviderIsAskedOnceForTheSameQuestion() async throws {
        let engine = try RenderEngine(bundle: CountingBundle())
        // A time of this test's own, so that no other test's calls are counted.
        let request = RenderRequest(
            kind: "counting", family: .systemSmall, askedAt: Date(timeIntervalSince1970: 12_345))
        let before = Counter.shared.value
        async let first = engine.render(request)
        async let second = engine.render(request)
        _ = try await (first, second)
        #expect(Counter.shared.value - before == 1)
        // Another family is another question.
        var medium = request
        medium.family = .systemMedium
        _ = try await engine.render(medium)
        #expect(Counter.shared.value - before == 2)
        // A reload asks again.
        engine.reloadAllTimelines()
        _ = try await engine.render(request)
        #expect(Counter.shared.value - before == 3)
    }

    @Test func anEncoderOfYourOwnIsUsedByTheEngineAndTheOutputFolder() async throws {
        let png = try #require(try await Self.engine.render(Self.request("covid-global", .systemSmall)).image)
        let ppm = try #require(
            try await Self.engine.render(Self.request("covid-global", .systemSmall), as: PPMEncoder()).image)
        #expect(ppm.format.fileExtension == "ppm")
        #expect(ppm.data.starts(with: Array("P6 510 510 255\n".utf8)))
        #expect(ppm.data.count == "P6 510 510 255\n".utf8.count + 510 * 510 * 3)
        #expect(ppm.pixelsCRC64 == png.pixelsCRC64, "the same pixels, whatever writes them")
        // libpng writes other bytes of the same pixels.
        let libpng = try #require(
            try await Self.engine.render(Self.request("covid-global", .systemSmall), as: .libpng).image)
        #expect(libpng.data != png.data)
        #expect(libpng.pixelsCRC64 == png.pixelsCRC64)
        // The folder: the extension and the manifest follow the format.
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var batch = Fixtures.request(kind: "covid-global", family: .systemSmall, out: out)
        batch.encoder = PPMEncoder()
        let result = try await FolderRenderer(engine: Self.engine).run(batch)
        #expect(result.files.allSatisfy { $0.pathExtension == "ppm" })
        #expect(result.manifest.images.allSatisfy { $0.format == "ppm" })
        let onScreen = try #require(result.manifest.images.first { $0.status == .onScreen })
        #expect(onScreen.pixelsCRC64 == png.pixelsCRC64)
        let bytes = try Data(contentsOf: out.appendingPathComponent(onScreen.file))
        #expect(onScreen.sha256 == SHA256.hex(bytes))
    }
}

/// Cancellation: a cancelled caller stops waiting (for a renderer or a provider) without waiting
/// for either, and the pool stays whole. How fast is measured by `bench --callers` (a timed unit
/// test on a busy machine measures the scheduler): here only that it does not wait for what holds it.
@Suite("Render engine: cancellation", .serialized)
struct RenderEngineCancellationTests {
    static func request(_ kind: String, _ family: WidgetFamily) -> RenderRequest {
        RenderEngineTests.request(kind, family)
    }

    @Test func aCallerWaitingForARendererStopsWhenCancelled() async throws {
        let engine = try RenderEngine(bundle: BuiltInWidgets(), renderers: 1)
        // Another caller holds the only renderer (leased, holding no thread) until it gives it back.
        let held = try await engine.pool.lease(affinity: nil)
        // On threads of its own: a busy test process (the sanitizers') cannot keep it from starting.
        let waiter = Task(executorPreference: OwnThreads.shared) {
            try await engine.pool.withRenderer { _ throws(WidgetRenderError) in }
        }
        let deadline = Date().addingTimeInterval(120)
        while engine.pool.waiting == 0, Date() < deadline { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(engine.pool.waiting == 1)
        waiter.cancel()
        let result = await waiter.result
        // It ended while the renderer was still held: it did not wait for it.
        if case .failure(let error as WidgetRenderError) = result {
            #expect(error.kind == .cancelled)
        } else {
            Issue.record("expected a cancellation, got \(result)")
        }
        #expect(engine.pool.waiting == 0)
        engine.pool.giveBack(held, affinity: nil)
        // The renderer came back: the next caller gets it, and the pool made no other.
        let after = try await engine.render(Self.request("price", .systemSmall))
        #expect(after.image != nil)
        #expect(engine.pool.count == 1)
    }

    @Test func aCallerWaitingForASlowProviderStopsWhenCancelled() async throws {
        let engine = try RenderEngine(bundle: TenSecondBundle())
        let waiter = Task { try await engine.render(RenderRequest(kind: "slow", family: .systemSmall)) }
        try await Task.sleep(nanoseconds: 100_000_000)
        let cancelled = Date()
        waiter.cancel()
        let result = await waiter.result
        // The provider takes ten seconds; the caller does not wait for it. (Under a parallel run
        // of the whole suite on two cores, scheduling alone once took 5.6 s: the bound only has
        // to tell "did not wait" from the provider's ten.)
        #expect(Date().timeIntervalSince(cancelled) < 9)
        if case .failure(let error as WidgetRenderError) = result {
            #expect(error.kind == .cancelled)
        } else {
            Issue.record("expected a cancellation, got \(result)")
        }
    }
}

/// Runs a test's task on threads of its own, not the cooperative pool.
final class OwnThreads: TaskExecutor, @unchecked Sendable {
    static let shared = OwnThreads()
    private let queue = DispatchQueue(label: "RenderEngineTests.own-threads", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// A PPM writer: a format WidgetRender does not ship, through the public encoder seam.
struct PPMEncoder: ImageEncoder {
    var format: ImageFormat { ImageFormat(name: "ppm", fileExtension: "ppm", mediaType: "image/x-portable-pixmap") }

    func encode(_ image: RenderedImage) throws -> Data {
        var data = Data("P6 \(image.width) \(image.height) 255\n".utf8)
        let rgba = image.rgba()
        data.reserveCapacity(data.count + image.width * image.height * 3)
        for pixel in stride(from: 0, to: rgba.count, by: 4) {
            data.append(contentsOf: rgba[pixel..<pixel + 3])
        }
        return data
    }
}

struct EngineEntry: TimelineEntry {
    let date: Date
}

/// A provider that takes ten seconds.
struct TenSecondProvider: TimelineProvider {
    func placeholder(in context: Context) -> EngineEntry { EngineEntry(date: context.now) }
    func timeline(in context: Context) async throws -> Timeline<EngineEntry> {
        try await Task.sleep(nanoseconds: 10_000_000_000)
        return Timeline(entries: [EngineEntry(date: context.now)], policy: .never)
    }
}

struct TenSecondBundle: WidgetBundle {
    var body: some Widget {
        TenSecondWidget()
    }
}

struct TenSecondWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "slow", provider: TenSecondProvider()) { _ in Text("slow") }
    }
}

/// Counts the calls of ``CountingProvider``: one counter per test process, read as differences.
final class Counter: Sendable {
    static let shared = Counter()
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

struct CountingProvider: TimelineProvider {
    func placeholder(in context: Context) -> EngineEntry { EngineEntry(date: context.now) }
    func timeline(in context: Context) async throws -> Timeline<EngineEntry> {
        Counter.shared.add()
        try await Task.sleep(nanoseconds: 50_000_000)
        return Timeline(entries: [EngineEntry(date: context.now)], policy: .never)
    }
}

struct CountingBundle: WidgetBundle {
    var body: some Widget {
        CountingWidget()
    }
}

struct CountingWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "counting", provider: CountingProvider()) { _ in Text("n") }
            .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// The `Date()` trap from the tutorials: entries dated by this machine's clock instead of the
/// time asked leave nothing of the provider's own on screen at `--now`; the render says so.
@Suite("Entries dated after the time asked")
struct EntriesAfterTheTimeAskedTests {
    struct Entry: TimelineEntry {
        let date: Date
    }

    /// Dates its entries with `Date()`, as tutorials do, or from `context.now`.
    struct Provider: TimelineProvider {
        let wallClock: Bool
        func placeholder(in context: Context) -> Entry { Entry(date: context.now) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
            completion(placeholder(in: context))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            let start = wallClock ? Date() : context.now
            let entries = (0..<3).map { Entry(date: start.addingTimeInterval(Double($0) * 3600)) }
            completion(Timeline(entries: entries, policy: .atEnd))
        }
    }

    struct WallClockWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "wall-clock", provider: Provider(wallClock: true)) { entry in
                Text(entry.date, style: .time).containerBackground(.white, for: .widget)
            }
            .supportedFamilies([.systemSmall])
        }
    }

    struct ContextNowWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "context-now", provider: Provider(wallClock: false)) { entry in
                Text(entry.date, style: .time).containerBackground(.white, for: .widget)
            }
            .supportedFamilies([.systemSmall])
        }
    }

    @Test func aProviderDatingEntriesWithDateIsWarnedWithTheDates() async throws {
        let engine = try RenderEngine(
            widgets: try WallClockWidget().resolvedWidgets() + ContextNowWidget().resolvedWidgets())
        // Asked at a time before this machine's clock, as --now 2026-01-01 is.
        let asked = Date().addingTimeInterval(-30 * 86_400)
        let trapped = try await engine.render(
            RenderRequest(kind: "wall-clock", family: .systemSmall, askedAt: asked), as: nil)
        let warning = try #require(trapped.warnings.first { $0.message.contains("context.now") })
        #expect(warning.widget == "wall-clock")
        #expect(warning.message.contains(asked.formatted(Date.ISO8601FormatStyle())))
        #expect(warning.message.contains("Date()"))
        let fine = try await engine.render(
            RenderRequest(kind: "context-now", family: .systemSmall, askedAt: asked), as: nil)
        #expect(fine.warnings.isEmpty)
        // Shown before the time asked, by choice: the first entry early, and no warning.
        var early = RenderRequest(kind: "context-now", family: .systemSmall, askedAt: asked)
        early.shownAt = asked.addingTimeInterval(-3600)
        let shownEarly = try await engine.render(early, as: nil)
        #expect(shownEarly.onScreen.reason == .beforeFirstEntry)
        #expect(shownEarly.warnings.isEmpty)
    }
}

/// iOS 17 draws "Please adopt containerBackground API" over a widget that declares no
/// container background; the render says so, naming the modifier to add.
@Suite("Container background hint")
struct ContainerBackgroundHintTests {
    struct Entry: TimelineEntry {
        let date: Date
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.now) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
            completion(placeholder(in: context))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [placeholder(in: context)], policy: .never))
        }
    }

    struct Bare: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "bare", provider: Provider()) { _ in Text("Hello") }
                .supportedFamilies([.systemSmall])
        }
    }

    struct Adopted: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "adopted", provider: Provider()) { _ in
                Text("Hello").containerBackground(.background, for: .widget)
            }
            .supportedFamilies([.systemSmall])
        }
    }

    @Test func aWidgetWithoutAContainerBackgroundIsWarned() async throws {
        let engine = try RenderEngine(widgets: try Bare().resolvedWidgets() + Adopted().resolvedWidgets())
        let bare = try await engine.render(RenderRequest(kind: "bare", family: .systemSmall, askedAt: Fixtures.now))
        let warning = try #require(bare.warnings.first { $0.message.contains("containerBackground") })
        #expect(warning.message.contains("Please adopt containerBackground API"))
        #expect(warning.message.contains(".containerBackground(.background, for: .widget)"))
        let adopted = try await engine.render(
            RenderRequest(kind: "adopted", family: .systemSmall, askedAt: Fixtures.now))
        #expect(adopted.warnings.isEmpty)
    }
}
