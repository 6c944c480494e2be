import WidgetRender
import WidgetDrawing

/// What the rendering commands (`render`, `gallery`, `bench`) set for their whole process before
/// they render. A program that renders through the library decides these for itself.
package enum RenderingProcess {
    /// Keeps freed memory (``ProcessMemory``) and, with `--jobs N`, lets at most N threads work at
    /// once: N workers drawing, and an image's encode shared with at most N − 1 helper threads
    /// (``WidgetPNGWriter/helperThreadLimit``), so `--jobs 1` runs on one thread.
    package static func prepare(for request: RenderBatch) {
        ProcessMemory.keepFreedMemory()
        if request.workers > 0 { WidgetPNGWriter.helperThreadLimit = request.workers - 1 }
    }
}
