import Foundation
import Testing
import WidgetCore
import WidgetDrawing
import WidgetLayout
import WidgetRender
import ChartWidgets

/// The built-in widgets in the accented (tinted Home Screen) and vibrant (Lock Screen) modes,
/// measured in their pixels: the tint shows, the appearances differ, the modes differ, and the
/// Lock Screen keeps the hierarchy of its text.
@Suite("Rendering modes")
struct RenderingModeTests {
    static let kinds = ["price", "covid-country", "covid-global"]

    struct Rendered {
        var surface: CairoSurface
        var layout: WidgetRenderer.Layout
        var scale: Double
    }

    /// The widget drawn in a mode and appearance, with its display lists.
    static func render(
        _ kind: String, _ family: WidgetFamily, mode: WidgetRenderingMode, scheme: ColorScheme,
        parameters: [String: String] = [:]
    ) async throws -> Rendered {
        let (entry, metrics) = try await Fixtures.entry(kind: kind, family: family, parameters: parameters)
        return try Fixtures.withSession { session in
            let context = ViewContext(
                family: family, displaySize: metrics.size, colorScheme: scheme, date: Fixtures.now,
                renderingMode: mode)
            let (surface, layout) = try session.renderer.render(entry.view, metrics: metrics, context: context)
            return Rendered(surface: surface, layout: layout, scale: Double(metrics.scale))
        }
    }

    /// Every pixel, straight (not premultiplied).
    static func pixels(_ surface: CairoSurface) -> [(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)] {
        var result: [(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)] = []
        result.reserveCapacity(surface.width * surface.height)
        for y in 0..<surface.height {
            for x in 0..<surface.width { result.append(surface.pixel(x: x, y: y)) }
        }
        return result
    }

    /// HSV saturation of a pixel's colour.
    static func saturation(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Double {
        let high = max(pixel.red, pixel.green, pixel.blue)
        let low = min(pixel.red, pixel.green, pixel.blue)
        return high == 0 ? 0 : Double(high - low) / Double(high)
    }

    @Test(arguments: kinds)
    func theTintedHomeScreenShowsTheTintAndDiffersByAppearance(_ kind: String) async throws {
        let light = try await Self.render(kind, .systemSmall, mode: .accented, scheme: .light)
        let dark = try await Self.render(kind, .systemSmall, mode: .accented, scheme: .dark)
        let lightPixels = Self.pixels(light.surface)
        let darkPixels = Self.pixels(dark.surface)
        let differing = zip(lightPixels, darkPixels).filter { $0 != $1 }.count
        #expect(differing > lightPixels.count / 2, "light and dark differ in only \(differing) pixels")
        for (scheme, pixels) in [("light", lightPixels), ("dark", darkPixels)] {
            let most = pixels.lazy.filter { $0.alpha >= 128 }.map(Self.saturation).max() ?? 0
            #expect(most >= 0.25, "\(kind) \(scheme): saturation at most \(most)")
        }
    }

    @Test(arguments: kinds)
    func theLockScreensAccentedModeIsNotItsVibrantOne(_ kind: String) async throws {
        let accented = try await Self.render(kind, .accessoryRectangular, mode: .accented, scheme: .dark)
        let vibrant = try await Self.render(kind, .accessoryRectangular, mode: .vibrant, scheme: .dark)
        let differing = zip(Self.pixels(accented.surface), Self.pixels(vibrant.surface)).filter { $0 != $1 }.count
        #expect(differing > 200, "\(kind): accented and vibrant differ in \(differing) pixels")
    }

    /// The strongest opacity of the ink inside a text's frame.
    static func inkOpacity(of match: (String) -> Bool, in result: Rendered)
        throws -> UInt8
    {
        var found: Rect?
        for item in result.layout.content {
            if case .text(let text) = item, match(text.string) {
                found = text.frame
                break
            }
        }
        let texts = result.layout.content.compactMap { item -> String? in
            if case .text(let text) = item { return text.string }
            return nil
        }
        let frame = try #require(found, "no such text among \(texts)")
        var most: UInt8 = 0
        let pixelsPerPoint = result.scale
        for y in Int(frame.minY * pixelsPerPoint)..<Int(frame.maxY * pixelsPerPoint) {
            for x in Int(frame.minX * pixelsPerPoint)..<Int(frame.maxX * pixelsPerPoint) {
                most = max(most, result.surface.pixel(x: x, y: y).alpha)
            }
        }
        return most
    }

    @Test(arguments: [ColorScheme.dark, .light])
    func theLockScreenKeepsTheTrendAboveTheSecondaryLabels(_ scheme: ColorScheme) async throws {
        // AAPL falls over its window (the sample's last 30 days): the change is red; the date
        // under it ("Mar 1, 2013") is a secondary label.
        let result = try await Self.render("price", .systemSmall, mode: .vibrant, scheme: scheme)
        let change = try Self.inkOpacity(of: { $0.contains("%") }, in: result)
        let secondary = try Self.inkOpacity(of: { $0.contains(", 20") }, in: result)
        #expect(change >= secondary, "the change's ink reaches \(change), the secondary label's \(secondary)")
        #expect(change >= 250)
    }

    @Test func theRequestsTintIsTheOneDrawn() async throws {
        let engine = try RenderEngine(bundle: BuiltInWidgets())
        var request = RenderRequest(kind: "price", family: .systemSmall, askedAt: Fixtures.now)
        request.renderingMode = .accented
        request.tint = try #require(WidgetRenderingMode.tint(named: "orange"))
        let (entry, metrics) = try await Fixtures.entry(kind: "price", family: .systemSmall)
        let context = engine.viewContext(request, metrics: metrics, isPlaceholder: false)
        #expect(context.tint == WidgetRenderingMode.tint(named: "orange"))
        #expect(
            engine.viewContext(
                RenderRequest(kind: "price", family: .systemSmall), metrics: metrics, isPlaceholder: false
            ).tint == WidgetRenderingMode.defaultTint)
        // The accent group (the change and the chart) is orange: red well above blue.
        let orange = try Fixtures.withSession { session in
            let surface = try session.renderer.render(entry.view, metrics: metrics, context: context).surface
            return Self.pixels(surface).filter { $0.alpha == 255 && Int($0.red) > Int($0.blue) + 100 }.count
        }
        #expect(orange > 500, "only \(orange) orange pixels")
    }
}
