import Foundation
import WidgetRender

/// The built-in widgets' design for the dashboard families of e-ink screens (TRMNL, Kindle,
/// Inkplate…), drawn to stay legible at one bit a pixel: black on white, as TRMNL's own
/// plugins are, with a title bar at the bottom naming the widget and what it shows.
///
/// - Text is 16 pt or more (16 px on a TRMNL, 32 on a Kindle) and in the primary colour: the
///   secondary grey turns white at one bit.
/// - Strokes are 2 device pixels or more (``stroke(_:scale:)``); no hairline grid.
/// - No meaning in colour alone: a change has its sign and an arrow, series their own line
///   style and a direct label, shares their own bar.
/// - The one grey fill (a chart's daily bars under their average) costs nothing when a
///   one-bit panel drops it.
///
/// ```swift
/// Dashboard.titleBar("Apple", instance: "AAPL", trailing: "Nov 14, 2023")
/// ```
enum Dashboard {
    /// The smallest text, in points: TRMNL's label size at one pixel a point.
    static let smallestText = 16.0
    /// The thinnest stroke, in device pixels: a one-pixel line breaks up or vanishes at one bit.
    static let thinnestStroke = 2.0
    /// A chart's series line, in points.
    static let seriesLine = 3.0
    /// A rule, tick, outline or reference line, in points.
    static let ruleLine = 2.0
    /// The gap between the content and the title bar, in points.
    static let titleBarGap = 14.0

    /// A stroke `points` wide, and never under ``thinnestStroke`` device pixels at `scale`.
    static func stroke(_ points: Double, scale: Double) -> Double {
        max(points, thinnestStroke / max(1, scale))
    }

    /// Labels over figures, and the title bar's words.
    static var labelFont: Font { Font(size: smallestText, weight: .semibold) }
    /// A figure `size` points high, bold, with digits of one width.
    static func figureFont(_ size: Double) -> Font { Font(size: size, weight: .bold).monospacedDigit() }

    /// Whether a slot is landscape enough to put figures beside a chart rather than above it.
    static func isWide(_ size: Size) -> Bool { size.width >= size.height * 1.25 }

    /// The arrow that states a change's direction without colour: `▲ `, `▼ `, or nothing.
    static func arrow(_ trend: ChangeTrend) -> String {
        switch trend {
        case .up: "▲ "
        case .down: "▼ "
        case .flat: ""
        }
    }

    /// A figure that may shrink to fit its width, from `size` to no less than `smallest` points.
    static func figure(_ text: String, size: Double, smallest: Double = 24) -> ViewNode {
        Text(text).font(figureFont(size)).lineLimit(1)
            .minimumScaleFactor(size > smallest ? max(smallest, smallestText) / size : 1)
    }

    /// A label in the label font, on one line.
    static func label(_ text: String) -> ViewNode {
        Text(text).font(labelFont).lineLimit(1)
    }

    /// A label over its figure, as TRMNL's `item` (`label` over `value`).
    static func fact(
        _ label: String, _ value: String, size: Double = 24, alignment: HorizontalAlignment = .leading
    ) -> ViewNode {
        VStack(alignment: alignment, spacing: 0) {
            Self.label(label)
            figure(value, size: size, smallest: smallestText)
        }
        .node
    }

    /// Facts in rows of `columns`, each column as wide as the others.
    static func facts(_ facts: [(String, String)], columns: Int, size: Double = 24, spacing: Double = 12) -> ViewNode {
        let columns = max(1, columns)
        let rows = stride(from: 0, to: facts.count, by: columns).map {
            Array(facts[$0..<min(facts.count, $0 + columns)])
        }
        return VStack(alignment: .leading, spacing: spacing) {
            ForEach(rows.indices, id: \.self) { row in
                HStack(alignment: .top, spacing: 16) {
                    ForEach(0..<columns, id: \.self) { column in
                        if column < rows[row].count {
                            fact(rows[row][column].0, rows[row][column].1, size: size)
                                .frame(maxWidth: .infinity, alignment: .leading)
                        } else {
                            // An empty column keeps the others' widths, and takes no height.
                            Spacer(minLength: 0).frame(maxWidth: .infinity, maxHeight: 0)
                        }
                    }
                }
            }
        }
        .node
    }

    /// The bar at the foot of every dashboard slot, as TRMNL's `title_bar`: the widget's subject
    /// in bold, what instance it is, and at the trailing edge when its figures are from. What
    /// does not fit goes, the instance first, then the time.
    static func titleBar(_ title: String, instance: String?, trailing: String?) -> ViewNode {
        let titleText = Text(title).font(Font(size: smallestText, weight: .bold)).lineLimit(1)
        let instanceText = Text(instance ?? "").font(Font(size: smallestText, weight: .semibold)).lineLimit(1)
        let trailingText = Text(trailing ?? "").font(Font(size: smallestText, weight: .semibold)).lineLimit(1)
        return ViewThatFits(in: .horizontal) {
            HStack(alignment: .center, spacing: 8) {
                titleText
                if instance != nil { instanceText }
                Spacer(minLength: 12)
                if trailing != nil { trailingText }
            }
            HStack(alignment: .center, spacing: 8) {
                titleText
                Spacer(minLength: 12)
                if trailing != nil { trailingText }
            }
            HStack(alignment: .center, spacing: 8) {
                titleText
                Spacer(minLength: 0)
            }
        }
        .node
    }

    /// A slot's content over its title bar, the content taking what the bar leaves.
    static func slot(_ content: ViewNode, titleBar: ViewNode) -> ViewNode {
        VStack(alignment: .leading, spacing: titleBarGap) {
            content.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            titleBar
        }
        .node
    }

    /// A share of a whole as TRMNL's progress bar: an outlined track filled black to the
    /// share, which a share too small for a pixel still shows as a sliver. Told by length,
    /// never by colour, so bars of several parts read the same at one bit.
    static func bar(share: Double, height: Double = 12, scale: Double) -> ViewNode {
        let share = share.isFinite ? min(1, max(0, share)) : 0
        let outline = stroke(ruleLine, scale: scale)
        return GeometryReader { proxy in
            ZStack(alignment: .leading) {
                Rectangle().strokeBorder(Color.primary, lineWidth: outline)
                Rectangle().fill(Color.primary)
                    .frame(width: share > 0 ? max(outline * 2, proxy.size.width * share) : 0)
            }
        }
        .frame(height: height)
    }
}
