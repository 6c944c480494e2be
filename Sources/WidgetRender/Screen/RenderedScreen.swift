import Foundation
import WidgetCore
import WidgetDrawing
import WidgetLayout

/// Several widgets drawn as one e-ink or kiosk screen: what ``RenderEngine/render(_:on:as:)``
/// gives.
public struct RenderedScreen: Sendable {
    /// The screen.
    public let device: DeviceProfile
    /// The widgets and their slots.
    public let layout: ScreenLayout
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The time shown.
    public let shownAt: Date
    /// Each slot's widget, in the layout's order.
    public let widgets: [RenderedWidget]
    /// Each slot's rectangle in pixels, in the layout's order.
    public let frames: [Rect]
    /// The dividers drawn between slots, in pixels.
    public let dividers: [Rect]
    /// When what is on the screen next changes: the earliest of its widgets' next changes.
    public var nextChange: NextChange? { widgets.compactMap(\.nextChange).min { $0.date < $1.date } }
    /// Every widget's warnings, in the layout's order.
    public var warnings: [RenderWarning] { widgets.flatMap(\.warnings) }
    /// The encoded screen, when an encoder was given.
    public let image: EncodedImage?
}

extension RenderEngine {
    /// Renders widgets into the slots of one screen, TRMNL's "mashup": each widget as
    /// ``render(_:as:)`` renders it, in its dashboard family on the screen's device, at the
    /// request's times and look, then the screen drawn whole and encoded once.
    ///
    /// ```swift
    /// var request = RenderRequest(kind: "", askedAt: now)
    /// request.device = try DeviceProfile.named("trmnl-og")
    /// let layout = try ScreenLayout(parsing: "price:halfVertical,covid-global:halfVertical")
    /// let screen = try await engine.render(layout, on: request, as: GreyPNGEncoder(bitDepth: 1))
    /// ```
    ///
    /// - Parameters:
    ///   - layout: the widgets, their parameters and slots.
    ///   - request: the device (a screen of ``DeviceProfile/screens``), times, look and settings
    ///     for every slot; its kind, family and parameters are not read (each slot has its own).
    ///   - encoder: the image format, or `nil` to lay out only.
    /// - Returns: the screen.
    /// - Throws: ``WidgetRenderError``: `invalidRequest` for an unknown widget, a slot the widget
    ///   does not support, a device without dashboard families; what a provider threw.
    public func render(_ layout: ScreenLayout, on request: RenderRequest, as encoder: (any ImageEncoder)?)
        async throws(WidgetRenderError) -> RenderedScreen
    {
        try await renderScreen(layout, on: request, as: encoder).screen
    }

