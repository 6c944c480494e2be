import Foundation

/// The changed regions of a run's screens, each against the screen before it of the same
/// widget and family, as the workers draw them in any order: a screen's pixels as written are
/// kept only until the screen after it has been compared with them, and a screen drawn before
/// the one it follows waits (its record with it) until that one is drawn.
///
/// Workers keep to one widget and family and take its screens in order (``JobQueue``), so
/// at most one frame of pixels per worker is kept.
final class ScreenComparison: @unchecked Sendable {
    /// A drawn job whose record may still need its changed region.
    struct Pending {
        var index: Int
        var drawn: ImageJob.Drawn
        var pixels: PixelFrame?
        var previous: Int?
        var keepsPixels: Bool
    }

    /// Where the kept pixels' buffers go back when no longer needed.
    let buffers = PixelFrame.Buffers()
    private let lock = NSLock()
    /// The pixels of drawn screens whose next screen has not been compared yet, by job index
    /// (`nil` for a screen drawn without them: the next one is then not compared).
    private var kept: [Int: PixelFrame?] = [:]
    /// Drawn screens whose screen before has not been drawn yet, by that screen's job index.
    private var waiting: [Int: Pending] = [:]

    /// Takes a drawn job; returns the jobs whose records are now complete, this one and any
    /// that waited for it (none when this one waits).
    func complete(_ job: Pending) -> [(index: Int, drawn: ImageJob.Drawn)] {
        lock.withLock {
            var ready: [(index: Int, drawn: ImageJob.Drawn)] = []
            var current = job
            while true {
                if let previous = current.previous {
                    guard let before = kept.removeValue(forKey: previous) else {
                        waiting[previous] = current
                        break
                    }
                    if let pixels = current.pixels, let before {
                        let region = pixels.changedRegion(from: before)
                        current.drawn.image.pixelsChanged = region != nil
                        current.drawn.image.changedRegion = region
                    }
                    if let before { buffers.give(before) }
                }
                ready.append((current.index, current.drawn))
                if current.keepsPixels {
                    kept[current.index] = .some(current.pixels)
                } else if let pixels = current.pixels {
                    buffers.give(pixels)
                }
                guard let next = waiting.removeValue(forKey: current.index) else { break }
                current = next
            }
            return ready
        }
    }

    /// The file of a screen still waiting for the one before it, if any (an internal error).
    var stillWaiting: String? {
        lock.withLock { waiting.values.first?.drawn.image.file }
    }
}
