/// The SF Symbols names ``Image/init(systemName:)`` knows, drawn from the Material Design Icons
/// font (Debian's `fonts-materialdesignicons-webfont`, SIL OFL 1.1; see `Assets/README.md`).
///
/// Each name maps to the icon that looks most like Apple's symbol; outline and filled variants
/// map to MDI's outline and filled icons where MDI has both, to the same icon otherwise. The
/// full list is ``names``; a name not in it fails the render with the nearest known names.
public enum SymbolCatalog {
    /// Name → (code point in the Material Design Icons font, MDI's own name).
    private static let table: [String: (UInt32, String)] = [
        "arrow.up": (0xF05D, "arrow-up"),
        "arrow.down": (0xF045, "arrow-down"),
        "arrow.left": (0xF04D, "arrow-left"),
        "arrow.right": (0xF054, "arrow-right"),
        "arrow.up.right": (0xF05C, "arrow-top-right"),
        "arrow.down.right": (0xF043, "arrow-bottom-right"),
        "arrow.up.left": (0xF05B, "arrow-top-left"),
        "arrow.down.left": (0xF042, "arrow-bottom-left"),
        "arrow.clockwise": (0xF467, "rotate-right"),
        "arrow.counterclockwise": (0xF465, "rotate-left"),
        "arrow.triangle.2.circlepath": (0xF4E6, "sync"),
        "arrow.up.circle": (0xF060, "arrow-up-bold-circle-outline"),
        "arrow.up.circle.fill": (0xF05F, "arrow-up-bold-circle"),
        "arrow.down.circle": (0xF048, "arrow-down-bold-circle-outline"),
        "arrow.down.circle.fill": (0xF047, "arrow-down-bold-circle"),
        "chevron.up": (0xF143, "chevron-up"),
        "chevron.down": (0xF140, "chevron-down"),
        "chevron.left": (0xF141, "chevron-left"),
        "chevron.right": (0xF142, "chevron-right"),
        "chevron.right.2": (0xF13E, "chevron-double-right"),
        "checkmark": (0xF12C, "check"),
        "checkmark.circle": (0xF5E1, "check-circle-outline"),
        "checkmark.circle.fill": (0xF5E0, "check-circle"),
        "checkmark.square": (0xF135, "checkbox-marked-outline"),
        "checkmark.square.fill": (0xF132, "checkbox-marked"),
        "square": (0xF131, "checkbox-blank-outline"),
        "circle": (0xF130, "checkbox-blank-circle-outline"),
        "circle.fill": (0xF12F, "checkbox-blank-circle"),
        "xmark": (0xF156, "close"),
        "xmark.circle": (0xF15A, "close-circle-outline"),
        "xmark.circle.fill": (0xF159, "close-circle"),
        "plus": (0xF415, "plus"),
        "plus.circle": (0xF419, "plus-circle-outline"),
        "plus.circle.fill": (0xF417, "plus-circle"),
        "minus": (0xF374, "minus"),
        "minus.circle": (0xF377, "minus-circle-outline"),
        "minus.circle.fill": (0xF376, "minus-circle"),
        "stop.fill": (0xF4DB, "stop"),
        "play.fill": (0xF40A, "play"),
        "pause.fill": (0xF3E4, "pause"),
        "forward.end.fill": (0xF4AD, "skip-next"),
        "heart": (0xF2D5, "heart-outline"),
        "heart.fill": (0xF2D1, "heart"),
        "heart.slash": (0xF2D4, "heart-broken"),
        "bolt.heart.fill": (0xF5F6, "heart-pulse"),
        "bolt": (0xF241, "flash"),
        "bolt.fill": (0xF241, "flash"),
        "cloud": (0xF163, "cloud-outline"),
        "cloud.fill": (0xF15F, "cloud"),
        "sun.max": (0xF599, "weather-sunny"),
        "sun.max.fill": (0xF599, "weather-sunny"),
        "cloud.sun": (0xF595, "weather-partlycloudy"),
        "cloud.sun.fill": (0xF595, "weather-partlycloudy"),
        "cloud.rain": (0xF597, "weather-rainy"),
        "cloud.rain.fill": (0xF597, "weather-rainy"),
        "cloud.heavyrain": (0xF596, "weather-pouring"),
        "cloud.heavyrain.fill": (0xF596, "weather-pouring"),
        "cloud.snow": (0xF598, "weather-snowy"),
        "cloud.snow.fill": (0xF598, "weather-snowy"),
        "cloud.bolt": (0xF593, "weather-lightning"),
        "cloud.bolt.fill": (0xF593, "weather-lightning"),
        "cloud.fog": (0xF591, "weather-fog"),
        "cloud.fog.fill": (0xF591, "weather-fog"),
        "moon": (0xF594, "weather-night"),
        "moon.fill": (0xF594, "weather-night"),
        "moon.stars": (0xF594, "weather-night"),
        "moon.stars.fill": (0xF594, "weather-night"),
        "wind": (0xF59D, "weather-windy"),
        "sunrise": (0xF59C, "weather-sunset-up"),
        "sunset": (0xF59B, "weather-sunset-down"),
        "thermometer": (0xF50F, "thermometer"),
        "thermometer.medium": (0xF50F, "thermometer"),
        "umbrella": (0xF54A, "umbrella"),
        "umbrella.fill": (0xF54A, "umbrella"),
        "drop": (0xF58C, "water"),
        "drop.fill": (0xF58C, "water"),
        "leaf": (0xF32A, "leaf"),
        "leaf.fill": (0xF32A, "leaf"),
        "tree": (0xF531, "tree"),
        "pawprint.fill": (0xF3E9, "paw"),
        "chart.xyaxis.line": (0xF12A, "chart-line"),
        "chart.line.uptrend.xyaxis": (0xF535, "trending-up"),
        "chart.line.downtrend.xyaxis": (0xF533, "trending-down"),
        "chart.line.flattrend.xyaxis": (0xF534, "trending-neutral"),
        "chart.bar": (0xF128, "chart-bar"),
        "chart.bar.fill": (0xF128, "chart-bar"),
        "chart.pie": (0xF12B, "chart-pie"),
        "chart.pie.fill": (0xF12B, "chart-pie"),
        "gauge": (0xF29A, "gauge"),
        "gauge.medium": (0xF29A, "gauge"),
        "speedometer": (0xF4C5, "speedometer"),
        "bitcoinsign": (0xF1AC, "currency-btc"),
        "dollarsign": (0xF1B3, "currency-usd"),
        "eurosign": (0xF1AD, "currency-eur"),
        "sterlingsign": (0xF1AE, "currency-gbp"),
        "banknote": (0xF114, "cash"),
        "clock": (0xF150, "clock"),
        "clock.fill": (0xF150, "clock"),
        "alarm": (0xF020, "alarm"),
        "alarm.fill": (0xF020, "alarm"),
        "timer": (0xF51B, "timer"),
        "stopwatch": (0xF51B, "timer"),
        "hourglass": (0xF51F, "timer-sand"),
        "calendar": (0xF0ED, "calendar"),
        "star": (0xF4D2, "star-outline"),
        "star.fill": (0xF4CE, "star"),
        "star.leadinghalf.filled": (0xF4D0, "star-half"),
        "bell": (0xF09C, "bell-outline"),
        "bell.fill": (0xF09A, "bell"),
        "person": (0xF013, "account-outline"),
        "person.fill": (0xF004, "account"),
        "person.2": (0xF00E, "account-multiple"),
        "person.2.fill": (0xF00E, "account-multiple"),
        "house": (0xF2DC, "home"),
        "house.fill": (0xF2DC, "home"),
        "gearshape": (0xF493, "settings"),
        "gearshape.fill": (0xF493, "settings"),
        "gear": (0xF493, "settings"),
        "magnifyingglass": (0xF349, "magnify"),
        "trash": (0xF1C0, "delete"),
        "trash.fill": (0xF1C0, "delete"),
        "flame": (0xF238, "fire"),
        "flame.fill": (0xF238, "fire"),
        "info.circle": (0xF2FD, "information-outline"),
        "info.circle.fill": (0xF2FC, "information"),
        "exclamationmark.triangle": (0xF02A, "alert-outline"),
        "exclamationmark.triangle.fill": (0xF026, "alert"),
        "exclamationmark.circle": (0xF028, "alert-circle"),
        "exclamationmark.circle.fill": (0xF028, "alert-circle"),
        "questionmark.circle": (0xF2D7, "help-circle"),
        "questionmark.circle.fill": (0xF2D7, "help-circle"),
        "lock": (0xF341, "lock-outline"),
        "lock.fill": (0xF33E, "lock"),
        "lock.open": (0xF33F, "lock-open"),
        "lock.open.fill": (0xF33F, "lock-open"),
        "globe": (0xF1E7, "earth"),
        "mappin": (0xF34E, "map-marker"),
        "mappin.circle.fill": (0xF34E, "map-marker"),
        "map": (0xF34D, "map"),
        "map.fill": (0xF34D, "map"),
        "envelope": (0xF1F0, "email-outline"),
        "envelope.fill": (0xF1EE, "email"),
        "phone": (0xF3F2, "phone"),
        "phone.fill": (0xF3F2, "phone"),
        "battery.100": (0xF079, "battery"),
        "battery.50": (0xF07E, "battery-50"),
        "battery.25": (0xF07B, "battery-20"),
        "battery.100.bolt": (0xF084, "battery-charging"),
        "wifi": (0xF5A9, "wifi"),
        "cart": (0xF110, "cart"),
        "cart.fill": (0xF110, "cart"),
        "bag": (0xF49A, "shopping"),
        "bag.fill": (0xF49A, "shopping"),
        "gift": (0xF2A1, "gift"),
        "gift.fill": (0xF2A1, "gift"),
        "gamecontroller": (0xF297, "gamepad-variant"),
        "gamecontroller.fill": (0xF297, "gamepad-variant"),
        "trophy": (0xF53A, "trophy-outline"),
        "trophy.fill": (0xF538, "trophy"),
        "crown": (0xF1A5, "crown"),
        "crown.fill": (0xF1A5, "crown"),
        "flag": (0xF23B, "flag"),
        "flag.fill": (0xF23B, "flag"),
        "bookmark": (0xF0C3, "bookmark-outline"),
        "bookmark.fill": (0xF0C0, "bookmark"),
        "list.bullet": (0xF279, "format-list-bulleted"),
        "checklist": (0xF14C, "clipboard-check"),
        "shield": (0xF499, "shield-outline"),
        "shield.fill": (0xF498, "shield"),
        "pills": (0xF402, "pill"),
        "pills.fill": (0xF402, "pill"),
        "cross.case.fill": (0xF2E0, "hospital"),
        "syringe": (0xF391, "needle"),
        "figure.walk": (0xF583, "walk"),
        "figure.run": (0xF46E, "run"),
        "bicycle": (0xF0A3, "bike"),
        "car": (0xF10B, "car"),
        "car.fill": (0xF10B, "car"),
        "bus": (0xF0E7, "bus"),
        "bus.fill": (0xF0E7, "bus"),
        "airplane": (0xF01D, "airplane"),
        "tram": (0xF52C, "train"),
        "tram.fill": (0xF52C, "train"),
        "fork.knife": (0xF25A, "food"),
        "cup.and.saucer": (0xF176, "coffee"),
        "cup.and.saucer.fill": (0xF176, "coffee"),
        "music.note": (0xF387, "music-note"),
        "birthday.cake": (0xF0E9, "cake"),
        "birthday.cake.fill": (0xF0E9, "cake"),
        "ladybug": (0xF0E4, "bug"),
        "face.smiling": (0xF1F2, "emoticon"),
    ]