    /// ``render(_:on:as:)``, with the drawn screen kept for the caller when asked (to show what a
    /// panel shows), and with `keepPixels` the pixels as the encoder wrote them (to find what
    /// changed since the previous screen).
    package func renderScreen(
        _ layout: ScreenLayout, on request: RenderRequest, as encoder: (any ImageEncoder)?, keepSurface: Bool = false,
        keepPixels: PixelFrame.Buffers? = nil
    ) async throws(WidgetRenderError) -> (screen: RenderedScreen, surface: CairoSurface?, pixels: PixelFrame?) {
        let device = request.device
        guard device.size(of: .dashboardFull) != nil else {
            let screens = DeviceProfile.screens.map(\.id).joined(separator: ", ")
            throw .invalidRequest("\(device.id) is not a screen with dashboard slots; screens: \(screens)")
        }
        let full = try Self.metrics(.dashboardFull, device: device, scale: request.scale)
        let (width, height) = (full.pixelWidth, full.pixelHeight)
        // Every slot at once (their providers read and parse their data on every core); the first
        // failure in the layout's order is the screen's.
        let results = await withTaskGroup(of: (Int, Result<RenderedWidget, WidgetRenderError>).self) { group in
            for (index, slot) in layout.slots.enumerated() {
                var slotRequest = request
                slotRequest.kind = slot.kind
                slotRequest.family = slot.family
                slotRequest.parameters = slot.parameters
                if Self.drawsFewGreys(encoder) { slotRequest.monochromeGlyphs = true }
                group.addTask {
                    do throws(WidgetRenderError) {
                        return (index, .success(try await self.render(slotRequest, as: nil)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results = [Result<RenderedWidget, WidgetRenderError>?](repeating: nil, count: layout.slots.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        var widgets: [RenderedWidget] = []
        for result in results {
            guard let result else { throw .internalError("a slot's widget went missing") }
            widgets.append(try result.get())
        }
        let frames = layout.slots.map { slot in
            let frame = ScreenLayout.pixelFrame(of: slot, width: width, height: height)
            return Rect(
                x: Double(frame.x), y: Double(frame.y), width: Double(frame.width), height: Double(frame.height))
        }
        let dividers = Self.dividers(
            layout, width: Double(width), height: Double(height), scale: Double(full.scale))
        guard let encoder else {
            let screen = RenderedScreen(
                device: device, layout: layout, width: width, height: height, shownAt: request.timeShown,
                widgets: widgets, frames: frames, dividers: dividers, image: nil)
            return (screen, nil, nil)
        }
        let dark = request.colorScheme == .dark
        let (image, surface, pixels) = try await pool.withRenderer(affinity: nil) {
            renderer throws(WidgetRenderError) -> (EncodedImage, CairoSurface?, PixelFrame?) in
            var pieces: [ScreenCompositor.Piece] = []
            defer { for piece in pieces { renderer.recycle(piece.surface) } }
            let page: CairoSurface
            do throws(RenderError) {
                for (widget, frame) in zip(widgets, frames) {
                    let drawn = try renderer.draw(
                        widget.displayList.layout(widgetURL: widget.widgetURL), metrics: widget.metrics,
                        context: widget.viewContext)
                    pieces.append(ScreenCompositor.Piece(surface: drawn, x: Int(frame.minX), y: Int(frame.minY)))
                }
                page = try ScreenCompositor.compose(
                    with: renderer, width: width, height: height,
                    background: Color.RGBA(hex: dark ? 0x000000 : 0xFFFFFF),
                    pieces: pieces, rules: dividers, ink: Color.RGBA(hex: dark ? 0xFFFFFF : 0x000000))
            } catch {
                throw Self.error(error)
            }
            defer { if !keepSurface { renderer.recycle(page) } }
            if let vector = (encoder as? SVGEncoder).map({ _ in VectorFormat.svg })
                ?? (encoder as? PDFEncoder).map({ _ in VectorFormat.pdf })
            {
                // The same display lists drawn again as vectors, each slot at its place.
                do throws(RenderError) {
                    let data = try renderer.drawVector(
                        zip(widgets, frames).map { widget, frame in
                            WidgetRenderer.VectorPiece(
                                lists: widget.displayList.layout(widgetURL: widget.widgetURL), metrics: widget.metrics,
                                context: widget.viewContext, x: Int(frame.minX), y: Int(frame.minY))
                        }, pixelWidth: width, pixelHeight: height, scale: Double(full.scale),
                        page: (
                            Color.RGBA(hex: dark ? 0x000000 : 0xFFFFFF), dividers,
                            Color.RGBA(hex: dark ? 0xFFFFFF : 0x000000)
                        ), as: vector)
                    let image = EncodedImage(
                        data: data, format: encoder.format, pixelsCRC64: try WidgetPNGWriter.pixelsCRC64(page))
                    return (image, keepSurface ? page : nil, keepPixels.map { PixelFrame(surface: page, buffers: $0) })
                } catch {
                    throw .invalidRequest("\(encoder.format.name) output: \(error.description)")
                }
            }
            let (image, pixels) = try Self.encode(
                page, scale: full.scale, displayList: DisplayList(), with: encoder, vectorSource: nil,
                keepPixels: keepPixels)
            return (image, keepSurface ? page : nil, pixels)
        }
        let screen = RenderedScreen(
            device: device, layout: layout, width: width, height: height, shownAt: request.timeShown,
            widgets: widgets, frames: frames, dividers: dividers, image: image)
        return (screen, surface, pixels)
    }

    /// The lines between slots, 2 pt thick, centred on the slots' edges: inset from the screen's
    /// edge by the dashboard margin, and meeting the line they end on (a T, not a gap that
    /// leaves a rule floating). A line two slots share on both halves of the screen is drawn
    /// whole.
    package static func dividers(_ layout: ScreenLayout, width: Double, height: Double, scale: Double) -> [Rect] {
        var owner = [[Int]](repeating: [-1, -1], count: 2)  // [row][column] → slot
        for (index, slot) in layout.slots.enumerated() {
            let span = slot.family.screenSpan ?? (2, 2)
            for row in slot.row..<(slot.row + span.rows) {
                for column in slot.column..<(slot.column + span.columns) { owner[row][column] = index }
            }
        }
        let thickness = 2 * scale
        let margin = WidgetMetrics.dashboardMargin * scale
        /// The stretch of a line along an edge of `length`, over the halves in `halves`.
        func stretch(_ halves: [Int], length: Double) -> [(Double, Double)] {
            switch halves {
            case [0, 1]: [(margin, length - margin)]
            case [0]: [(margin, length / 2)]
            case [1]: [(length / 2, length - margin)]
            default: []
            }
        }
        let verticalRows = (0..<2).filter { owner[$0][0] != owner[$0][1] }
        let horizontalColumns = (0..<2).filter { owner[0][$0] != owner[1][$0] }
        let x = (width / 2).rounded(.down)
        let y = (height / 2).rounded(.down)
        return stretch(verticalRows, length: height).map {
            Rect(x: x - thickness / 2, y: $0.0, width: thickness, height: $0.1 - $0.0)
        }
            + stretch(horizontalColumns, length: width).map {
                Rect(x: $0.0, y: y - thickness / 2, width: $0.1 - $0.0, height: thickness)
            }
    }
}
