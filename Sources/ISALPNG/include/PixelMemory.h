#ifndef WIDGETRENDER_PIXEL_MEMORY_H
#define WIDGETRENDER_PIXEL_MEMORY_H

#include <stddef.h>

/// Zeroed memory for pixels and other blocks of a megabyte or more, mapped from the kernel on
/// transparent huge pages where the kernel allows (`madvise(MADV_HUGEPAGE)`): a new block is
/// then faulted in 2 MB at a time instead of 4 KB, which for a widget's surfaces and work memory
/// was a sixth of a cold run's CPU. Smaller blocks are mapped as usual.
typedef struct wr_pages {
    /// At least the size asked for, zeroed, page aligned (2 MB aligned from 1 MB up).
    void *data;
    /// What is mapped, for unmapping.
    size_t length;
} wr_pages;

/// A new block of at least `size` bytes, or NULL when out of memory. Free it with
/// `wr_pages_release`.
wr_pages *wr_pages_create(size_t size);

/// Unmaps a block from `wr_pages_create` and frees its record. NULL does nothing. Its signature
/// is Cairo's `cairo_destroy_func_t`, so a surface can own its pixels.
void wr_pages_release(void *pages);

/// Asks glibc's allocator to keep freed memory: up to 256 MB of freed heap per arena stays
/// (instead of 128 KB), and blocks up to 32 MB (glibc's own ceiling for its moving threshold)
/// come from the heap rather than a mapping of their own. See ProcessMemory.swift. Returns 0 when
/// both settings were taken (always 1 on a C library without `mallopt`).
int wr_memory_keep_freed(void);

#endif
