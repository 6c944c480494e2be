import Foundation
import WidgetCore
import WidgetLayout

/// Widgets composed into one e-ink or kiosk screen, TRMNL's "mashup": one to four slots of the
/// dashboard families, filled left to right, top to bottom, that tile the screen exactly.
///
/// ```swift
/// let layout = try ScreenLayout(
///     parsing: "price:halfVertical,covid-country?country=JPN:quadrant,covid-country?country=KOR:quadrant")
/// layout.slots[1].parameters  // ["country": "JPN"]
/// layout.slots[2].column      // 1, row 1: the bottom right quarter
/// ```
public struct ScreenLayout: Sendable, Hashable, CustomStringConvertible {
    /// One widget in its slot.
    public struct Slot: Sendable, Hashable {
        /// The widget's kind.
        public var kind: String
        /// Its parameters, by key (`country=JPN`).
        public var parameters: [String: String]
        /// The dashboard family of its slot.
        public var family: WidgetFamily
        /// The slot's first column and row in the screen's 2×2 grid of quarters.
        public var column: Int
        /// The slot's first row.
        public var row: Int
    }

    /// The slots, in the order they were given (left to right, top to bottom).
    public var slots: [Slot]

    /// The layout as it is written: `kind[?key=value&…]:slot,…`, keys and values
    /// percent-encoded where they hold a character the layout's syntax uses (it reads back the same).
    public var description: String {
        slots.map { slot in
            let query = slot.parameters.sorted { $0.key < $1.key }.map {
                "\(Self.encoded($0.key))=\(Self.encoded($0.value))"
            }
            return slot.kind + (query.isEmpty ? "" : "?" + query.joined(separator: "&")) + ":" + slot.family.shortName
        }.joined(separator: ",")
    }

    /// Lays out widgets in the slots given, left to right, top to bottom: each slot takes the
    /// first quarter of the screen not yet filled.
    ///
    /// - Parameter slots: each widget's kind, parameters and dashboard family.
    /// - Throws: ``WidgetRenderError/Kind-swift.struct/invalidRequest`` saying why, when a family is
    ///   not a dashboard family, a slot does not fit where it falls, or the slots leave part of
    ///   the screen empty.
    public init(_ slots: [(kind: String, parameters: [String: String], family: WidgetFamily)])
        throws(WidgetRenderError)
    {
        guard (1...4).contains(slots.count) else {
            throw .invalidRequest(
                "a screen takes one to four widgets (full, halfHorizontal, halfVertical, quadrant), not \(slots.count)")
        }
        var taken = [[Bool]](repeating: [false, false], count: 2)  // [row][column]
        var placed: [Slot] = []
        for (number, slot) in slots.enumerated() {
            guard let span = slot.family.screenSpan else {
                throw .invalidRequest(
                    "\(slot.kind): \(slot.family.shortName) is not a screen slot; use full, halfHorizontal, halfVertical or quadrant"
                )
            }
            let free = (0..<4).map { ($0 % 2, $0 / 2) }.first { !taken[$0.1][$0.0] }
            guard let (column, row) = free else {
                throw .invalidRequest(
                    "\(slot.kind) (\(Self.ordinal(number + 1)) slot): the widgets before it fill the screen already")
            }
            let cells = (row..<(row + span.rows)).flatMap { r in (column..<(column + span.columns)).map { (r, $0) } }
            guard column + span.columns <= 2, row + span.rows <= 2, cells.allSatisfy({ !taken[$0.0][$0.1] }) else {
                throw .invalidRequest(
                    "\(slot.kind) (\(Self.ordinal(number + 1)) slot): a \(slot.family.shortName) does not fit at the \(Self.quarterName(column, row)), the first quarter still free (slots fill left to right, top to bottom)"
                )
            }
            for (r, c) in cells { taken[r][c] = true }
            placed.append(
                Slot(kind: slot.kind, parameters: slot.parameters, family: slot.family, column: column, row: row))
        }
        let empty = (0..<4).map { ($0 % 2, $0 / 2) }.filter { !taken[$0.1][$0.0] }
        guard empty.isEmpty else {
            let quarters = empty.map { Self.quarterName($0.0, $0.1) }.joined(separator: " and ")
            throw .invalidRequest(
                "the layout leaves the \(quarters) empty; the slots must tile the screen (add a quadrant, or make a slot larger)"
            )
        }
        self.slots = placed
    }

