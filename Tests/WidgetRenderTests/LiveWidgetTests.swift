import Foundation
import Testing
import WidgetCore
import WidgetRender

/// Widgets kept current: WidgetCenter in-process, the reload budget, and `watch`'s loop
/// writing real PNGs and manifests into a folder as time passes.
///
/// The waits are long (four minutes) because in-process watchers share the test process's
/// threads with every other suite, which can hold them for a minute or more on two cores;
/// alone, each test takes a second or two.
@Suite("Widgets that stay current")
struct LiveWidgetTests {
    /// A count the app writes to `count.txt` in its container; the widget shows it and never
    /// reloads by itself (`.never`), like the to-do tutorial.
    struct CountProvider: TimelineProvider {
        static let group = "group.test.live"

        func placeholder(in context: Context) -> CountEntry { CountEntry(date: context.now, text: "–") }

        func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
            completion(placeholder(in: context))
        }

        func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
            let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Self.group)
            let text = folder.flatMap {
                try? String(contentsOf: $0.appendingPathComponent("count.txt"), encoding: .utf8)
            }
            completion(Timeline(entries: [CountEntry(date: context.now, text: text ?? "none")], policy: .never))
        }
    }

    struct CountEntry: TimelineEntry {
        let date: Date
        let text: String
    }

    /// Each test has a kind of its own: WidgetCenter.shared reaches every engine and watcher of
    /// the process, and tests run at once.
    protocol Kind { static var name: String { get } }
    enum EngineKind: Kind { static let name = "live-engine" }
    enum WatchKind: Kind { static let name = "live-count" }
    enum StormKind: Kind { static let name = "live-storm" }
    enum ChangeKind: Kind { static let name = "live-file" }

    struct CountWidget<K: Kind>: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: K.name, provider: CountProvider()) { entry in
                Text(entry.text).font(.largeTitle).containerBackground(.white, for: .widget)
            }
            .supportedFamilies([.systemSmall])
        }
    }

    /// Three entries a second apart from the time asked.
    struct TickProvider: TimelineProvider {
        func placeholder(in context: Context) -> CountEntry { CountEntry(date: context.now, text: "0") }
        func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
            completion(placeholder(in: context))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
            let entries = (0..<3).map {
                CountEntry(date: context.now.addingTimeInterval(Double($0)), text: "tick \($0)")
            }
            completion(Timeline(entries: entries, policy: .never))
        }
    }

    /// One entry, and a reload a second later: the policy's reload, not WidgetCenter's.
    struct PolicyProvider: TimelineProvider {
        func placeholder(in context: Context) -> CountEntry { CountEntry(date: context.now, text: "0") }
        func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
            completion(placeholder(in: context))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
            let stamp = Int(context.now.timeIntervalSince1970 * 10) % 1000
            completion(
                Timeline(
                    entries: [CountEntry(date: context.now, text: "asked \(stamp)")],
                    policy: .after(context.now.addingTimeInterval(1))))
        }
    }

    struct PolicyWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "live-policy", provider: PolicyProvider()) { entry in
                Text(entry.text).containerBackground(.white, for: .widget)
            }
            .supportedFamilies([.systemSmall])
        }
    }

    struct TickWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "live-tick", provider: TickProvider()) { entry in
                Text(entry.text).containerBackground(.white, for: .widget)
            }
            .supportedFamilies([.systemSmall])
        }
    }

    struct Fixture {
        let container: URL
        let out: URL
        let engine: RenderEngine
        var batch: RenderBatch

        init(widgets: [AnyWidget]) throws {
            let root = try Fixtures.temporaryDirectory()
            container = root.appendingPathComponent("container")
            out = root.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
            engine = try RenderEngine(widgets: widgets)
            batch = RenderBatch(outputDirectory: out)
            batch.families = [.systemSmall]
            batch.appGroups.folders[CountProvider.group] = container
        }

        func write(_ text: String) throws {
            try Data(text.utf8).write(to: container.appendingPathComponent("count.txt"), options: .atomic)
        }

        func manifest() throws -> Manifest {
            try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifest.json")))
        }

        /// Waits until the manifest satisfies `condition`, for at most `seconds`; the time it took.
        func waitForManifest(within seconds: Double, _ condition: (Manifest) -> Bool) async throws -> Double? {
            let start = Date()
            while Date().timeIntervalSince(start) < seconds {
                if let manifest = try? manifest(), condition(manifest) { return Date().timeIntervalSince(start) }
                try await Task.sleep(nanoseconds: 20_000_000)
            }
            return nil
        }
    }

    // MARK: - The budget

    @Test func budgetsAreWrittenAsCountPerPeriod() throws {
        #expect(try ReloadBudget.parse("1/s") == ReloadBudget(count: 1, seconds: 1))
        #expect(try ReloadBudget.parse("10/min") == ReloadBudget(count: 10, seconds: 60))
        #expect(try ReloadBudget.parse("70/d") == ReloadBudget(count: 70, seconds: 86_400))
        #expect(try ReloadBudget.parse("5/10s") == ReloadBudget(count: 5, seconds: 10))
        #expect(try ReloadBudget.parse("5/10s").description == "5/10s")
        #expect(ReloadBudget.default.description == "1/s")
        for bad in ["", "1", "0/s", "-1/s", "1/week", "x/s", "1/s/2", "1/0s", "1/8d"] {
            #expect(throws: ReloadBudgetError.self, "\(bad)") { try ReloadBudget.parse(bad) }
        }
    }

    @Test func aBucketAllowsItsBurstThenRefillsEvenly() {
        var bucket = ReloadBudget.Bucket(ReloadBudget(count: 2, seconds: 10))
        let start = Date(timeIntervalSince1970: 1_000_000)
        let taken = [0, 0, 1].map { bucket.take(at: start.addingTimeInterval($0)) }
        #expect(taken == [true, true, false])
        let next = bucket.nextAvailable(after: start.addingTimeInterval(1))
        #expect(next == start.addingTimeInterval(5))
        let early = bucket.take(at: start.addingTimeInterval(4.9))
        let onTime = bucket.take(at: start.addingTimeInterval(5))
        #expect(!early && onTime)
    }

    // MARK: - WidgetCenter in-process

    @Test func widgetCenterReachesAnEngineInTheSameProcess() async throws {
        let fixture = try Fixture(widgets: try CountWidget<EngineKind>().resolvedWidgets())
        try fixture.write("1")
        let request = fixture.batch.request(kind: "live-engine", family: .systemSmall)
        let first = try await fixture.engine.render(request)
        try fixture.write("2")
        let cached = try await fixture.engine.render(request)
        #expect(cached.image?.pixelsCRC64 == first.image?.pixelsCRC64, "the same question has the same answer")
        WidgetCenter.shared.reloadTimelines(ofKind: "another-kind")
        let otherKind = try await fixture.engine.render(request)
        #expect(otherKind.image?.pixelsCRC64 == first.image?.pixelsCRC64, "another kind's reload leaves it")
        WidgetCenter.shared.reloadTimelines(ofKind: "live-engine")
        let reloaded = try await fixture.engine.render(request)
        #expect(reloaded.image?.pixelsCRC64 != first.image?.pixelsCRC64, "asked again, it reads 2")
    }

    // MARK: - watch

    @Test func watchReloadsOnWidgetCenterNotOnAChangedFile() async throws {
        let fixture = try Fixture(widgets: try CountWidget<WatchKind>().resolvedWidgets())
        try fixture.write("1")
        let watcher = try Watcher(engine: fixture.engine, batch: fixture.batch, bundleName: "LiveTests")
        let running = Task { try await watcher.run() }
        defer { watcher.stop() }
        let started = try await fixture.waitForManifest(within: 240) { $0.images.count == 1 }
        #expect(started != nil)
        let first = try fixture.manifest()
        #expect(first.mode == .watch)
        #expect(first.images.map(\.file) == ["live-count/small/current.png"])
        #expect(first.changes?.map(\.reason) == [.start])
        let png = fixture.out.appendingPathComponent("live-count/small/current.png")
        let firstBytes = try Data(contentsOf: png)

        // The app writes new data: as on iOS, nothing changes by itself (the policy is .never).
        try fixture.write("2")
        try await Task.sleep(nanoseconds: 600_000_000)
        #expect(try Data(contentsOf: png) == firstBytes)
        #expect(try fixture.manifest() == first)

        // It calls WidgetCenter: the PNG and the manifest change within a second.
        WidgetCenter.shared.reloadTimelines(ofKind: "live-count")
        let took = try await fixture.waitForManifest(within: 240) { $0.changes?.count == 2 }
        // How soon is measured by Examples' LiveWidgetTests and WatchCommandTests, each `watch`
        // a process of its own: here the package's other tests share this process's threads.
        _ = try #require(took, "reloaded")
        let manifest = try fixture.manifest()
        #expect(manifest.changes?.last?.reason == .widgetCenter)
        #expect(manifest.changes?.last?.pixelsChanged == true)
        #expect(manifest.reloads?.made == 1)
        let bytes = try Data(contentsOf: png)
        #expect(bytes != firstBytes)
        // Where it changed, for a panel that refreshes partly (#33): inside the widget, not all of
        // it (the count's digit changed), and absent on the first screen.
        #expect(manifest.changes?.first?.changedRegion == nil)
        let region = try #require(manifest.changes?.last?.changedRegion)
        let decoded = try PNGFile.decode(bytes)
        #expect(region.width > 0 && region.height > 0)
        #expect(region.x + region.width <= decoded.width && region.y + region.height <= decoded.height)
        #expect(region.width * region.height < decoded.width * decoded.height, "\(region)")
        #expect(SHA256Hex.of(bytes) == manifest.images.first?.sha256, "the manifest names the bytes on disk")
        #expect(watcher.runningWidgets.map(\.kind) == ["live-count"])
        // getCurrentConfigurations lists it (with the other tests' watchers of this process).
        let listed = try await WidgetCenter.shared.currentConfigurations()
        let mine = listed.filter { $0.kind == "live-count" }
        #expect(mine.map(\.family) == [.systemSmall])
        #expect(mine.map(\.bundle) == ["LiveTests"])
        watcher.stop()
        try await running.value
    }

    @Test func aStormOfReloadsIsCoalescedByTheBudgetAndCounted() async throws {
        var fixture = try Fixture(widgets: try CountWidget<StormKind>().resolvedWidgets())
        fixture.batch.families = [.systemSmall]
        try fixture.write("0")
        let watcher = try Watcher(
            engine: fixture.engine, batch: fixture.batch, budget: ReloadBudget(count: 1, seconds: 1),
            bundleName: "LiveTests")
        let running = Task { try await watcher.run() }
        _ = try await fixture.waitForManifest(within: 240) { $0.images.count == 1 }
        let start = Date()
        for index in 1...100 {
            try fixture.write("\(index)")
            WidgetCenter.shared.reloadTimelines(ofKind: "live-storm")
            try await Task.sleep(nanoseconds: 9_000_000)
        }
        let stormSeconds = Date().timeIntervalSince(start)
        // Within the budget's next second everything asked has been answered.
        let settled = try await fixture.waitForManifest(within: 240) {
            $0.reloads?.requested == 100 && $0.reloads?.pending == 0
        }
        #expect(settled != nil)
        watcher.stop()
        try await running.value
        let reloads = try #require(try fixture.manifest().reloads)
        // One reload a second: a burst of one at once, then one per second of the storm, and one
        // for what came in its last second.
        let allowed = Int(stormSeconds.rounded(.up)) + 2
        #expect(reloads.made >= 2 && reloads.made <= allowed, "\(reloads) over \(stormSeconds) s")
        #expect(reloads.requested == reloads.made + reloads.coalesced)
        let changes = try #require(try fixture.manifest().changes)
        #expect(changes.compactMap(\.requests).reduce(0, +) == 100, "every request is answered by a reload")
        let last = try fixture.manifest().images.first?.sha256
        #expect(changes.last?.sha256 == last)
    }

    @Test func thePolicyReloadsAtItsDate() async throws {
        let fixture = try Fixture(widgets: try PolicyWidget().resolvedWidgets())
        let watcher = try Watcher(engine: fixture.engine, batch: fixture.batch, bundleName: "LiveTests")
        let running = Task { try await watcher.run() }
        let done = try await fixture.waitForManifest(within: 240) { ($0.changes?.count ?? 0) >= 3 }
        watcher.stop()
        try await running.value
        #expect(done != nil)
        // A reload a second: on a loaded machine another may land before the watcher stops.
        let changes = try #require(try fixture.manifest().changes)
        #expect(changes.prefix(3).map(\.reason) == [.start, .policyReload, .policyReload])
        #expect(abs(changes[1].date.timeIntervalSince(changes[0].date) - 1) < 0.001, "at the policy's date")
        #expect(changes[1].askedAt == changes[1].date, "the provider is asked at the reload")
        #expect(try fixture.manifest().reloads?.requested == 0, "a policy reload is not a request")
    }

    @Test func withReloadOnChangeAChangedFileReloads() async throws {
        let fixture = try Fixture(widgets: try CountWidget<ChangeKind>().resolvedWidgets())
        try fixture.write("1")
        let watcher = try Watcher(engine: fixture.engine, batch: fixture.batch, bundleName: "LiveTests")
        let changes = try FolderChanges([fixture.container]) { watcher.fileChanged() }
        defer { changes.close() }
        let running = Task { try await watcher.run() }
        _ = try await fixture.waitForManifest(within: 240) { $0.images.count == 1 }
        try fixture.write("2")
        let took = try await fixture.waitForManifest(within: 240) { $0.changes?.last?.reason == .fileChange }
        watcher.stop()
        try await running.value
        _ = try #require(took, "reloaded after the write")
        #expect(try fixture.manifest().changes?.last?.pixelsChanged == true)
    }

    @Test func entriesReplaceEachOtherAtTheirDates() async throws {
        let fixture = try Fixture(widgets: try TickWidget().resolvedWidgets())
        let watcher = try Watcher(engine: fixture.engine, batch: fixture.batch, bundleName: "LiveTests")
        let running = Task { try await watcher.run() }
        let done = try await fixture.waitForManifest(within: 240) { $0.changes?.count == 3 }
        watcher.stop()
        try await running.value
        #expect(done != nil)
        let changes = try #require(try fixture.manifest().changes)
        #expect(changes.map(\.reason) == [.start, .entry, .entry])
        #expect(changes.allSatisfy { $0.pixelsChanged })
        #expect(abs(changes[1].date.timeIntervalSince(changes[0].date) - 1) < 0.001, "at the entry's date")
        #expect(try fixture.manifest().images.first?.entryIndex == 2)
    }
}

/// SHA-256 in hex, with the system's `sha256sum`, independent of the library's.
enum SHA256Hex {
    static func of(_ data: Data) -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? data.write(to: file)) != nil else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output.split(separator: " ").first.map(String.init)
    }
}
