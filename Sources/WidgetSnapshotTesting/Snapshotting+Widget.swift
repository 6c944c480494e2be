import Foundation
import SnapshotTesting
import WidgetRender

/// Which entry of a widget a snapshot shows.
public enum WidgetSnapshotEntry: Sendable, Hashable {
    /// The timeline entry on screen at the time shown, reloads included (WidgetKit's rule: the
    /// latest entry not after it).
    case timeline
    /// The provider's snapshot, asked with the preview flag set (as the widget gallery asks).
    case snapshot
    /// The provider's placeholder, drawn redacted.
    case placeholder
}

extension Snapshotting where Value: Widget, Format == WidgetImage {
    /// A widget as it looks on a device: its provider asked at `date`, the entry on screen at
    /// `shownAt` (the same time by default) drawn for that time.
    ///
    /// ```swift
    /// await assertSnapshot(of: GameStatusWidget(), as: .widget(family: .systemSmall, at: date, colorScheme: .dark))
    /// ```
    ///
    /// Providers are `async`: write `await assertSnapshot(…)` in an `async` test, so that
    /// nothing blocks a thread while the provider runs.
    ///
    /// - Parameters:
    ///   - family: the family.
    ///   - date: the time the provider is asked (its `context.now`).
    ///   - shownAt: the time the screen shows; later times follow the timeline and its reloads.
    ///   - entry: the timeline's entry (default), the snapshot or the placeholder.
    ///   - colorScheme: light or dark.
    ///   - renderingMode: full colour, accented or vibrant; `nil` for the family's default.
    ///   - tint: the accented mode's tint; `nil` for iOS's tinted blue (#0A84FF).
    ///   - device: whose sizes; the 430×932 pt iPhone by default.
    ///   - scale: pixels per point; the device's by default.
    ///   - locale: the language of the widget's text.
    ///   - timeZone: for dates on the widget; UTC by default.
    ///   - parameters: `key=value` settings, validated as `--param` is.
    ///   - appGroups: folders standing in for app group containers. A group they do not map
    ///     reads an empty folder (as before the app's first write), not the command's standard
    ///     folder in your home, so a snapshot does not depend on what is there.
    ///   - providerValues: values for the provider.
    ///   - kind: which widget, when the value's `body` declares several.
    ///   - providerTimeout: seconds the provider may take.
    ///   - channelTolerance: how far a channel may differ (0…255).
    ///   - maxDifferingShare: the share of pixels that may differ (0…1).
    /// - Returns: the strategy.
    public static func widget(
        family: WidgetFamily = .systemMedium, at date: Date, shownAt: Date? = nil,
        entry: WidgetSnapshotEntry = .timeline, colorScheme: ColorScheme = .light,
        renderingMode: WidgetRenderingMode? = nil, tint: Color.RGBA? = nil, device: DeviceProfile = .default,
        scale: Int? = nil, locale: Locale = Locale(identifier: "en"), timeZone: TimeZone = .utc,
        parameters: [String: String] = [:], appGroups: AppGroupContainers = AppGroupContainers(),
        providerValues: ProviderValues = ProviderValues(), kind: String? = nil, providerTimeout: TimeInterval = 60,
        channelTolerance: Int = 8, maxDifferingShare: Double = 0.0005
    ) -> Snapshotting {
        var request = RenderRequest(kind: kind ?? "", family: family, askedAt: date)
        request.shownAt = shownAt
        request.entry =
            switch entry {
            case .timeline: .onScreen
            case .snapshot: .snapshot
            case .placeholder: .placeholder
            }
        request.colorScheme = colorScheme
        request.renderingMode = renderingMode
        request.tint = tint
        request.device = device
        request.scale = scale
        request.locale = locale
        request.timeZone = timeZone
        request.parameters = parameters
        request.appGroups = appGroups.withEmptyDefault()
        request.providerValues = providerValues
        request.providerTimeout = providerTimeout
        let widgetRequest = request
        return Snapshotting(
            pathExtension: "png",
            diffing: .widgetImage(channelTolerance: channelTolerance, maxDifferingShare: maxDifferingShare),
            asyncSnapshot: { (value: Value) -> Async<WidgetImage> in
                let chosen: AnyWidget
                do {
                    let widgets = try value.resolvedWidgets()
                    guard let found = kind.map({ kind in widgets.first { $0.kind == kind } }) ?? widgets.first,
                        kind != nil || widgets.count == 1
                    else {
                        let message =
                            kind == nil
                            ? "\(Value.self) declares \(widgets.count) widgets; pass kind: (one of \(widgets.map(\.kind).joined(separator: ", ")))"
                            : "\(Value.self) declares no widget of kind \(kind ?? "")"
                        return Async(value: WidgetImage(surface: nil, failure: message, renderStack: ""))
                    }
                    chosen = found
                } catch {
                    return Async(value: WidgetImage(surface: nil, failure: "\(error)", renderStack: ""))
                }
                return Async { callback in
                    let deliver = Callback(callback)
                    Task(executorPreference: ProviderThread.shared) {
                        var request = widgetRequest
                        request.kind = chosen.kind
                        deliver.call(await SnapshotRendering.widget(chosen, request: request))
                    }
                }
            })
    }
}

