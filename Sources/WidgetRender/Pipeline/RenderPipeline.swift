import Foundation
import WidgetAssets
import WidgetCore
import WidgetData
import WidgetLayout
import WidgetRendering
import Widgets

/// The result of a run: the manifest written, the files and the notes for the user.
public struct RenderResult: Sendable {
    public var manifest: Manifest
    /// Absolute URLs of the PNGs written, in order.
    public var files: [URL]
    /// Things the user should know (skipped families, missing background).
    public var notes: [String]
    /// Skipped records and failed fetches, one line each, for stderr.
    public var warnings: [String]
}

/// Runs a ``RenderRequest``: asks each widget's provider for entries, lays out and
/// draws each family × entry, writes the PNGs atomically and then `manifest.json`.
///
/// ```swift
/// let session = try RenderSession()
/// let result = try await RenderPipeline(session: session).run(request) { print($0) }
/// ```
public struct RenderPipeline {
    public let session: RenderSession

    public init(session: RenderSession) {
        self.session = session
    }

    /// Renders the request.
    ///
    /// - Parameter progress: called with one line per widget and family, for stderr.
    /// - Throws: ``PipelineError`` with the exit code for the command.
    public func run(_ request: RenderRequest, progress: (String) -> Void = { _ in }) async throws(PipelineError)
        -> RenderResult
    {
        let widgets = try select(request)
        var notes: [String] = []
        let parameters = try resolveParameters(request.parameters, for: widgets, notes: &notes)
        let background = try backgroundImage(request, notes: &notes)

        let diagnostics = Diagnostics()
        var warnings: [String] = []
        var seenWarnings: Set<String> = []
        var widgetRecords: [Manifest.WidgetRecord] = []
        var images: [Manifest.ImageRecord] = []
        // Everything is drawn before anything is written, so a data error in the last widget
        // leaves the output folder as it was.
        var pending: [(relative: String, png: Data)] = []
        for widget in widgets {
            let params = parameters[widget.kind] ?? WidgetParameters()
            var record = Manifest.WidgetRecord(
                kind: widget.kind, displayName: widget.displayName, description: widget.description,
                families: widget.supportedFamilies.map(\.shortName),
                parameters: params.values.mapValues(\.description), reloadPolicy: nil, nextReload: nil,
                entryShownAtNow: nil, entryDateShownAtNow: nil, entryCount: 0, skipped: [])
            for family in request.families ?? widget.supportedFamilies {
                guard widget.supports(family) else {
                    let reason =
                        "\(widget.kind) does not support \(family.shortName) (supports: \(widget.supportedFamilies.map(\.shortName).joined(separator: ", ")))"
                    record.skipped.append(.init(family: family.shortName, reason: reason))
                    notes.append("note: skipped \(family.shortName) for \(widget.kind): \(reason)")
                    continue
                }
                let metrics: WidgetMetrics
                do {
                    metrics = try WidgetMetrics(family: family, device: request.device, scale: request.scale)
                } catch .familyUnavailable {
                    let reason = "\(request.device.id) has no \(family.shortName) widget"
                    record.skipped.append(.init(family: family.shortName, reason: reason))
                    notes.append("note: skipped \(family.shortName) for \(widget.kind): \(reason)")
                    continue
                } catch {
                    throw .usage(error.description)
                }
                let context = providerContext(
                    request, family: family, size: metrics.size, parameters: params, diagnostics: diagnostics)
                let entries = try await self.entries(of: widget, mode: request.mode, context: context, record: &record)
                let drained = diagnostics.drain()
                for warning in drained where seenWarnings.insert(warning).inserted { warnings.append(warning) }
                if request.strict, let stale = entries.first(where: { $0.dataSummary?.stale == true }) {
                    // The fetcher's reason, without the "drawing the … instead" of a non-strict run.
                    let reason =
                        drained.last.map(Self.withoutFallbackClause)
                        ?? "drawn from \(stale.dataSummary?.source ?? "a fallback")"
                    throw .unavailable("\(reason) (--strict: nothing was written)")
                }
                let shown = record.entryShownAtNow
                let viewContext = ViewContext(
                    family: family, displaySize: metrics.size, colorScheme: request.colorScheme, locale: request.locale,
                    timeZone: request.timeZone, isPlaceholder: request.mode == .placeholder,
                    backgroundImagePath: background)
                for (index, entry) in entries.enumerated() {
                    let view = entry.view(in: viewContext)
                    let png = try renderPNG(view, metrics: metrics, request: request)
                    let name: String
                    switch request.mode {
                    case .timeline: name = "\(index)-\(Self.stamp(entry.date)).png"
                    case .placeholder: name = "placeholder.png"
                    case .snapshot: name = "snapshot.png"
                    }
                    let relative = "\(widget.kind)/\(family.shortName)/\(name)"
                    pending.append((relative, png))
                    images.append(
                        Manifest.ImageRecord(
                            kind: widget.kind, family: family.shortName, device: metrics.deviceID, scale: metrics.scale,
                            sizePoints: .init(width: metrics.size.width, height: metrics.size.height),
                            sizePixels: .init(width: Double(metrics.pixelWidth), height: Double(metrics.pixelHeight)),
                            colorScheme: request.colorScheme.rawValue, locale: request.locale.rawValue,
                            entryIndex: request.mode == .timeline ? index : nil, entryDate: entry.date,
                            relevance: entry.relevance.map { .init(score: $0.score, duration: $0.duration) },
                            shownAtNow: request.mode == .timeline ? shown == index : true,
                            widgetURL: view.widgetURL?.absoluteString, file: relative, bytes: png.count,
                            sha256: SHA256.hex(png), data: entry.dataSummary))
                }
                progress("\(widget.kind) \(family.shortName): \(entries.count) PNG\(entries.count == 1 ? "" : "s")")
            }
            widgetRecords.append(record)
        }
        guard !images.isEmpty else {
            throw .usage(
                "nothing to render: "
                    + widgetRecords.flatMap(\.skipped).map(\.reason).joined(separator: "; "))
        }
        let manifest = Manifest(
            generator: "widgetrender \(WidgetRenderVersion.current)", now: request.now, mode: request.mode.rawValue,
            device: request.device.id, colorScheme: request.colorScheme.rawValue, locale: request.locale.rawValue,
            renderStack: session.renderStack, widgets: widgetRecords, images: images)
        let manifestBytes: Data
        do {
            manifestBytes = try manifest.encoded()
        } catch {
            throw .software("cannot encode the manifest: \(error)")
        }
        try OutputFolder.prepare(request.outputDirectory)
        var files: [URL] = []
        for (relative, png) in pending {
            let url = request.outputDirectory.appendingPathComponent(relative)
            try AtomicFile.write(png, to: url)
            files.append(url)
        }
        let removed = OutputFolder.removeStalePNGs(in: request.outputDirectory, keeping: pending.map(\.relative))
        if removed > 0 {
            notes.append(
                "note: removed \(removed) PNG\(removed == 1 ? "" : "s") of an earlier run from the folders rendered now"
            )
        }
        try AtomicFile.write(manifestBytes, to: request.outputDirectory.appendingPathComponent("manifest.json"))
        return RenderResult(manifest: manifest, files: files, notes: notes, warnings: warnings)
    }

