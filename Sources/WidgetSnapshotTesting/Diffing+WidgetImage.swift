import Foundation
import SnapshotTesting
import WidgetRender
import WidgetDrawing

extension Diffing where Value == WidgetImage {
    /// Compares decoded pixels, never PNG bytes.
    ///
    /// A pixel counts as different when a channel differs by more than `channelTolerance`
    /// (0…255); the images match while no more than `maxDifferingShare` (0…1) of the pixels
    /// differ. The defaults absorb pixman's CPU-specific rounding (a channel off by up to 8 on
    /// at most 0.05 % of pixels) yet fail on a line moved by one pixel or a changed digit.
    ///
    /// ```swift
    /// Snapshotting<WidgetImage, WidgetImage>(pathExtension: "png", diffing: .widgetImage(channelTolerance: 0))
    /// ```
    ///
    /// - Parameters:
    ///   - channelTolerance: how far a channel may differ and still count as equal.
    ///   - maxDifferingShare: the share of pixels that may differ beyond that.
    /// - Returns: the diffing, with PNG as the reference format.
    public static func widgetImage(channelTolerance: Int = 8, maxDifferingShare: Double = 0.0005) -> Diffing {
        let comparison = PixelComparison(
            channelTolerance: max(0, min(255, channelTolerance)),
            maxDifferingShare: maxDifferingShare.isFinite ? max(0, min(1, maxDifferingShare)) : 0)
        return .diff(
            toData: { $0.pngData() },
            fromData: { WidgetImage.reading($0) },
            diffV2: { reference, actual in
                if let failure = actual.failure { return ("could not render the widget: \(failure)", []) }
                if let failure = reference.failure { return (failure, []) }
                guard let expected = reference.surface, let surface = actual.surface else { return nil }
                let difference = comparison.difference(expected, surface)
                if comparison.matches(difference) { return nil }
                return (
                    """
                    pixels differ: \(difference)
                    tolerance: channel ±\(comparison.channelTolerance), at most \(comparison.maxDifferingShare * 100)% of pixels
                    rendered with: \(actual.renderStack)
                    """, []
                )
            })
    }
}