extension Snapshotting where Value: View, Format == WidgetImage {
    /// A view drawn in a family's frame, with the widget's margins and background, as a widget's
    /// entry view would be.
    ///
    /// ```swift
    /// assertSnapshot(of: HealthBar(level: 0.4), as: .image(family: .systemSmall))
    /// ```
    ///
    /// - Parameters:
    ///   - family: the family whose size and margins frame the view.
    ///   - device: whose sizes; the 430×932 pt iPhone by default.
    ///   - scale: pixels per point; the device's by default.
    ///   - colorScheme: light or dark.
    ///   - renderingMode: full colour, accented or vibrant; `nil` for the family's default.
    ///   - tint: the accented mode's tint; `nil` for iOS's tinted blue (#0A84FF).
    ///   - locale: the language.
    ///   - timeZone: for dates; UTC by default.
    ///   - date: the time the screen shows (for relative-date text).
    ///   - isPlaceholder: draw redacted.
    ///   - appGroups: folders standing in for app group containers (an unmapped group reads
    ///     an empty folder).
    ///   - contentMarginsDisabled: lay the view out edge to edge.
    ///   - fonts: font files the view uses with `Font.custom(_:size:)`, as a widget's `.fonts(_:)`.
    ///   - channelTolerance: how far a channel may differ (0…255).
    ///   - maxDifferingShare: the share of pixels that may differ (0…1).
    /// - Returns: the strategy.
    public static func image(
        family: WidgetFamily = .systemMedium, device: DeviceProfile = .default, scale: Int? = nil,
        colorScheme: ColorScheme = .light, renderingMode: WidgetRenderingMode? = nil, tint: Color.RGBA? = nil,
        locale: Locale = Locale(identifier: "en"), timeZone: TimeZone = .utc,
        date: Date = Date(timeIntervalSince1970: 0), isPlaceholder: Bool = false,
        appGroups: AppGroupContainers = AppGroupContainers(), contentMarginsDisabled: Bool = false,
        fonts: [URL] = [], channelTolerance: Int = 8, maxDifferingShare: Double = 0.0005
    ) -> Snapshotting {
        var request = RenderRequest(kind: "", family: family, askedAt: date)
        request.entry = isPlaceholder ? .placeholder : .onScreen
        request.colorScheme = colorScheme
        request.renderingMode = renderingMode
        request.tint = tint
        request.device = device
        request.scale = scale
        request.locale = locale
        request.timeZone = timeZone
        request.appGroups = appGroups.withEmptyDefault()
        let viewRequest = request
        return Snapshotting(
            pathExtension: "png",
            diffing: .widgetImage(channelTolerance: channelTolerance, maxDifferingShare: maxDifferingShare),
            asyncSnapshot: { (value: Value) -> Async<WidgetImage> in
                let node = ViewNode(value)
                return Async { callback in
                    let deliver = Callback(callback)
                    Task(executorPreference: ProviderThread.shared) {
                        deliver.call(
                            await SnapshotRendering.image(
                                node, request: viewRequest, contentMarginsDisabled: contentMarginsDisabled,
                                fonts: fonts))
                    }
                }
            })
    }
}

/// Hands a result to swift-snapshot-testing's callback from another task.
final class Callback: @unchecked Sendable {
    private let callback: (WidgetImage) -> Void

    init(_ callback: @escaping (WidgetImage) -> Void) {
        self.callback = callback
    }

    func call(_ image: WidgetImage) { callback(image) }
}

/// Runs providers and renders on threads of their own, not the cooperative pool, so a
/// synchronous assertion waiting for them cannot starve them of threads. Concurrent: tests
/// running in parallel render in parallel, as many at once as the engine has renderers.
final class ProviderThread: TaskExecutor, @unchecked Sendable {
    static let shared = ProviderThread()
    private let queue = DispatchQueue(label: "WidgetSnapshotTesting.providers", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

extension AppGroupContainers {
    /// These containers, with an empty folder of this process's for every group they do not
    /// map (when they have no default folder).
    func withEmptyDefault() -> AppGroupContainers {
        guard defaultFolder == nil else { return self }
        var groups = self
        groups.defaultFolder = emptyGroupFolder
        return groups
    }
}

/// An empty folder, made once per process, for groups a snapshot does not map.
private let emptyGroupFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "widgetrender-snapshot-groups-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}()
