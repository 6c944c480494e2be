// Large zeroed blocks on transparent huge pages: see PixelMemory.h.

#define _GNU_SOURCE 1

#include "PixelMemory.h"

#include <stdint.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdlib.h>
#include <sys/mman.h>

#define WR_HUGE_PAGE ((size_t)2 << 20)
#define WR_PAGE ((size_t)4096)
/// Blocks from this size up are rounded up to whole huge pages: a 1 MB surface then costs one
/// fault and up to 1 MB more memory than it uses.
#define WR_HUGE_FROM ((size_t)1 << 20)

wr_pages *wr_pages_create(size_t size) {
    if (size == 0 || size > SIZE_MAX - 2 * WR_HUGE_PAGE) return NULL;
    wr_pages *pages = (wr_pages *)malloc(sizeof *pages);
    if (!pages) return NULL;
    const int huge = size >= WR_HUGE_FROM;
    const size_t length = huge ? (size + WR_HUGE_PAGE - 1) & ~(WR_HUGE_PAGE - 1) : (size + WR_PAGE - 1) & ~(WR_PAGE - 1);
    // One huge page more than needed, to cut an aligned run out of.
    const size_t span = huge ? length + WR_HUGE_PAGE : length;
    uint8_t *raw = (uint8_t *)mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) {
        free(pages);
        return NULL;
    }
    uint8_t *start = raw;
    if (huge) {
        start = (uint8_t *)(((uintptr_t)raw + WR_HUGE_PAGE - 1) & ~(uintptr_t)(WR_HUGE_PAGE - 1));
        if (start > raw) munmap(raw, (size_t)(start - raw));
        const size_t tail = (size_t)((raw + span) - (start + length));
        if (tail > 0) munmap(start + length, tail);
        // Advice only: a kernel without transparent huge pages, or with them off, maps 4 KB pages.
        (void)madvise(start, length, MADV_HUGEPAGE);
    }
    pages->data = start;
    pages->length = length;
    return pages;
}

void wr_pages_release(void *value) {
    wr_pages *pages = (wr_pages *)value;
    if (!pages) return;
    munmap(pages->data, pages->length);
    free(pages);
}

int wr_memory_keep_freed(void) {
#if defined(__GLIBC__)
    const int trimmed = mallopt(M_TRIM_THRESHOLD, 256 << 20);
    const int mapped = mallopt(M_MMAP_THRESHOLD, 32 << 20);
    return trimmed == 1 && mapped == 1 ? 0 : 1;
#else
    return 1;
#endif
}
