import Foundation
import WidgetCore
import WidgetDates
import WidgetDrawing
import WidgetLayout

/// Writes a screen's images into an output folder: one at a time, or one per change of what is
/// on it over a span, under `screen/<device>/`, with a `manifest.json` beside them. The folder
/// transaction's guarantees hold: a failed run writes nothing, and the manifest names only
/// files with the bytes it gives.
///
/// ```swift
/// let output = ScreenOutput(engine: engine)
/// let result = try await output.run(layout, on: request, to: nil, as: GreyPNGEncoder(bitDepth: 1),
///                                   into: URL(fileURLWithPath: "Output"))
/// ```
public struct ScreenOutput: Sendable {
    /// The engine that renders each screen.
    public let engine: RenderEngine
    /// The most images one run writes (a span whose screen changes more often is refused).
    public static var maximumImages: Int { 1_000 }

    /// An output for the engine.
    public init(engine: RenderEngine) {
        self.engine = engine
    }

    /// The manifest of a screen's folder.
    public struct Manifest: Codable, Sendable, Equatable {
        /// One slot of the layout.
        public struct Slot: Codable, Sendable, Equatable {
            /// The widget's kind.
            public var kind: String
            /// The slot's dashboard family (its short name).
            public var family: String
            /// The widget's parameters.
            public var parameters: [String: String]
            /// The slot in pixels.
            public var frame: Frame
        }

        /// A rectangle in pixels.
        public struct Frame: Codable, Sendable, Equatable {
            /// Left edge.
            public var x: Int
            /// Top edge.
            public var y: Int
            /// Width.
            public var width: Int
            /// Height.
            public var height: Int
        }

        /// One widget on one image: which entry it shows.
        public struct WidgetShown: Codable, Sendable, Equatable {
            /// The widget's kind.
            public var kind: String
            /// The date of the entry it shows.
            public var entryDate: Date?
            /// Why that entry: `entry`, `beforeFirstEntry`, …
            public var onScreen: String
        }

        /// The images as one animated PNG: each shown for its time on screen divided by the speed.
        public struct Animation: Codable, Sendable, Equatable {
            /// The file, relative to the manifest.
            public var file: String
            /// Its size in bytes.
            public var bytes: Int
            /// Its SHA-256, in hex.
            public var sha256: String
            /// The widget time one second of the animation plays, in seconds.
            public var speed: Double
            /// Each frame's delay, in milliseconds, in the images' order.
            public var delays: [Int]
        }

        /// One image.
        public struct Image: Codable, Sendable, Equatable {
            /// The image's place in the sequence, from 0.
            public var index: Int
            /// The file, relative to the manifest.
            public var file: String
            /// The time it shows.
            public var shownAt: Date
            /// When what is on it next changes (the next image's time), if it does.
            public var until: Date?
            /// The file's size in bytes.
            public var bytes: Int
            /// The file's SHA-256, in hex.
            public var sha256: String
            /// The box of pixels that differ from the previous image (for a panel's partial
            /// refresh), in the file's pixels as written (turned, dithered); absent on the first
            /// image. A change that draws the same pixels writes no image.
            public var changedRegion: ChangedRegion?
            /// Each slot's widget, in the layout's order.
            public var widgets: [WidgetShown]

            enum CodingKeys: String, CodingKey {
                case index, file, shownAt, until, bytes, sha256, changedRegion, widgets
            }

            /// Encodes the image, leaving `changedRegion` out on the first image.
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(index, forKey: .index)
                try container.encode(file, forKey: .file)
                try container.encode(shownAt, forKey: .shownAt)
                try container.encodeIfPresent(until, forKey: .until)
                try container.encode(bytes, forKey: .bytes)
                try container.encode(sha256, forKey: .sha256)
                try container.encodeIfPresent(changedRegion, forKey: .changedRegion)
                try container.encode(widgets, forKey: .widgets)
            }
        }

