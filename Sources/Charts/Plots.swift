import WidgetCore

/// A property of a collection's elements, plotted by a vectorized plot, as Swift Charts'
/// `PlottableProjection`: `.value("Close", \.close)`.
public struct PlottableProjection<Element, Value: Plottable>: @unchecked Sendable {
    // A key path of a value type is immutable and safe to share; `KeyPath` is not marked Sendable.
    /// What the values measure.
    public let label: String
    @usableFromInline
    let keyPath: KeyPath<Element, Value>

    @usableFromInline
    init(label: String, keyPath: KeyPath<Element, Value>) {
        self.label = label
        self.keyPath = keyPath
    }

    /// Each element's value at `keyPath`, named by what it measures.
    @inlinable
    public static func value(_ label: String, _ keyPath: KeyPath<Element, Value>) -> Self {
        Self(label: label, keyPath: keyPath)
    }

    /// The values of a collection's elements, read once each: straight from the elements'
    /// memory when the key path names a stored property of a trivial type (a `Double`, a
    /// `Date`) of a struct in contiguous storage (a class's property has no offset), as reading
    /// through a key path costs a lookup per element.
    @inlinable
    func values<Data: RandomAccessCollection>(of data: Data) -> [PlotValue] where Data.Element == Element {
        if _isPOD(Value.self), let offset = MemoryLayout<Element>.offset(of: keyPath),
            let values = data.withContiguousStorageIfAvailable({ buffer -> [PlotValue] in
                guard let base = UnsafeRawPointer(buffer.baseAddress) else { return [] }
                let stride = MemoryLayout<Element>.stride
                return (0..<buffer.count).map { index in
                    base.load(fromByteOffset: index * stride + offset, as: Value.self).plotValue
                }
            })
        {
            return values
        }
        var values: [PlotValue] = []
        values.reserveCapacity(data.count)
        for element in data { values.append(element[keyPath: keyPath].plotValue) }
        return values
    }
}

/// A whole series' values, as one mark.
@usableFromInline
struct MarkVector: Sendable {
    var x: [PlotValue]
    /// The values along y (an area's lower edge when ``yEnd`` is given).
    var y: [PlotValue]
    var yEnd: [PlotValue]?

    @usableFromInline
    init(x: [PlotValue], y: [PlotValue], yEnd: [PlotValue]? = nil) {
        let count = min(x.count, y.count, yEnd?.count ?? .max)
        self.x = Array(x.prefix(count))
        self.y = Array(y.prefix(count))
        self.yEnd = yEnd.map { Array($0.prefix(count)) }
    }
}

/// A line through a collection's elements, as Swift Charts' vectorized `LinePlot` (iOS 18): one
/// mark for the whole series, however many points — the way to draw thousands of them.
///
/// ```swift
/// Chart {
///     LinePlot(closes, x: .value("Day", \.date), y: .value("Close", \.close))
///         .foregroundStyle(.orange)
/// }
/// ```
///
/// Each `LinePlot` is a line of its own; the same modifiers as ``LineMark`` apply to all of it.
public struct LinePlot: MarkModifiers {
    /// The plot's description (you do not use this).
    public var _spec: MarkSpec

    /// A line through `data`'s elements, in order.
    @inlinable
    public init<Data: RandomAccessCollection, X: Plottable, Y: Plottable>(
        _ data: Data, x: PlottableProjection<Data.Element, X>, y: PlottableProjection<Data.Element, Y>
    ) {
        _spec = MarkSpec(.line)
        _spec.vector = MarkVector(x: x.values(of: data), y: y.values(of: data))
    }
}

/// The area under a line through a collection's elements (from zero), or between two of their
/// values, as Swift Charts' vectorized `AreaPlot` (iOS 18): one mark for the whole series.
///
/// ```swift
/// AreaPlot(days, x: .value("Day", \.date), yStart: .value("Low", \.low), yEnd: .value("High", \.high))
/// ```
public struct AreaPlot: MarkModifiers {
    /// The plot's description (you do not use this).
    public var _spec: MarkSpec

    /// The area from zero to each element's `y`.
    @inlinable
    public init<Data: RandomAccessCollection, X: Plottable, Y: Plottable>(
        _ data: Data, x: PlottableProjection<Data.Element, X>, y: PlottableProjection<Data.Element, Y>
    ) {
        _spec = MarkSpec(.area)
        let values = y.values(of: data)
        _spec.vector = MarkVector(
            x: x.values(of: data), y: Array(repeating: .number(0), count: values.count), yEnd: values)
    }

    /// The band between each element's `yStart` and `yEnd`.
    @inlinable
    public init<Data: RandomAccessCollection, X: Plottable, Y: Plottable>(
        _ data: Data, x: PlottableProjection<Data.Element, X>, yStart: PlottableProjection<Data.Element, Y>,
        yEnd: PlottableProjection<Data.Element, Y>
    ) {
        _spec = MarkSpec(.area)
        _spec.vector = MarkVector(x: x.values(of: data), y: yStart.values(of: data), yEnd: yEnd.values(of: data))
    }
}
