import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetDrawing
import ChartWidgets

/// Text over the shared background photo stays readable: measured against the worst
/// photos (all white, the worst under light text, and all black, the worst under dark text).
@Suite("Background scrim contrast")
struct BackgroundScrimTests {
    /// A 600×400 image of one colour.
    static func solidImage(_ pixel: UInt32, named name: String, in folder: URL) throws -> URL {
        let surface = try CairoSurface(width: 600, height: 400)
        surface.withMutablePixels { data, stride in
            for y in 0..<400 {
                for x in 0..<600 {
                    UnsafeMutableRawPointer(data + y * stride).storeBytes(
                        of: pixel, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        let url = folder.appendingPathComponent(name)
        try PNGEncoder.fast.encode(surface).write(to: url)
        return url
    }

    /// WCAG relative luminance of an sRGB colour with components in 0...1.
    static func luminance(_ red: Double, _ green: Double, _ blue: Double) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG contrast ratio of `color` drawn over the opaque `background`.
    static func contrast(_ color: Color.RGBA, over background: (Double, Double, Double)) -> Double {
        let a = color.alpha
        let text = luminance(
            color.red * a + background.0 * (1 - a), color.green * a + background.1 * (1 - a),
            color.blue * a + background.2 * (1 - a))
        let behind = luminance(background.0, background.1, background.2)
        return (max(text, behind) + 0.05) / (min(text, behind) + 0.05)
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func textOverTheWorstPhotoKeepsItsContrast(_ scheme: ColorScheme) async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Light text suffers most on white, dark text on black: try both.
        let images = [
            try Self.solidImage(0xFFFF_FFFF, named: "white.png", in: folder),
            try Self.solidImage(0xFF00_0000, named: "black.png", in: folder),
        ]
        let widget = try Fixtures.widget(GlobalStatsWidget.kind)
        var failures: [String] = []
        for image in images {
            // The photo is the app group container's bg.png.
            let container = folder.appendingPathComponent(image.deletingPathExtension().lastPathComponent)
            try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: image, to: container.appendingPathComponent("bg.png"))
            let groups = AppGroupContainers(defaultFolder: container)
            // The shared photo is a Home Screen background; Lock Screen widgets draw on the
            // wallpaper, and an e-ink screen draws no photo.
            for family in widget.supportedFamilies where !family.isAccessory && !family.isDashboard {
                let (entry, metrics) = try await Fixtures.entry(
                    kind: widget.kind, family: family, appGroups: groups)
                let view = entry.view
                let context = ViewContext(
                    family: family, displaySize: metrics.size, colorScheme: scheme, date: Fixtures.now,
                    appGroups: groups)
                try Fixtures.withSession { session in
                    let lists = try session.renderer.layout(view, metrics: metrics, context: context)
                    let surface = try session.renderer.render(view, metrics: metrics, context: context).surface
                    for case .text(let text) in lists.content {
                        // The scrim behind the text, sampled in the left margin at the text's height.
                        let pixel = surface.pixel(
                            x: 10 * metrics.scale, y: Int(text.frame.midY * Double(metrics.scale)))
                        let behind = (Double(pixel.red) / 255, Double(pixel.green) / 255, Double(pixel.blue) / 255)
                        let color = text.color.resolved(in: scheme)
                        let ratio = Self.contrast(color, over: behind)
                        // Primary (opaque black or white) text needs 4.5:1; secondary and accent 3:1.
                        let primary = color.alpha == 1 && Set([color.red, color.green, color.blue]).count == 1
                        if ratio < (primary ? 4.5 : 3) {
                            failures.append(
                                "\(image.lastPathComponent) \(family.shortName) '\(text.string)': "
                                    + String(format: "%.2f:1", ratio))
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "low contrast: \(failures.joined(separator: ", "))")
    }
}