    /// Every symbol name that can be drawn, sorted.
    public static var names: [String] { table.keys.sorted() }

    /// The Material Design Icons name a symbol is drawn with, for documentation.
    ///
    /// - Parameter name: an SF Symbols name.
    /// - Returns: the MDI icon's name, or `nil` for an unknown symbol.
    public static func iconName(for name: String) -> String? { table[name]?.1 }

    /// The character that draws a symbol in the symbol font.
    package static func codepoint(for name: String) -> Unicode.Scalar? {
        table[name].flatMap { Unicode.Scalar($0.0) }
    }

    /// Up to five known names nearest to an unknown one: by edit distance (names with the same
    /// first component count as nearer), then by the longest common beginning.
    ///
    /// - Parameter name: the unknown name.
    /// - Returns: near names, nearest first.
    public static func suggestions(for name: String) -> [String] {
        let lowered = name.lowercased()
        let stem = lowered.split(separator: ".").first.map(String.init) ?? lowered
        let scored = names.map { candidate -> (score: Int, prefix: Int, name: String) in
            var score = distance(lowered, candidate)
            if candidate.split(separator: ".").first.map(String.init) == stem { score -= 3 }
            let prefix = zip(lowered, candidate).prefix { $0 == $1 }.count
            return (score, prefix, candidate)
        }
        let limit = max(3, lowered.count / 2)
        return scored.filter { $0.score <= limit }
            .sorted { ($0.score, -$0.prefix, $0.name) < ($1.score, -$1.prefix, $1.name) }
            .prefix(5).map(\.name)
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The message for an unknown symbol name.
    ///
    /// - Parameter name: the unknown name.
    /// - Returns: a sentence naming it and the nearest known names.
    public static func unknownMessage(_ name: String) -> String {
        let near = suggestions(for: name)
        return "unknown symbol '\(name)' in Image(systemName:)"
            + (near.isEmpty
                ? "; SymbolCatalog.names lists the \(table.count) known names"
                : "; did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))? (SymbolCatalog.names lists all \(table.count))")
    }
}
