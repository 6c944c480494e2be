/// A container that sizes and places its subviews by rules of its own, as SwiftUI's `Layout`
/// (iOS 16): a flow of tags, a radial dial, a grid of your own.
///
/// A layout answers two questions, as in SwiftUI: how large it is for a proposal
/// (``sizeThatFits(proposal:subviews:cache:)``), and where each subview goes in the bounds it was
/// given (``placeSubviews(in:proposal:subviews:cache:)``). It asks its subviews their sizes
/// with ``LayoutSubview/sizeThatFits(_:)`` and places each with
/// ``LayoutSubview/place(at:anchor:proposal:)``; a subview it does not place is centred in the
/// bounds. Use it as a view by calling it with its content:
///
/// ```swift
/// struct Flow: Layout {
///     var spacing = 6.0
///     func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> Size {
///         rows(subviews, width: proposal.width ?? .infinity).last.map { Size(width: proposal.width ?? $0.maxX, height: $0.maxY) } ?? .zero
///     }
///     func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) { … }
/// }
///
/// Flow { ForEach(tags, id: \.self) { Text($0) } }
/// ```
///
/// Sizes and points are in points, as `Size`, `Point` and `Rect` (SwiftUI's `CGSize`, `CGPoint`
/// and `CGRect`). A layout is `Sendable`, as every view here is. Not here yet: `spacing(subviews:cache:)`,
/// explicit alignment guides and `layoutProperties`.
public protocol Layout: Sendable {
    /// What the layout keeps between its calls for one set of subviews (`Void` for nothing).
    associatedtype Cache = Void

    /// The subviews, as the layout's methods receive them.
    typealias Subviews = LayoutSubviews

    /// The layout's size for a proposal.
    ///
    /// - Parameters:
    ///   - proposal: the size the parent offers; `nil` on an axis asks for the ideal size there.
    ///   - subviews: the subviews, to ask their sizes.
    ///   - cache: the cache ``makeCache(subviews:)`` made.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> Size

    /// Places each subview within `bounds` (in the widget's coordinates: start from
    /// `bounds.minX` and `bounds.minY`).
    func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)

    /// Makes the cache for a set of subviews.
    func makeCache(subviews: Subviews) -> Cache
}

extension Layout where Cache == Void {
    /// No cache.
    public func makeCache(subviews: Subviews) {}
}

extension Layout {
    /// The layout as a view of `content`, as `MyLayout { … }` in SwiftUI.
    ///
    /// - Parameter content: the subviews; a `ForEach` or a group gives one subview per view.
    public func callAsFunction(@ViewBuilder _ content: () -> ViewNode) -> ViewNode {
        .primitive(LayoutBox(self), content().flattened)
    }
}

/// A proposal: the size a parent offers a view, as SwiftUI's `ProposedViewSize`. `nil` on an
/// axis asks for the view's ideal size there; `.infinity` for its largest.
public struct ProposedViewSize: Hashable, Sendable {
    /// The width offered, or `nil` for the ideal width.
    public var width: Double?
    /// The height offered, or `nil` for the ideal height.
    public var height: Double?

    /// A proposal of a width and a height.
    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    /// A proposal of a size.
    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// Asks for the ideal size.
    public static var unspecified: ProposedViewSize { ProposedViewSize(width: nil, height: nil) }
    /// Asks for the smallest size.
    public static var zero: ProposedViewSize { ProposedViewSize(width: 0, height: 0) }
    /// Asks for the largest size.
    public static var infinity: ProposedViewSize { ProposedViewSize(width: .infinity, height: .infinity) }

    /// The proposal with `nil` axes replaced by `size`'s (10 × 10 by default, as SwiftUI).
    public func replacingUnspecifiedDimensions(by size: Size = Size(width: 10, height: 10)) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }
}

/// The subviews of a ``Layout``, in their order in its content.
public struct LayoutSubviews: RandomAccessCollection {
    private let host: any LayoutSubviewHost
    private let range: Range<Int>

    package init(host: any LayoutSubviewHost) {
        self.host = host
        range = 0..<host.subviewCount
    }

    /// 0.
    public var startIndex: Int { range.lowerBound }
    /// The number of subviews.
    public var endIndex: Int { range.upperBound }

    /// The subview at `index`.
    public subscript(index: Int) -> LayoutSubview { LayoutSubview(host: host, index: index) }
}

/// One subview of a ``Layout``: ask its size, place it.
public struct LayoutSubview {
    private let host: any LayoutSubviewHost
    private let index: Int

    fileprivate init(host: any LayoutSubviewHost, index: Int) {
        self.host = host
        self.index = index
    }

    /// The size the subview chooses for a proposal.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> Size {
        host.sizeThatFits(index, proposal)
    }

    /// The subview's `layoutPriority` (0 unless set).
    public var priority: Double { host.priority(index) }

    /// Places the subview: the point of it at `anchor` goes to `position`, at the size it
    /// chooses for `proposal`. Only ``Layout/placeSubviews(in:proposal:subviews:cache:)`` places;
    /// a call elsewhere does nothing, and the last call for a subview wins.
    ///
    /// - Parameters:
    ///   - position: where the anchor goes, in the widget's coordinates.
    ///   - anchor: the point of the subview at `position` (its top leading corner by default).
    ///   - proposal: the size offered to the subview.
    public func place(at position: Point, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        let size = host.sizeThatFits(index, proposal)
        host.place(
            index,
            in: Rect(
                x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height, width: size.width,
                height: size.height))
    }
}

