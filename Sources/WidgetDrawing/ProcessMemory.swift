import ISALPNG

/// How a rendering process asks glibc's allocator to keep the memory it was given.
///
/// By default glibc gives a worker thread's freed heap top back to the kernel once it is over
/// 128 KB, and maps blocks over its (moving) threshold afresh. A worker frees and allocates about
/// the same few hundred KB for every image (its PNG file, Pango's and Cairo's buffers), so its heap
/// was trimmed and grown again for every PNG: in `bench --batch 300`, 407 `madvise` calls, each
/// a TLB shootdown on the other core, and the pages faulted in again after; with the memory kept,
/// 69, all at start-up. What is kept is what the run used at its peak, so the resident memory
/// stays flat as the image count grows, as before.
///
/// This changes the whole process's allocator, so only the command line's rendering commands
/// call it; a program that renders through the library decides for itself.
package enum ProcessMemory {
    /// Keeps up to 256 MB of freed heap per arena and serves blocks up to 32 MB from the heap.
    /// Call once, before rendering.
    package static func keepFreedMemory() {
        _ = wr_memory_keep_freed()
    }
}
