// From Assets/reference/eink-screens.json (each screen's sources are there).
// DeviceProfileCatalogTests checks that this table and the JSON agree, so edit both or neither.

import WidgetCore

extension DeviceProfile {
    /// The e-ink and kiosk screens, with their dashboard families (full, half horizontal, half
    /// vertical, quadrant) and panels, in the order of `eink-screens.json`.
    ///
    /// ```swift
    /// let kindle = try DeviceProfile.named("kindle-pw5")   // 1236×1648 px at 2x
    /// kindle.size(of: .dashboardQuadrant)                   // 309×412 pt
    /// ```
    public static var screens: [DeviceProfile] { screenCatalog }

    private static let screenCatalog: [DeviceProfile] = {
        let grey = { (greys: Int, bitDepth: Int, format: String, orientation: String) in
            ScreenPanel(greys: greys, bitDepth: bitDepth, format: format, orientation: orientation)
        }
        let spectra6 = ScreenPanel(
            greys: nil,
            palette: [
                ("black", 0x000000, 0x191E21), ("white", 0xFFFFFF, 0xE8E8E8), ("yellow", 0xFFFF00, 0xEFDE44),
                ("red", 0xFF0000, 0xB21318), ("blue", 0x0000FF, 0x2157BA), ("green", 0x00FF00, 0x125F20),
            ].map { ScreenPanel.Ink(name: $0.0, nominal: Color.RGBA(hex: $0.1), measured: Color.RGBA(hex: $0.2)) },
            bitDepth: 24, format: "png", orientation: "landscape")
        let acep7 = ScreenPanel(
            greys: nil,
            palette: [
                ("black", 0x000000, 0x393039), ("white", 0xFFFFFF, 0xFFFFFF), ("green", 0x00FF00, 0x3A5B46),
                ("blue", 0x0000FF, 0x3D3B5E), ("red", 0xFF0000, 0x9C484B), ("yellow", 0xFFFF00, 0xD0BE47),
                ("orange", 0xFF8000, 0xB16A49),
            ].map { ScreenPanel.Ink(name: $0.0, nominal: Color.RGBA(hex: $0.1), measured: Color.RGBA(hex: $0.2)) },
            bitDepth: 24, format: "png", orientation: "landscape")
        return [
            screen("trmnl-og", ["TRMNL (OG)"], 800, 480, scale: 1, grey(2, 1, "png", "landscape")),
            screen("trmnl-x", ["TRMNL X"], 1872, 1404, scale: 2, grey(16, 4, "png", "landscape")),
            screen(
                "kindle-pw3", ["Kindle Paperwhite 3 (7th generation)", "Kindle Voyage"], 1072, 1448, scale: 2,
                grey(16, 8, "png", "portrait")),
            screen(
                "kindle-pw5", ["Kindle Paperwhite 5 (11th generation)", "Kindle Paperwhite Signature Edition"],
                1236, 1648, scale: 2, grey(16, 8, "png", "portrait")),
            screen(
                "kindle-oasis", ["Kindle Oasis (9th and 10th generation)"], 1264, 1680, scale: 2,
                grey(16, 8, "png", "portrait")),
            screen(
                "kobo-clara", ["Kobo Clara HD", "Kobo Clara 2E", "Kobo Clara BW"], 1072, 1448, scale: 2,
                grey(16, 8, "png", "portrait")),
            screen("inkplate-6", ["Soldered Inkplate 6"], 800, 600, scale: 1, grey(8, 4, "bmp", "landscape")),
            screen("inkplate-10", ["Soldered Inkplate 10"], 1200, 825, scale: 1, grey(8, 4, "bmp", "landscape")),
            screen(
                "waveshare-7in5", ["Waveshare 7.5inch e-Paper HAT (V2)"], 800, 480, scale: 1,
                grey(2, 1, "bmp", "landscape")),
            screen(
                "spectra6-7in3", ["Waveshare 7.3inch e-Paper HAT (E), E Ink Spectra 6", "GoodDisplay GDEP073E01"],
                800, 480, scale: 1, spectra6),
            screen(
                "acep7-5in65", ["Waveshare 5.65inch ACeP 7-Color e-Paper", "Pimoroni Inky Impression 5.7\""], 600,
                448, scale: 1, acep7),
        ]
    }()

    /// The screen mounted a quarter turn from its usual orientation: its width and height
    /// swapped, and its dashboard families those of the turned screen (a Kindle on its side is
    /// laid out in landscape); its panel says the other orientation. A phone is returned as it is.
    public var quarterTurned: DeviceProfile {
        guard var panel, let full = size(of: .dashboardFull) else { return self }
        panel.orientation = panel.orientation == "portrait" ? "landscape" : "portrait"
        let pixels = (
            width: Int((full.height * Double(scale)).rounded()), height: Int((full.width * Double(scale)).rounded())
        )
        return Self.screen(id, models, pixels.width, pixels.height, scale: scale, panel)
    }

    /// A screen of `width × height` pixels whose dashboard families halve it: the left or top
    /// half of an odd number of pixels is rounded down.
    private static func screen(
        _ id: String, _ models: [String], _ width: Int, _ height: Int, scale: Int, _ panel: ScreenPanel
    ) -> DeviceProfile {
        let size = { (pixelsWide: Int, pixelsHigh: Int) in
            Size(width: Double(pixelsWide) / Double(scale), height: Double(pixelsHigh) / Double(scale))
        }
        return DeviceProfile(
            id: id, models: models, screen: size(width, height), scale: scale,
            familySizes: [
                .dashboardFull: size(width, height), .dashboardHalfHorizontal: size(width, height / 2),
                .dashboardHalfVertical: size(width / 2, height), .dashboardQuadrant: size(width / 2, height / 2),
            ], homeScreenSizes: nil, confidence: "high", panel: panel)
    }
}