    /// What a provider is told: family, size, preview flag, parameters, now, and the data source with its fetcher.
    func providerContext(
        _ request: RenderRequest, family: WidgetFamily, size: Size, parameters: WidgetParameters,
        diagnostics: Diagnostics
    ) -> TimelineProviderContext {
        TimelineProviderContext(
            family: family, displaySize: size, isPreview: request.mode == .snapshot, parameters: parameters,
            now: request.now, dataSource: request.dataSource, dataFormat: request.dataFormat,
            dataColumn: request.dataColumn, fetcher: CachingDataFetcher(fetcher: request.fetcher),
            diagnostics: diagnostics)
    }

    /// Renders one view to PNG bytes.
    public func renderPNG(_ view: ViewNode, metrics: WidgetMetrics, request: RenderRequest) throws(PipelineError)
        -> Data
    {
        do {
            let surface = try session.renderer.render(
                view, metrics: metrics, colorScheme: request.colorScheme, locale: request.locale,
                isPlaceholder: request.mode == .placeholder)
            return try session.encoder.encode(surface)
        } catch .image(let path, let reason) {
            throw .badData("\(path): \(reason)")
        } catch {
            throw .software(error.description)
        }
    }

    // MARK: - Steps

    func select(_ request: RenderRequest) throws(PipelineError) -> [AnyWidget] {
        let bundle = session.bundle
        var widgets: [AnyWidget] = []
        for kind in request.kinds {
            guard let widget = bundle.widget(kind: kind) else {
                throw .usage("unknown widget '\(kind)'; known: \(bundle.widgets.map(\.kind).joined(separator: ", "))")
            }
            if !widgets.contains(where: { $0.kind == kind }) { widgets.append(widget) }
        }
        if widgets.isEmpty { widgets = bundle.widgets }
        if request.dataSource != nil && widgets.count != 1 {
            throw .usage(
                "--data applies to one widget; add --widget KIND (one of: \(bundle.widgets.map(\.kind).joined(separator: ", ")))"
            )
        }
        return widgets
    }

