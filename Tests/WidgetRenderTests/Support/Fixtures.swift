import Foundation
import WidgetAssets
import WidgetCore
import WidgetLayout
import WidgetRender
import WidgetDrawing
import ChartWidgets

/// Shared test set-up: a few sessions per process (fonts load once each), pinned "now", temp folders.
enum Fixtures {
    /// An engine over the built-in widgets with a renderer of the test's own, for tests that
    /// draw below the engine (layout, the renderer's caches, the PNG writers).
    final class Session: @unchecked Sendable {
        let engine: RenderEngine
        let renderer: WidgetRenderer
        let encoder = PNGEncoder.fast

        init() throws {
            engine = try RenderEngine(bundle: BuiltInWidgets())
            renderer = WidgetRenderer(
                fonts: try FontLibrary(configFile: try WidgetAssets.url(WidgetAssets.fontConfigName).path))
        }

        var widgets: [AnyWidget] { engine.widgets }
        var renderStack: String { engine.renderStack }
    }

    nonisolated(unsafe) private static var idle: [Session] = []
    private static let lock = NSLock()

    /// A session for the body's sole use. A renderer is not thread-safe and tests run in
    /// parallel, so each body gets an idle session or a new one; none waits for another.
    /// (Waiting on one shared session blocked the few cooperative threads of a two-core
    /// machine, and every other test's task with them, for most of a minute.)
    static func withSession<R>(_ body: (Session) throws -> R) throws -> R {
        let session = try lock.withLock { idle.popLast() } ?? Session()
        defer { lock.withLock { idle.append(session) } }
        return try body(session)
    }

    /// A fixed "now" after every sample's data.
    static var now: Date { Date(timeIntervalSince1970: 1_700_000_000) }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgetrender-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A batch of one widget and family with everything pinned.
    static func request(
        kind: String, family: WidgetFamily = .systemMedium, out: URL, colorScheme: ColorScheme = .light,
        locale: Locale = Locale(identifier: "en")
    ) -> RenderBatch {
        var request = RenderBatch(outputDirectory: out)
        request.kinds = [kind]
        request.families = [family]
        request.now = now
        request.colorScheme = colorScheme
        request.locale = locale
        return request
    }

    /// The built-in widget of a kind.
    static func widget(_ kind: String) throws -> AnyWidget {
        guard let widget = try BuiltInWidgets().resolvedWidgets().first(where: { $0.kind == kind }) else {
            throw FixtureError("no widget \(kind)")
        }
        return widget
    }

    /// The entry of a built-in widget on screen at `now` (or its placeholder), with its family's metrics.
    static func entry(
        kind: String, family: WidgetFamily, parameters: [String: String] = [:],
        appGroups: AppGroupContainers = AppGroupContainers(), placeholder: Bool = false,
        device: DeviceProfile = .default
    ) async throws -> (entry: AnyTimelineEntry, metrics: WidgetMetrics) {
        let widget = try widget(kind)
        let metrics = try WidgetMetrics(family: family, device: device)
        let params = try WidgetParameters.resolve(parameters, against: widget.parameters)
        let context = TimelineProviderContext(
            family: family, displaySize: metrics.size, parameters: params, now: now, appGroups: appGroups)
        let entry =
            placeholder
            ? widget.placeholder(in: context)
            : try await widget.timeline(in: context).entry(at: now)
        guard let entry else { throw FixtureError("no entry at now") }
        return (entry, metrics)
    }

    /// Renders the entry on screen at `now` to PNG bytes.
    static func renderPNG(
        kind: String, family: WidgetFamily = .systemMedium, colorScheme: ColorScheme = .light,
        locale: Locale = Locale(identifier: "en"), parameters: [String: String] = [:],
        appGroups: AppGroupContainers = AppGroupContainers(), placeholder: Bool = false
    ) async throws -> Data {
        let (entry, metrics) = try await Self.entry(
            kind: kind, family: family, parameters: parameters, appGroups: appGroups, placeholder: placeholder)
        return try withSession { session in
            let context = ViewContext(
                family: family, displaySize: metrics.size, colorScheme: colorScheme, locale: locale,
                isPlaceholder: placeholder, date: now, appGroups: appGroups)
            let surface = try session.renderer.render(entry.view, metrics: metrics, context: context).surface
            return try session.encoder.encode(surface)
        }
    }

    /// A deterministic 600×400 background: a diagonal gradient with soft discs.
    static func backgroundImage(in folder: URL) throws -> URL {
        let surface = try CairoSurface(width: 600, height: 400)
        surface.withMutablePixels { data, stride in
            for y in 0..<400 {
                for x in 0..<600 {
                    let t = Double(x + y) / 1000
                    var r = 20 + 60 * t
                    var g = 60 + 90 * t
                    var b = 120 + 100 * (1 - t)
                    for (cx, cy, radius) in [(150.0, 120.0, 90.0), (470.0, 300.0, 120.0)] {
                        let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
                        if d < radius {
                            let k = 1 - d / radius
                            r += 80 * k
                            g += 40 * k
                            b += 20 * k
                        }
                    }
                    let pixel = 0xFF00_0000 | UInt32(min(255, r)) << 16 | UInt32(min(255, g)) << 8 | UInt32(min(255, b))
                    UnsafeMutableRawPointer(data + y * stride).storeBytes(
                        of: pixel, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        let url = folder.appendingPathComponent("bg.png")
        try PNGEncoder.fast.encode(surface).write(to: url)
        return url
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
