import WidgetCore

/// What an e-ink or kiosk screen can show: its grey levels or colour inks, and the image its
/// usual client reads. A ``DeviceProfile`` of the screen catalogue (``DeviceProfile/screens``)
/// has one; phones and tablets have none.
///
/// ```swift
/// let trmnl = try DeviceProfile.named("trmnl-og")
/// trmnl.panel?.greys       // 2: black and white
/// trmnl.panel?.bitDepth    // 1
/// ```
public struct ScreenPanel: Sendable, Hashable {
    /// One ink of a colour panel: its name, the value written to the file for the firmware
    /// to map, and the colour the panel shows for it (what dithering matches against).
    public struct Ink: Sendable, Hashable {
        /// The ink's name: `black`, `white`, `yellow`, `red`, `blue`, `green`.
        public var name: String
        /// The colour written to the file.
        public var nominal: Color.RGBA
        /// The colour the panel shows, measured.
        public var measured: Color.RGBA

        /// An ink.
        public init(name: String, nominal: Color.RGBA, measured: Color.RGBA) {
            self.name = name
            self.nominal = nominal
            self.measured = measured
        }
    }

    /// Grey levels the panel shows (2 for black and white), or `nil` for a colour panel.
    public var greys: Int?
    /// The colour panel's inks; empty for a grey one.
    public var palette: [Ink]
    /// The bit depth its usual client reads: 1, 2, 4 or 8 grey, or 24 for colour.
    public var bitDepth: Int
    /// The file format its usual client reads: `png` or `bmp`.
    public var format: String
    /// Portrait or landscape, as the screen is usually mounted.
    public var orientation: String

    /// A panel.
    public init(greys: Int?, palette: [Ink] = [], bitDepth: Int, format: String, orientation: String) {
        self.greys = greys
        self.palette = palette
        self.bitDepth = bitDepth
        self.format = format
        self.orientation = orientation
    }
}
