import Foundation
import Hummingbird
import WidgetCore
import WidgetRender

/// The images `serve` drew, by everything that decides their pixels, within a memory bound: a
/// request for an image drawn before (most of all a conditional one, answered 304) is answered
/// without drawing, and requests for one image not yet drawn share one drawing.
///
/// A key holds the time shown to the second and the kind's reload count, so an image is never
/// served for another time or after `WidgetCenter` reloaded its kind. Past ``limit`` bytes the
/// least recently used images are forgotten; an image being drawn is not counted until it is
/// done, and a failed drawing is not kept.
final class ImageCache: Sendable {
    /// Everything that decides an image's bytes.
    struct Key: Hashable, Sendable {
        var kind: String
        var family: WidgetFamily
        var device: String
        var scale: Int?
        var dark: Bool
        var locale: String
        var timeZone: String
        var mode: String
        var parameters: [String: String]
        /// The time shown, in whole seconds since 1970.
        var second: Int64
        var format: String
        /// ``RenderEngine/reloadCount(ofKind:)`` when it was drawn (for a screen, the sum over
        /// its widgets' kinds).
        var reloads: Int
        /// A screen's widgets and slots; `nil` for one widget's image.
        var layout: ScreenLayout?
        /// The encoder with its options, where a format's options vary by request (a screen's
        /// panel and dithering); empty where the format decides them.
        var encoder = ""
        /// What the device said about itself (its battery and signal), which a widget may draw.
        var status: ScreenDeviceStatus?

        init(_ request: RenderRequest, format: ImageFormat, reloads: Int) {
            kind = request.kind
            family = request.family
            device = request.device.id
            scale = request.scale
            dark = request.colorScheme == .dark
            locale = request.locale.identifier
            timeZone = request.timeZone.identifier
            mode = (request.renderingMode.map { "\($0)" } ?? "") + (request.tint.map(WidgetRenderingMode.hexName) ?? "")
            parameters = request.parameters
            second = WidgetServer.seconds(request.timeShown)
            self.format = format.name
            self.reloads = reloads
            status = request.screenDevice
        }

        /// The key of a screen: its layout, device, look, device status, time shown and encoder.
        init(screen layout: ScreenLayout, _ request: RenderRequest, encoder: any ImageEncoder, reloads: Int) {
            self.init(request, format: encoder.format, reloads: reloads)
            self.layout = layout
            self.encoder = String(describing: encoder)
        }
    }

    /// A drawn image with the headers every answer for it carries.
    struct Image: Sendable {
        /// The file's bytes.
        var body: ByteBuffer
        /// `ETag`, `Vary`, `Cache-Control`, `Last-Modified`.
        var headers: HTTPFields
        /// The `ETag`, quoted.
        var tag: String
        /// The media type.
        var mediaType: String
        /// Seconds until what it shows next changes, as its `Cache-Control: max-age` says.
        var maxAge = 0

        /// What it takes in memory, roughly.
        var cost: Int { body.readableBytes + 512 }
    }

    /// Why an image could not be drawn: the answer's status and message.
    struct Failure: Error, Sendable {
        var status: HTTPResponse.Status
        var message: String
        var retryAfter: Int?
    }

    private enum Slot {
        case drawing(Task<Result<Image, Failure>, Never>)
        case ready(Image, lastUse: UInt64)
    }

    private struct State {
        var slots: [Key: Slot] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes of images kept.
    let limit: Int
    private let state = LockedValue(State())

    /// A cache of at most `limit` bytes of images (0 keeps none).
    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The bytes of images kept now.
    var bytes: Int { state.withLock { $0.bytes } }

    /// How many images are kept now.
    var count: Int {
        state.withLock { state in
            state.slots.values.count { if case .ready = $0 { true } else { false } }
        }
    }

    /// The image for `key`: kept, being drawn for another request (then this one waits for it),
    /// or drawn now by `draw`.
    ///
    /// - Returns: the image, and whether it was drawn before this request.
    func image(
        for key: Key, draw: @escaping @Sendable () async -> Result<Image, Failure>
    ) async -> (image: Result<Image, Failure>, kept: Bool) {
        enum Found {
            case image(Image)
            case task(Task<Result<Image, Failure>, Never>, started: Bool)
        }
        let found = state.withLock { state -> Found in
            state.clock += 1
            switch state.slots[key] {
            case .ready(let image, _):
                state.slots[key] = .ready(image, lastUse: state.clock)
                return .image(image)
            case .drawing(let task):
                return .task(task, started: false)
            case nil:
                let task = Task { await draw() }
                state.slots[key] = .drawing(task)
                return .task(task, started: true)
            }
        }
        switch found {
        case .image(let image):
            return (.success(image), true)
        case .task(let task, let started):
            let result = await task.value
            if started { finish(key, result) }
            return (result, !started)
        }
    }

    /// Keeps a drawn image (forgetting the oldest past the limit), or forgets a failed drawing.
    private func finish(_ key: Key, _ result: Result<Image, Failure>) {
        state.withLock { state in
            guard case .success(let image) = result, image.cost <= limit else {
                state.slots[key] = nil
                return
            }
            state.clock += 1
            state.slots[key] = .ready(image, lastUse: state.clock)
            state.bytes += image.cost
            guard state.bytes > limit else { return }
            // Down to nine tenths of the limit at once, so a full cache sorts once per tenth.
            let oldest = state.slots.compactMap { key, slot -> (Key, UInt64, Int)? in
                guard case .ready(let image, let lastUse) = slot else { return nil }
                return (key, lastUse, image.cost)
            }.sorted { $0.1 < $1.1 }
            for (key, _, cost) in oldest where state.bytes > limit - limit / 10 {
                state.slots[key] = nil
                state.bytes -= cost
            }
        }
    }

    /// Forgets every image.
    func removeAll() {
        state.withLock { state in
            state.slots = state.slots.filter { if case .drawing = $0.value { true } else { false } }
            state.bytes = 0
        }
    }
}
