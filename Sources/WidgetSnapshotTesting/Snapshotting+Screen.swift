import Foundation
import SnapshotTesting
import WidgetDrawing
import WidgetRender

extension Snapshotting where Value: WidgetBundle, Format == WidgetImage {
    /// Several of a bundle's widgets composed into one e-ink or kiosk screen, as the panel shows
    /// it: the `screen` command's image, its greys or inks drawn as pixels.
    ///
    /// ```swift
    /// await assertSnapshot(
    ///     of: MyWidgets(),
    ///     as: .screen("weather:halfVertical,calendar:halfVertical", device: try .named("trmnl-og"), at: date))
    /// ```
    ///
    /// - Parameters:
    ///   - layout: the widgets and their slots, as `screen --layout` takes them.
    ///   - device: a screen of ``DeviceProfile/screens``.
    ///   - date: the time the providers are asked.
    ///   - shownAt: the time the screen shows; the same time by default.
    ///   - encoder: the panel's image; `nil` for the device's own (``ScreenPanel/encoder``).
    ///   - colorScheme: light (black on white) or dark.
    ///   - locale: the language.
    ///   - timeZone: for dates; UTC by default.
    ///   - providerValues: values for the providers.
    ///   - channelTolerance: how far a channel may differ (0…255).
    ///   - maxDifferingShare: the share of pixels that may differ (0…1).
    /// - Returns: the strategy.
    public static func screen(
        _ layout: String, device: DeviceProfile, at date: Date, shownAt: Date? = nil,
        encoder: (any ImageEncoder)? = nil, colorScheme: ColorScheme = .light,
        locale: Locale = Locale(identifier: "en"), timeZone: TimeZone = .utc,
        providerValues: ProviderValues = ProviderValues(), channelTolerance: Int = 8,
        maxDifferingShare: Double = 0.0005
    ) -> Snapshotting {
        var request = RenderRequest(kind: "", family: .dashboardFull, askedAt: date)
        request.shownAt = shownAt
        request.device = device
        request.colorScheme = colorScheme
        request.locale = locale
        request.timeZone = timeZone
        request.providerValues = providerValues
        request.appGroups = AppGroupContainers().withEmptyDefault()
        let screenRequest = request
        return Snapshotting(
            pathExtension: "png",
            diffing: .widgetImage(channelTolerance: channelTolerance, maxDifferingShare: maxDifferingShare),
            asyncSnapshot: { (value: Value) -> Async<WidgetImage> in
                let engine: RenderEngine
                do {
                    engine = try SnapshotRendering.bundleEngines.engine(value)
                } catch {
                    return Async(value: WidgetImage(surface: nil, failure: "\(error)", renderStack: ""))
                }
                let chosen = encoder ?? device.panel?.encoder ?? PNGImageEncoder()
                return Async { callback in
                    let deliver = Callback(callback)
                    Task(executorPreference: ProviderThread.shared) {
                        deliver.call(
                            await SnapshotRendering.screen(
                                engine, layout: layout, request: screenRequest, encoder: chosen))
                    }
                }
            })
    }
}

extension SnapshotRendering {
    /// Engines for bundles, by the bundle's type: its widgets and fonts load once a process.
    final class BundleEngines: @unchecked Sendable {
        private let lock = NSLock()
        private var engines: [String: RenderEngine] = [:]

        func engine(_ bundle: some WidgetBundle) throws(WidgetRenderError) -> RenderEngine {
            let key = String(reflecting: type(of: bundle))
            lock.lock()
            defer { lock.unlock() }
            if let engine = engines[key] { return engine }
            let engine = try RenderEngine(bundle: bundle)
            engines[key] = engine
            return engine
        }
    }

    static let bundleEngines = BundleEngines()

    /// Composes a screen and shows what its panel shows; a failure becomes an image that says why.
    static func screen(
        _ engine: RenderEngine, layout text: String, request: RenderRequest, encoder: any ImageEncoder
    ) async -> WidgetImage {
        do {
            let layout = try ScreenLayout(parsing: text)
            let (_, surface, _) = try await engine.renderScreen(layout, on: request, as: encoder, keepSurface: true)
            guard let surface else { return WidgetImage(surface: nil, failure: "no screen was drawn", renderStack: "") }
            let shown = try (encoder as? any PanelPreviewing)?.preview(of: surface) ?? surface
            // Through a PNG and back, as the widget strategies compare what a file holds.
            let png = try PNGEncoder.small.encode(shown)
            return WidgetImage(surface: try PNGImage.read(data: png), failure: nil, renderStack: engine.renderStack)
        } catch {
            return WidgetImage(surface: nil, failure: "\(error)", renderStack: "")
        }
    }
}