        /// `widgetrender` and its version.
        public var generator: String
        /// The screen's identifier.
        public var device: String
        /// The layout, as `--layout` takes it.
        public var layout: String
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// The image format's name.
        public var format: String
        /// The first time shown.
        public var from: Date
        /// The end of the span, when one was given.
        public var to: Date?
        /// The slots.
        public var slots: [Slot]
        /// The animated PNG of the images, when one was asked for.
        public var animation: Animation?
        /// The images, in order.
        public var images: [Image]
        /// The widgets' warnings.
        public var warnings: [String]
    }

    /// What a run wrote.
    public struct Result: Sendable {
        /// The manifest written.
        public var manifest: Manifest
        /// The folder the images are in: `<out>/screen/<device>`.
        public var folder: URL
        /// The image files, in order.
        public var files: [URL]
        /// The widgets' warnings, once each.
        public var warnings: [String]
    }

    /// Renders the screen at the request's time (``RenderRequest/timeShown``), or, with `to`, at
    /// that time and at every change of what is on it until `to`, and writes the images.
    ///
    /// - Parameters:
    ///   - layout: the widgets and their slots.
    ///   - request: the device, the time asked, the first time shown, the look.
    ///   - to: the end of the span (not included), or `nil` for one image.
    ///   - encoder: the image format.
    ///   - maxBytes: the largest an image may be; one over it fails the run with the sizes of
    ///     the encoder's smaller forms.
    ///   - folder: the output folder; the images go to `screen/<device>/` in it.
    ///   - animation: with a span, also write the images as one animated PNG, `screen.apng`,
    ///     each frame shown for its time on screen (the last until `to`) as the timing scales it;
    ///     the encoder must write PNG.
    /// - Returns: the manifest and files.
    /// - Throws: ``WidgetRenderError``; nothing is written then.
    public func run(
        _ layout: ScreenLayout, on request: RenderRequest, to: Date?, as encoder: any ImageEncoder,
        maxBytes: Int? = nil, into folder: URL, animation: AnimatedPNG.Timing? = nil
    ) async throws(WidgetRenderError) -> Result {
        if animation != nil {
            guard to != nil else { throw .invalidRequest("an animation needs a span: give its end") }
            guard encoder.format == .png else {
                throw .invalidRequest("an animated PNG is made of PNG frames, not \(encoder.format.name)")
            }
        }
        let from = request.timeShown
        if let to, to <= from {
            throw .invalidRequest("the span ends (\(DateText.iso8601(to) ?? "?")) before it starts")
        }
        let relative = "screen/\(request.device.id)"
        var shots: [(screen: RenderedScreen, data: Data)] = []
        var regions: [ChangedRegion?] = []
        var previous: PixelFrame?
        let buffers = to != nil ? PixelFrame.Buffers() : nil
        var shownAt = from
        var renders = 0
        while true {
            var frameRequest = request
            frameRequest.shownAt = shownAt
            let (screen, _, pixels) = try await engine.renderScreen(
                layout, on: frameRequest, as: encoder, keepPixels: buffers)
            guard let image = screen.image else { throw .internalError("the screen was not encoded") }
            let name = "\(shots.count)-\(DateText.stamp(shownAt)).\(image.format.fileExtension)"
            if let maxBytes, image.data.count > maxBytes {
                throw await overBudget(
                    layout, on: frameRequest, encoder: encoder, bytes: image.data.count, maxBytes: maxBytes,
                    file: "\(relative)/\(name)")
            }
            // A change of entry or a reload that draws the same pixels is no new image: the one
            // before stays on screen longer.
            let region = previous.flatMap { before in pixels?.changedRegion(from: before) }
            if previous == nil || region != nil {
                if let previous { buffers?.give(previous) }
                previous = pixels
                regions.append(region)
                shots.append((screen, image.data))
            } else if let pixels {
                buffers?.give(pixels)
            }
            renders += 1
            guard let to, let next = screen.nextChange?.date, next < to, next > shownAt else { break }
            guard shots.count < Self.maximumImages, renders < Self.maximumImages * 10 else {
                throw .invalidRequest(
                    "what is on the screen changes more than \(Self.maximumImages) times before \(DateText.iso8601(to) ?? "the end"); shorten the span"
                )
            }
            shownAt = next
        }
        let transaction = try OutputTransaction(folder: folder.appendingPathComponent(relative, isDirectory: true))
        var images: [Manifest.Image] = []
        var files: [URL] = []
        do throws(WidgetRenderError) {
            for (index, shot) in shots.enumerated() {
                let name = "\(index)-\(DateText.stamp(shot.screen.shownAt)).\(encoder.format.fileExtension)"
                try transaction.stage(shot.data, as: name)
                guard let digest = SHA256.hex(shot.data) else { throw .internalError("cannot hash \(name)") }
                let until = index + 1 < shots.count ? shots[index + 1].screen.shownAt : nil
                images.append(
                    Manifest.Image(
                        index: index, file: name, shownAt: shot.screen.shownAt, until: until, bytes: shot.data.count,
                        sha256: digest, changedRegion: regions[index],
                        widgets: shot.screen.widgets.map {
                            Manifest.WidgetShown(
                                kind: $0.kind ?? "", entryDate: $0.onScreen.entryDate,
                                onScreen: $0.onScreen.reason.rawValue)
                        }))
                files.append(folder.appendingPathComponent(relative).appendingPathComponent(name))
            }
            var animated: Manifest.Animation?
            if let animation, let to {
                let delays = shots.indices.map { index in
                    let until = index + 1 < shots.count ? shots[index + 1].screen.shownAt : to
                    return animation.delay(forScreenTime: until.timeIntervalSince(shots[index].screen.shownAt))
                }
                let pngs = try AnimatedPNG.sharingOneHeader(shots.map(\.data))
                let data = try AnimatedPNG.assemble(
                    zip(pngs, delays).map { AnimatedPNG.Frame(png: $0, delay: $1) })
                let name = "screen.apng"
                try transaction.stage(data, as: name)
                guard let digest = SHA256.hex(data) else { throw .internalError("cannot hash \(name)") }
                animated = Manifest.Animation(
                    file: name, bytes: data.count, sha256: digest, speed: animation.speed,
                    delays: delays.map {
                        Int($0.components.seconds * 1_000 + $0.components.attoseconds / 1_000_000_000_000_000)
                    })
                files.append(folder.appendingPathComponent(relative).appendingPathComponent(name))
            }
            var warnings: [String] = []
            for shot in shots {
                for warning in shot.screen.warnings where !warnings.contains(warning.description) {
                    warnings.append(warning.description)
                }
            }
            let first = shots[0].screen
            let manifest = Manifest(
                generator: "widgetrender \(WidgetRenderVersion.current)", device: request.device.id,
                layout: layout.description, width: first.width, height: first.height, format: encoder.format.name,
                from: from, to: to,
                slots: zip(layout.slots, first.frames).map { slot, frame in
                    Manifest.Slot(
                        kind: slot.kind, family: slot.family.shortName, parameters: slot.parameters,
                        frame: Manifest.Frame(
                            x: Int(frame.minX), y: Int(frame.minY), width: Int(frame.width), height: Int(frame.height)))
                }, animation: animated, images: images, warnings: warnings)
            let json = JSONEncoder()
            json.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            json.dateEncodingStrategy = .iso8601
            let data: Data
            do {
                data = try json.encode(manifest)
            } catch {
                throw .internalError("cannot encode the screen's manifest: \(error)")
            }
            try transaction.stage(data + Data("\n".utf8), as: OutputTransaction.manifestName)
            try transaction.commit(manifest: nil)
            return Result(
                manifest: manifest, folder: folder.appendingPathComponent(relative, isDirectory: true), files: files,
                warnings: warnings)
        } catch {
            transaction.abort()
            throw error
        }
    }

    /// The error for an image over the byte budget: its size, and the sizes of the same screen
    /// in the encoder's smaller forms.
    private func overBudget(
        _ layout: ScreenLayout, on request: RenderRequest, encoder: any ImageEncoder, bytes: Int, maxBytes: Int,
        file: String
    ) async -> WidgetRenderError {
        func grouped(_ n: Int) -> String { n.formatted(.number.locale(Locale(identifier: "en_US"))) }
        var smaller: [String] = []
        for (label, form) in (encoder as? any ImageBudgetAdvice)?.smallerForms ?? [] {
            guard let size = try? await engine.render(layout, on: request, as: form).image?.data.count else { continue }
            smaller.append("\(label): \(grouped(size)) bytes\(size <= maxBytes ? " (fits)" : "")")
        }
        return .cannotCreate(
            path: file,
            reason: "the image is \(grouped(bytes)) bytes, over the budget of \(grouped(maxBytes)) bytes"
                + (smaller.isEmpty ? "" : "; the same image in smaller forms: " + smaller.joined(separator: "; ")))
    }
}