/// What answers a layout's subviews: the layout engine, for one container at one place.
package protocol LayoutSubviewHost: AnyObject {
    var subviewCount: Int { get }
    func sizeThatFits(_ index: Int, _ proposal: ProposedViewSize) -> Size
    func priority(_ index: Int) -> Double
    /// Records where a subview goes (ignored while the layout is only being sized).
    func place(_ index: Int, in rect: Rect)
}

/// A layout with its type erased, as a view tree holds it.
package struct LayoutBox: Sendable {
    private let size: @Sendable (ProposedViewSize, LayoutSubviews) -> Size
    private let placement: @Sendable (Rect, ProposedViewSize, LayoutSubviews) -> Void
    /// Whether subviews the layout does not place are drawn, centred (SwiftUI's rule), or left
    /// out (``ViewThatFits``, which shows one of its subviews).
    package let drawsUnplaced: Bool

    package init<L: Layout>(_ layout: L, drawsUnplaced: Bool = true) {
        self.drawsUnplaced = drawsUnplaced
        size = { proposal, subviews in
            var cache = layout.makeCache(subviews: subviews)
            return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
        }
        placement = { bounds, proposal, subviews in
            var cache = layout.makeCache(subviews: subviews)
            layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
    }

    /// The layout's size for a proposal.
    package func sizeThatFits(_ proposal: ProposedViewSize, subviews: LayoutSubviews) -> Size {
        size(proposal, subviews)
    }

    /// Lets the layout place its subviews in `bounds`.
    package func placeSubviews(in bounds: Rect, proposal: ProposedViewSize, subviews: LayoutSubviews) {
        placement(bounds, proposal, subviews)
    }
}

extension LayoutBox: ViewBehavior {
    package func sizeThatFits(
        _ proposal: ProposedViewSize, children: [ViewNode], environment: EnvironmentValues, pass: any LayoutPass
    ) -> Size {
        let host = SubviewHost(pass: pass, children: children, environment: environment, placing: false)
        let chosen = sizeThatFits(proposal, subviews: LayoutSubviews(host: host))
        // A user's layout may answer anything: a size that is not a finite, positive number
        // takes the proposal's (or nothing), never a NaN frame.
        func sane(_ value: Double, _ proposed: Double?) -> Double {
            value.isFinite ? max(0, value) : (proposed.flatMap { $0.isFinite ? $0 : nil } ?? 0)
        }
        return Size(width: sane(chosen.width, proposal.width), height: sane(chosen.height, proposal.height))
    }

    /// Lets the layout place its subviews in `rect`, then lays each out where it went; one it
    /// did not place is centred (SwiftUI's rule) or, for ``ViewThatFits``, left out.
    package func place(
        _ children: [ViewNode], in rect: Rect, environment: EnvironmentValues, pass: any LayoutPass,
        into items: inout [DisplayItem]
    ) {
        let host = SubviewHost(pass: pass, children: children, environment: environment, placing: true)
        placeSubviews(in: rect, proposal: ProposedViewSize(rect.size), subviews: LayoutSubviews(host: host))
        for (index, child) in children.enumerated() {
            if let frame = host.placed[index] {
                pass.place(child, in: frame, environment: environment, into: &items)
            } else if drawsUnplaced {
                let size = pass.size(of: child, proposal: ProposedViewSize(rect.size), environment: environment)
                pass.place(child, in: rect.aligning(size, .center), environment: environment, into: &items)
            }
        }
    }

    /// A layout's subviews are flattened: a group or `ForEach` gives one subview per view.
    package func resolved(_ children: [ViewNode], in environment: EnvironmentValues) -> ViewNode {
        .primitive(self, children.map { $0.resolved(in: environment) }.flatMap(\.flattened))
    }

    package func describe(_ children: [String]) -> String { "Layout[\(children.joined(separator: ", "))]" }
}

/// A ``Layout``'s subviews at one place in the tree: their sizes come from the pass, and their
/// places are recorded while the layout places them.
private final class SubviewHost: LayoutSubviewHost {
    private let pass: any LayoutPass
    private let children: [ViewNode]
    private let environment: EnvironmentValues
    private let placing: Bool
    /// Where each subview was placed (while placing); frames that are not finite are dropped.
    private(set) var placed: [Rect?]

    init(pass: any LayoutPass, children: [ViewNode], environment: EnvironmentValues, placing: Bool) {
        self.pass = pass
        self.children = children
        self.environment = environment
        self.placing = placing
        placed = Array(repeating: nil, count: placing ? children.count : 0)
    }

    var subviewCount: Int { children.count }

    func sizeThatFits(_ index: Int, _ proposal: ProposedViewSize) -> Size {
        guard children.indices.contains(index) else { return .zero }
        return pass.size(of: children[index], proposal: proposal, environment: environment)
    }

    func priority(_ index: Int) -> Double {
        children.indices.contains(index) ? children[index].layoutPriority : 0
    }

    func place(_ index: Int, in rect: Rect) {
        guard placing, placed.indices.contains(index),
            [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite)
        else { return }
        placed[index] = Rect(x: rect.minX, y: rect.minY, width: max(0, rect.width), height: max(0, rect.height))
    }
}