    /// Parses `kind[?key=value&…]:slot,…`, such as
    /// `price:halfVertical,covid-country?country=JPN:quadrant,covid-country?country=KOR:quadrant`.
    ///
    /// - Parameter text: the layout; slots are `full`, `halfHorizontal`, `halfVertical` and
    ///   `quadrant` (or `dashboardQuadrant`…), parameter values percent-decoded.
    /// - Throws: ``WidgetRenderError/Kind-swift.struct/invalidRequest`` naming the part that is wrong.
    public init(parsing text: String) throws(WidgetRenderError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw .invalidRequest(
                "the layout is over \(Self.maximumLength.formatted(.number.locale(Locale(identifier: "en_US")))) bytes long"
            )
        }
        var slots: [(kind: String, parameters: [String: String], family: WidgetFamily)] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingCharacters(in: .whitespaces)
            guard let colon = item.lastIndex(of: ":") else {
                throw .invalidRequest(
                    "'\(item)' names no slot: write kind:slot, e.g. price:quadrant (slots: full, halfHorizontal, halfVertical, quadrant)"
                )
            }
            let head = item[..<colon]
            let slotName = String(item[item.index(after: colon)...])
            guard let family = WidgetFamily(name: slotName), family.isDashboard else {
                throw .invalidRequest(
                    "'\(item)': '\(slotName)' is not a slot; use full, halfHorizontal, halfVertical or quadrant")
            }
            let (kindPart, query) =
                head.firstIndex(of: "?").map { (head[..<$0], head[head.index(after: $0)...]) } ?? (head, "")
            let kind = String(kindPart)
            guard !kind.isEmpty else { throw .invalidRequest("'\(item)' names no widget before its slot") }
            var parameters: [String: String] = [:]
            for pair in query.split(separator: "&") {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex,
                    let key = String(pair[..<equals]).removingPercentEncoding,
                    let value = String(pair[pair.index(after: equals)...]).removingPercentEncoding
                else {
                    throw .invalidRequest("'\(item)': '\(pair)' is not key=value")
                }
                guard parameters[key] == nil else { throw .invalidRequest("'\(item)': \(key) is given twice") }
                parameters[key] = value
            }
            slots.append((kind, parameters, family))
        }
        try self.init(slots)
    }

    /// The slot's rectangle on a screen of `width × height` pixels: the left or top half of an
    /// odd number of pixels rounded down, as the dashboard families' sizes are, and the right
    /// and bottom slots against the far edge.
    public static func pixelFrame(of slot: Slot, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let span = slot.family.screenSpan ?? (2, 2)
        let slotWidth = span.columns == 2 ? width : width / 2
        let slotHeight = span.rows == 2 ? height : height / 2
        return (
            slot.column == 0 ? 0 : width - slotWidth, slot.row == 0 ? 0 : height - slotHeight, slotWidth, slotHeight
        )
    }

    /// The longest layout text read, in bytes.
    public static var maximumLength: Int { 4_096 }

    /// Characters a parameter's key or value may hold as they are: not `,` `&` `=` `?` `:` `%`,
    /// space or controls.
    private static let plain: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: ",&=?:%#+ ")
        return set
    }()

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: plain) ?? text
    }

    static func quarterName(_ column: Int, _ row: Int) -> String {
        "\(row == 0 ? "top" : "bottom") \(column == 0 ? "left" : "right") quarter"
    }

    static func ordinal(_ n: Int) -> String { ["first", "second", "third", "fourth"][min(max(n, 1), 4) - 1] }
}
