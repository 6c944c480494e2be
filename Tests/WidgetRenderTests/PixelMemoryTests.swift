import CCairo
import Foundation
import ISALPNG
import Synchronization
import Testing
@testable import WidgetDrawing

/// Large blocks on huge pages (PixelMemory.c), the surfaces drawn on them, and the PNG writer's
/// memory kept per thread: none of it may show in a pixel or a byte.
@Suite("Pixel memory")
struct PixelMemoryTests {
    @Test func blocksAreZeroedAndAlignedAndLargeOnesOnWholeHugePages() throws {
        let huge = 2 << 20
        for (size, expected) in [(3_000_000, 4 << 20), (1 << 20, 2 << 20), (10_000, 12_288), (1, 4096)] {
            let pages = try #require(wr_pages_create(size), "\(size) bytes")
            defer { wr_pages_release(pages) }
            let length = pages.pointee.length
            let address = UInt(bitPattern: pages.pointee.data)
            #expect(length == expected, "\(size) bytes")
            #expect(
                address % (size >= 1 << 20 ? UInt(huge) : 4096) == 0, "\(size) bytes at 0x\(String(address, radix: 16))"
            )
            let bytes = UnsafeMutableRawBufferPointer(start: pages.pointee.data, count: length)
            #expect(bytes.allSatisfy { $0 == 0 }, "\(size) bytes")
            // Writable to the end.
            bytes.initializeMemory(as: UInt8.self, repeating: 7)
            #expect(bytes[length - 1] == 7)
        }
        #expect(wr_pages_create(0) == nil)
        wr_pages_release(nil)
    }

    /// Draws translucent, antialiased shapes, then a layer painted over them, on `cr`.
    private static func draw(on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, 0.2, 0.6, 0.3, 0.55)
        cairo_arc(cr, 300, 300, 211.3, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_set_line_width(cr, 7.5)
        cairo_set_source_rgba(cr, 0.9, 0.1, 0.4, 0.8)
        cairo_move_to(cr, 13.2, 40.7)
        cairo_curve_to(cr, 200, 590, 420, -30, 590, 410.3)
        cairo_stroke(cr)
        cairo_push_group(cr)
        cairo_set_source_rgba(cr, 0.1, 0.2, 0.9, 0.4)
        cairo_rectangle(cr, 50.5, 60.25, 400.3, 200.7)
        cairo_fill(cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, 0.7)
    }

    @Test func aSurfaceOnMappedMemoryDrawsLikeOneCairoAllocated() throws {
        // 600 × 600 × 4 bytes: over the size that gets mapped memory.
        let width = 600
        let height = 600
        #expect(width * height * 4 >= CairoSurface.hugePageBytes)
        let mapped = try CairoSurface(width: width, height: height)
        let own = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        defer { cairo_surface_destroy(own) }
        for surface in [mapped.pointer, own] {
            let cr = try #require(cairo_create(surface))
            Self.draw(on: cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
        }
        let stride = Int(cairo_image_surface_get_stride(own))
        #expect(mapped.stride == stride)
        let ownBytes = try #require(cairo_image_surface_get_data(own))
        let same = mapped.withPixels { pixels, _ in memcmp(pixels, ownBytes, stride * height) == 0 }
        #expect(same == true, "the surface on mapped memory drew other pixels")
    }

    @Test func aFileDoesNotDependOnWhatItsThreadEncodedBefore() throws {
        // The writer keeps each thread's output buffer; a buffer grown by a larger image before
        // must not change the next image's bytes (igzip's output depends on the room it gets).
        let small = try PNGWriterTests.sample("every alpha and colour")
        let large = PNGWriterTests.Sample(name: "noise", width: 700, height: 500) { x, y in
            PNGWriterTests.noise(y * 700 + x) | 0xFF00_0000
        }
        let files = Mutex<[Int: Data]>([:])
        let errors = Mutex<[String]>([])
        let done = DispatchGroup()
        for (index, first) in [nil, large].enumerated() {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                do {
                    if let first { _ = try WidgetPNGWriter().encode(try first.surface()) }
                    let file = try WidgetPNGWriter().encode(try small.surface())
                    files.withLock { $0[index] = file }
                } catch {
                    errors.withLock { $0.append("\(error)") }
                }
            }
        }
        done.wait()
        #expect(errors.withLock { $0 }.isEmpty)
        let both = files.withLock { $0 }
        #expect(both[0] != nil && both[0] == both[1])
    }

}