    /// Each widget gets the pairs it declares; a key no selected widget declares is an error.
    func resolveParameters(_ raw: [String: String], for widgets: [AnyWidget], notes: inout [String])
        throws(PipelineError) -> [String: WidgetParameters]
    {
        let declared = Set(widgets.flatMap { $0.parameters.map(\.key) })
        for key in raw.keys.sorted() where !declared.contains(key) {
            let known = widgets.flatMap { widget in widget.parameters.map { "\($0.key) (\(widget.kind))" } }
            let takers = session.bundle.widgets.filter { $0.parameters.contains { $0.key == key } }.map(\.kind)
            throw .usage(
                "unknown parameter '\(key)' for \(widgets.map(\.kind).joined(separator: ", ")); "
                    + (takers.isEmpty ? "" : "it belongs to \(takers.joined(separator: ", ")); ")
                    + (known.isEmpty
                        ? "the selected widgets take no parameters" : "parameters: \(known.joined(separator: ", "))"))
        }
        // A key some selected widgets declare applies to those; say so for the others.
        for key in raw.keys.sorted() {
            let ignoring = widgets.filter { widget in !widget.parameters.contains { $0.key == key } }
            if !ignoring.isEmpty {
                notes.append(
                    "note: \(key) does not apply to \(ignoring.map(\.kind).joined(separator: ", ")) (no such parameter)"
                )
            }
        }
        var result: [String: WidgetParameters] = [:]
        for widget in widgets {
            let mine = raw.filter { pair in widget.parameters.contains { $0.key == pair.key } }
            do {
                result[widget.kind] = try WidgetParameters.resolve(mine, against: widget.parameters)
            } catch {
                throw .usage("\(widget.kind): \(error.description)")
            }
        }
        return result
    }

    /// `"x.json: timed out; drawing the built-in sample instead"` → `"x.json: timed out"`.
    static func withoutFallbackClause(_ warning: String) -> String {
        for clause in ["; drawing the built-in sample instead", "; drawing the cached copy"] {
            if let range = warning.range(of: clause) { return String(warning[..<range.lowerBound]) }
        }
        return warning
    }

    func backgroundImage(_ request: RenderRequest, notes: inout [String]) throws(PipelineError) -> String? {
        guard let folder = request.sharedContainer else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw .missingInput("\(folder.path): shared container folder does not exist")
        }
        let image = folder.appendingPathComponent("bg.png")
        guard FileManager.default.fileExists(atPath: image.path) else {
            notes.append("note: no bg.png in \(folder.path); widgets draw their own background")
            return nil
        }
        do {
            _ = try session.renderer.image(at: image.path)
        } catch {
            throw .badData(error.description)
        }
        return image.path
    }

    func entries(
        of widget: AnyWidget, mode: RenderRequest.Mode, context: TimelineProviderContext,
        record: inout Manifest.WidgetRecord
    ) async throws(PipelineError) -> [AnyTimelineEntry] {
        do {
            switch mode {
            case .placeholder:
                return [widget.placeholder(in: context)]
            case .snapshot:
                return [try await widget.snapshot(in: context)]
            case .timeline:
                let timeline = try await widget.timeline(in: context)
                guard !timeline.entries.isEmpty else {
                    throw PipelineError.badData("\(widget.kind): the provider returned an empty timeline")
                }
                record.reloadPolicy = timeline.policy.name
                record.nextReload = timeline.nextReloadDate
                record.entryShownAtNow = timeline.entryIndex(at: context.now)
                record.entryDateShownAtNow = timeline.entry(at: context.now)?.date
                record.entryCount = timeline.entries.count
                return timeline.entries
            }
        } catch let error as PipelineError {
            throw error
        } catch let error as DataError {
            switch error {
            case .unreadable(_, let reason) where reason.hasPrefix("file is "):
                throw .badData(error.description)  // over the size limit
            case .unreadable(_, let reason) where reason.hasPrefix("no path") || reason.hasSuffix("has no path"):
                throw .usage(error.description)
            case .unreadable:
                // Missing, a folder, or not readable: the input cannot be opened (EX_NOINPUT).
                throw .missingInput(error.description)
            case .unsupported: throw .usage(error.description)
            case .unavailable: throw .unavailable(error.description)
            default: throw .badData(error.description)
            }
        } catch let error as WidgetConfigurationError {
            throw .usage("\(widget.kind): \(error.message)")
        } catch let error as WidgetAssets.MissingAsset {
            throw .unavailable(error.description)
        } catch {
            throw .badData("\(widget.kind): \(error)")
        }
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC, for file names.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0,
            c.second ?? 0)
    }
}

/// The package version, printed by `--version` and recorded in manifests.
public enum WidgetRenderVersion {
    public static var current: String { "0.1.0" }
}
