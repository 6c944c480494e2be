import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetRender
import WidgetDrawing

private struct Check: AppIntent {
    static let title: LocalizedStringResource = "Check"
}

private struct ControlsWidget: Widget {
    struct Entry: TimelineEntry {
        let date: Date
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.now) }
        func timeline(in context: Context) async throws -> Timeline<Entry> {
            Timeline(entries: [Entry(date: context.now)], policy: .never)
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "controls", provider: Provider()) { _ in
            VStack {
                Link("Open", destination: URL(fileURLWithPath: "/open"))
                Toggle("Done", isOn: true, intent: Check())
            }
        }
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}

private struct SymbolWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "symbol", provider: ControlsWidget.Provider()) { _ in
            Image(systemName: "hart.fill")
        }
    }
}

private struct Bundle2: WidgetBundle {
    var body: some Widget {
        ControlsWidget()
        SymbolWidget()
    }
}

/// Rendering the new views through the pipeline: what reaches the manifest, the errors a view
/// can cause, and pixels drawn by the rendering modes.
@Suite("Views through the pipeline")
struct ViewRenderingTests {
    @Test func linksAndTogglesAreRecordedWithTheirRectangles() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = RenderBatch(outputDirectory: out)
        request.kinds = ["controls"]
        request.now = Fixtures.now
        request.renderingMode = .accented
        let result = try await FolderRenderer(engine: try RenderEngine(bundle: Bundle2())).run(request)
        let image = try #require(result.manifest.images.first)
        #expect(image.renderingMode == .accented)
        let controls = try #require(image.controls)
        #expect(controls.map(\.kind) == [.link, .toggle])
        #expect(controls[0].url == "file:///open")
        #expect(controls[1].intent == "Check (Check)")
        #expect(controls[1].isOn == true)
        // Inside the medium widget's content rectangle (16 pt margins on 364 × 170).
        for control in controls {
            #expect(control.frame.x >= 16 && control.frame.x + control.frame.width <= 348)
            #expect(control.frame.y >= 16 && control.frame.y + control.frame.height <= 154)
        }
        #expect(result.warnings.isEmpty)
        // A small widget has one tap target: a link there is worth a warning.
        request.families = [.systemSmall]
        let small = try await FolderRenderer(engine: try RenderEngine(bundle: Bundle2())).run(request)
        #expect(
            small.warnings == [
                RenderWarning(
                    .controls, widget: "controls",
                    "controls: a Link in a small widget does nothing on iOS (one tap target: use widgetURL)")
            ])
        // The default mode is recorded too: vibrant on the Lock Screen.
        request.renderingMode = nil
        request.families = [.accessoryRectangular]
        let lock = try await FolderRenderer(engine: try RenderEngine(bundle: Bundle2())).run(request)
        #expect(lock.manifest.images.first?.renderingMode == .vibrant)
    }

    @Test func anUnknownSymbolIsAConfigurationErrorWithNearNames() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = RenderBatch(outputDirectory: out)
        request.kinds = ["symbol"]
        request.now = Fixtures.now
        let error = await #expect(throws: WidgetRenderError.self) {
            try await FolderRenderer(engine: try RenderEngine(bundle: Bundle2())).run(request)
        }
        #expect(error?.kind == .invalidBundle)
        #expect(error?.message.contains("unknown symbol 'hart.fill'") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("'heart.fill'") == true, "\(error?.message ?? "")")
    }

    @Test func aNamedImageIsFoundInTheBundleAndAMissingOneIsNamed() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("Assets.xcassets/hero.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        // A 2×2 red PNG, encoded by the project's own writer.
        let png = try Fixtures.withSession { session in
            let surface = try CairoSurface(width: 2, height: 2)
            surface.withMutablePixels { data, stride in
                for y in 0..<2 {
                    for x in 0..<2 {
                        UnsafeMutableRawPointer(data + y * stride + x * 4).storeBytes(
                            of: UInt32(0xFFFF_0000), as: UInt32.self)
                    }
                }
            }
            return try session.encoder.encode(surface)
        }
        try png.write(to: set.appendingPathComponent("hero@2x.png"))
        let bundle = try #require(Bundle(path: folder.path))
        let metrics = try WidgetMetrics(family: .systemSmall, device: .default, scale: 1)
        let context = ViewContext(family: .systemSmall, displaySize: metrics.size)
        let pixel = try Fixtures.withSession { session in
            let (surface, _) = try session.renderer.render(
                Image("hero", bundle: bundle).resizable().node, metrics: metrics, context: context)
            return surface.pixel(x: 85, y: 85)
        }
        #expect(pixel == (255, 0, 0, 255))
        #expect(throws: RenderError.self) {
            try Fixtures.withSession { session in
                _ = try session.renderer.render(
                    Image("villain", bundle: bundle).node, metrics: metrics, context: context)
            }
        }
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func theAccentedModePaintsTwoTintsAndDropsTheBackground(_ scheme: ColorScheme) throws {
        let metrics = try WidgetMetrics(family: .systemSmall, device: .default, scale: 1)
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 40, height: 40)
            Color.green.frame(width: 40, height: 40).widgetAccentable()
        }
        .containerBackground(for: .widget) { Color.yellow }
        let pixels = try Fixtures.withSession { session in
            let (surface, _) = try session.renderer.render(
                view, metrics: metrics,
                context: ViewContext(
                    family: .systemSmall, displaySize: metrics.size, colorScheme: scheme, renderingMode: .accented))
            return (surface.pixel(x: 65, y: 85), surface.pixel(x: 105, y: 85), surface.pixel(x: 20, y: 85))
        }
        let palette = WidgetRenderer.accentedPalette(
            tint: WidgetRenderingMode.defaultTint, scheme: scheme, accessory: false)
        func byte(_ value: Double) -> Int { Int((value * 255).rounded()) }
        func near(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ colour: Color.RGBA) -> Bool {
            abs(Int(pixel.red) - byte(colour.red)) <= 1 && abs(Int(pixel.green) - byte(colour.green)) <= 1
                && abs(Int(pixel.blue) - byte(colour.blue)) <= 1 && pixel.alpha == 255
        }
        // Red is the primary group, drawn in the desaturated primary colour; green is accentable,
        // drawn in the tint.
        #expect(near(pixels.0, palette.primary))
        #expect(near(pixels.1, palette.accent))
        // No yellow: the container background is replaced by the tint's glass.
        let plate = try #require(palette.plate)
        #expect(abs(Int(pixels.2.blue) - Int(pixels.2.red)) > 10, "the plate is tinted blue, not grey or yellow")
        #expect(Double(pixels.2.alpha) / 255 > plate.alpha - 0.02)
    }

    @Test func theAccentedModeFollowsTheTintAndTheAppearance() throws {
        let dark = WidgetRenderer.accentedPalette(
            tint: WidgetRenderingMode.defaultTint, scheme: .dark, accessory: false)
        let light = WidgetRenderer.accentedPalette(
            tint: WidgetRenderingMode.defaultTint, scheme: .light, accessory: false)
        let orange = WidgetRenderer.accentedPalette(
            tint: try #require(WidgetRenderingMode.tint(named: "orange")), scheme: .dark, accessory: false)
        #expect(dark != light && dark != orange)
        // Light content on dark glass, dark content on pale glass.
        #expect(dark.primary.red > 0.8 && light.primary.red < 0.2)
        #expect(orange.accent.red > orange.accent.blue)
        #expect(WidgetRenderingMode.tint(named: "#0a84ff") == WidgetRenderingMode.defaultTint)
        #expect(WidgetRenderingMode.tint(named: "0A84FF") == WidgetRenderingMode.defaultTint)
        #expect(WidgetRenderingMode.hexName(of: WidgetRenderingMode.defaultTint) == "#0A84FF")
        for bad in ["", "#0A84F", "#GGGGGG", "bleu", "#0A84FF00"] {
            #expect(WidgetRenderingMode.tint(named: bad) == nil, "\(bad)")
        }
    }

    @Test(arguments: [ColorScheme.dark, .light])
    func theVibrantModeTurnsBrightnessIntoOpacity(_ scheme: ColorScheme) throws {
        let metrics = try WidgetMetrics(family: .accessoryRectangular, device: .default, scale: 1)
        let view = HStack(spacing: 0) {
            Color.white.frame(width: 20, height: 20)
            Color.white.opacity(0.5).frame(width: 20, height: 20)
            Color.blue.frame(width: 20, height: 20)
            Color.red.frame(width: 20, height: 20)
            Color.white.opacity(0.2).frame(width: 20, height: 20)
            Spacer()
        }
        let pixels = try Fixtures.withSession { session in
            let (surface, _) = try session.renderer.render(
                view.node, metrics: metrics,
                context: ViewContext(family: .accessoryRectangular, displaySize: metrics.size, colorScheme: scheme))
            return (1...5).map { surface.pixel(x: $0 * 20 - 10, y: Int(metrics.size.height / 2)) }
        }
        // White ink over a dark wallpaper, a near-black over a light one.
        let ink = scheme == .dark ? 255 : 0x1C
        #expect(
            pixels.allSatisfy { abs(Int($0.red) - ink) <= ($0.alpha < 128 ? 4 : 1) && $0.red == $0.green }, "\(pixels)")
        #expect(pixels[0].alpha == 255)
        #expect((126...129).contains(pixels[1].alpha))
        // Blue and red keep their full brightness (HSV value, not luma), so a red figure is
        // never dimmer than a secondary label.
        #expect(pixels[2].alpha == 255 && pixels[3].alpha == 255)
        #expect((50...52).contains(pixels[4].alpha))
    }

    @Test func aWidgetsOwnFontIsAdmittedAndUsedByFontCustom() async throws {
        // Noto Mono is installed with fonts-noto-mono but not admitted by fonts.conf.
        let file = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoMono-Regular.ttf")
        let metrics = try WidgetMetrics(family: .systemMedium, device: .default, scale: 1)
        var request = RenderRequest(kind: "", family: .systemMedium)
        request.scale = metrics.scale
        func widths(_ engine: RenderEngine) async throws -> [Double] {
            let view = VStack {
                Text("iiii")
                Text("WWWW")
            }
            .font(.custom("Noto Mono", size: 20))
            return try await engine.render(view, in: request, as: nil).displayList.content.compactMap { item in
                if case .text(let text) = item { return text.frame.width }
                return nil
            }
        }
        let admitted = try await widths(RenderEngine(widgets: [], fontFiles: [file]))
        #expect(admitted.count == 2)
        #expect(admitted[0] == admitted[1], "a monospaced face: \(admitted)")
        // Without the file, the family is not admitted and the text falls back to Inter.
        let refused = try await widths(RenderEngine(widgets: []))
        #expect(refused[0] < refused[1])
        #expect(throws: WidgetRenderError.self) {
            try RenderEngine(widgets: [], fontFiles: [URL(fileURLWithPath: "/nonexistent/Font.ttf")])
        }
    }
}
