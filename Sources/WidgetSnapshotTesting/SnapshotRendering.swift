import Foundation
import WidgetRender
import WidgetDrawing

/// Renders views and widgets for the snapshot strategies exactly as the pipeline does: drawn,
/// encoded to PNG and decoded again.
enum SnapshotRendering {
    /// Render sessions (fonts and caches) lent to one render at a time, so tests can render in
    /// parallel without sharing a renderer; one set per list of the widgets' own font files.
    /// A cache, not test state: it holds no results.
    final class SessionPool: @unchecked Sendable {
        private let lock = NSLock()
        private var idle: [[URL]: [RenderSession]] = [:]

        func with<T>(fonts: [URL] = [], _ body: (RenderSession) throws -> T) throws -> T {
            let key = Set(fonts).sorted { $0.path < $1.path }
            let session =
                try lock.withLock { idle[key]?.popLast() } ?? RenderSession(widgets: [], fontFiles: key)
            defer { lock.withLock { idle[key, default: []].append(session) } }
            return try body(session)
        }
    }

    static let pool = SessionPool()

    /// Draws a view for a family; a failure becomes an image that says why.
    static func image(
        _ view: ViewNode, metrics: WidgetMetrics, context: ViewContext, contentMarginsDisabled: Bool,
        fonts: [URL] = []
    ) -> WidgetImage {
        do {
            return try pool.with(fonts: fonts) { session in
                let (surface, _) = try session.renderer.render(
                    view, metrics: metrics, context: context, contentMarginsDisabled: contentMarginsDisabled)
                let png = try session.encoder.encode(surface)
                session.renderer.recycle(surface)
                let decoded = try PNGImage.read(data: png)
                return WidgetImage(surface: decoded, failure: nil, renderStack: session.renderStack)
            }
        } catch {
            return WidgetImage(surface: nil, failure: "\(error)", renderStack: "")
        }
    }

    /// Where a widget is drawn, or why it cannot be.
    struct Setup: Sendable {
        var family: WidgetFamily
        var device: DeviceProfile
        var scale: Int?
        var colorScheme: ColorScheme
        var locale: Locale
        var timeZone: TimeZone
        var appGroups: AppGroupContainers
        var renderingMode: WidgetRenderingMode?

        func metrics() throws -> WidgetMetrics {
            try WidgetMetrics(family: family, device: device, scale: scale)
        }

        func viewContext(_ metrics: WidgetMetrics, date: Date, isPlaceholder: Bool) -> ViewContext {
            ViewContext(
                family: family, displaySize: metrics.size, colorScheme: colorScheme, locale: locale,
                timeZone: timeZone, isPlaceholder: isPlaceholder, date: date, appGroups: appGroups,
                renderingMode: renderingMode)
        }
    }

    /// Asks a widget's provider as WidgetKit would and draws the entry on screen.
    static func widget(
        _ widget: AnyWidget, setup: Setup, askedAt: Date, shownAt: Date, entry selection: WidgetSnapshotEntry,
        parameters: [String: String], values: ProviderValues, providerTimeout: TimeInterval
    ) async -> WidgetImage {
        do {
            let metrics = try setup.metrics()
            guard widget.supports(setup.family) else {
                throw ProviderError(
                    .invalidConfiguration,
                    "\(widget.kind) does not support \(setup.family.shortName) (supports: \(widget.supportedFamilies.map(\.shortName).joined(separator: ", ")))"
                )
            }
            let resolved = try WidgetParameters.resolve(parameters, against: widget.parameters)
            @Sendable func context(_ now: Date) -> TimelineProviderContext {
                TimelineProviderContext(
                    family: setup.family, displaySize: metrics.size, isPreview: selection == .snapshot,
                    parameters: resolved, now: now, appGroups: setup.appGroups, values: values)
            }
            let shown: AnyTimelineEntry
            var isPlaceholder = false
            switch selection {
            case .placeholder:
                shown = widget.placeholder(in: context(askedAt))
                isPlaceholder = true
            case .snapshot:
                shown = try await ask(setup, providerTimeout) { try await widget.snapshot(in: context(askedAt)) }
            case .timeline:
                // WidgetKit's time model up to the time shown, reloads included.
                let simulation = try await TimelineSimulation.run(
                    from: askedAt, to: max(shownAt, askedAt).addingTimeInterval(1), maximumScreens: 100_000
                ) { now in
                    try await ask(setup, providerTimeout) { try await widget.timeline(in: context(now)) }
                }
                guard let screen = simulation.screens.last(where: { $0.time <= shownAt }), let index = screen.entry
                else {
                    throw ProviderError(
                        .invalidConfiguration, "\(widget.kind): no timeline entry is on screen at \(shownAt)")
                }
                shown = simulation.requests[screen.request].timeline.entries[index]
            }
            return image(
                shown.view, metrics: metrics,
                context: setup.viewContext(metrics, date: shownAt, isPlaceholder: isPlaceholder),
                contentMarginsDisabled: widget.contentMarginsDisabled, fonts: widget.fontFiles)
        } catch is Deadline.Expired {
            return WidgetImage(
                surface: nil,
                failure:
                    "\(widget.kind): the provider did not return its entries within \(DateParsing.format(duration: providerTimeout)) (a completion handler never called?); .widget(providerTimeout:) sets the limit",
                renderStack: "")
        } catch {
            return WidgetImage(surface: nil, failure: "\(widget.kind): \(error)", renderStack: "")
        }
    }

    private static func ask<Value: Sendable>(
        _ setup: Setup, _ timeout: TimeInterval, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await AppGroupContainers.$current.withValue(setup.appGroups) {
            try await Deadline.run(seconds: timeout, work)
        }
    }
}
