// A PNG writer for widget images: the rows converted into filtered scanlines, compressed by igzip in
// one call, the chunks (IHDR, IDAT, IEND) written directly.
//
// One call, not a row chunk at a time: igzip's streaming mode copies every chunk of input into its
// own history buffer (measured: a sixth more time for a 1092×510 image), one call reads in place.

#define _GNU_SOURCE 1  // MAP_FIXED_NOREPLACE

#include "ISALPNG.h"
#include "Checksums.h"
#include "Helpers.h"
#include "PixelMemory.h"
#include "PixelRows.h"

#include <isa-l.h>
#include <limits.h>
#include <pthread.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// igzip level 1 with its default buffer; fixed, since the buffer size decides block boundaries.
#define WR_LEVEL_BUFFER_SIZE ISAL_DEF_LVL1_DEFAULT
/// Signature (8) + IHDR (25) + IDAT length and type (8).
#define WR_HEADER_BYTES 41
#define WR_IEND_BYTES 12

#define WR_STRINGIFY(x) #x
#define WR_VERSION_STRING(major, minor, patch) WR_STRINGIFY(major) "." WR_STRINGIFY(minor) "." WR_STRINGIFY(patch)

/// Work memory up to this size stays with its thread for the next image (see wr_work_acquire).
#define WR_WORK_KEEP_LIMIT ((size_t)64 << 20)

// MARK: - Work memory kept per thread

// igzip's state, its level buffer and the scanlines take a few MB per widget. Allocated afresh for
// every image they are new pages each time, and faulting them in cost as much as the compression
// (measured in `widgetrender bench`), so each thread keeps its block for the next image and frees it
// when the thread ends. Nothing is carried over: igzip initialises what it reads, and the scanlines
// are written before they are read. The block is mapped on huge pages (PixelMemory.h), so even a
// thread's first image faults it in a few times rather than hundreds.
//
// The compressed output is kept the same way: a buffer a few hundred KB large, malloc'd and freed
// for every image, made glibc grow and trim the thread's heap each time (page faults, and TLB
// shootdowns on the other core, a tenth of a `bench --batch`'s kernel time); each image's file is
// now copied out of the kept buffer at its exact size.

typedef struct wr_work {
    wr_pages *block;
    /// This thread's output buffer (malloc'd), lent to one encode at a time.
    uint8_t *output;
    size_t output_capacity;
    /// This thread's igzip stream state at an address igzip's output does not depend on
    /// (wr_stream_place); NULL until placed or when placing failed.
    struct isal_zstream *stream;
    int stream_tried;
    /// igzip's level buffer for the pieces this thread compresses (see "Pieces").
    wr_pages *level;
} wr_work;

static pthread_key_t wr_work_key;
static int wr_work_key_ready;
static pthread_once_t wr_work_once = PTHREAD_ONCE_INIT;

#define WR_STREAM_MAP_BYTES ((sizeof(struct isal_zstream) + 4095) & ~(size_t)4095)

static void wr_work_free(void *value) {
    wr_work *work = (wr_work *)value;
    wr_pages_release(work->block);
    wr_pages_release(work->level);
    free(work->output);
    if (work->stream) munmap(work->stream, WR_STREAM_MAP_BYTES);
    free(work);
}

static void wr_work_make_key(void) { wr_work_key_ready = pthread_key_create(&wr_work_key, wr_work_free) == 0; }

/// This thread's kept memory, created on first use; NULL when thread-specific data is unavailable.
static wr_work *wr_thread_work(void) {
    pthread_once(&wr_work_once, wr_work_make_key);
    if (!wr_work_key_ready) return NULL;
    wr_work *work = (wr_work *)pthread_getspecific(wr_work_key);
    if (work) return work;
    work = (wr_work *)calloc(1, sizeof *work);
    if (!work || pthread_setspecific(wr_work_key, work) != 0) {
        free(work);
        return NULL;
    }
    return work;
}

/// Page-aligned memory for one image: this thread's kept block when it is large enough, otherwise
/// a new block, kept for the next image unless it is too large to keep (then `*owned` is set and
/// the caller releases it with wr_pages_release). NULL when out of memory.
static void *wr_work_acquire(size_t size, wr_pages **owned) {
    *owned = NULL;
    wr_work *work = wr_thread_work();
    if (work && work->block && work->block->length >= size) return work->block->data;
    wr_pages *pages = wr_pages_create(size);
    if (!pages) return NULL;
    if (!work || size > WR_WORK_KEEP_LIMIT) {
        *owned = pages;
        return pages->data;
    }
    wr_pages_release(work->block);
    work->block = pages;
    return pages->data;
}

// MARK: - Where igzip's stream state lives

// libisal 2.30's level-1 compressor (isal_deflate_icf_body_hash_hist_*, the path for a stream's
// first byte) hashes a register that still holds the address of the `struct isal_zstream`: bits
// 16-47 of that address, CRC-32C'd and masked, pick the hash-table slot that position 2 of the input
// is filed under. The output stays valid, but which of several equal matches igzip picks then depends
// on where the state lies in memory, so the PNG bytes changed between runs and threads (measured: 5
// of 18,800 images over 400 runs of `--family all`; the pixels never). Each thread therefore keeps
// its state in a page of its own at an address whose bits 16-47 have the CRC-32C (no pre- or
// post-conditioning, like the crc32 instruction igzip uses) 0 in their low 16 bits, wide enough
// for every hash mask igzip uses: every state then files position 2 in slot 0, in every run, on
// every thread and machine.

#define WR_STREAM_HASH_BITS 0xFFFFu
/// Candidate addresses tried before giving up: most are free, but under a sanitizer, with dozens of
/// threads placing states at once, 64 (a 256 GB window) ran out. Each try is one mmap call.
#define WR_STREAM_PLACE_TRIES 4096
/// The most keys whose low 16 bits alone hash to 0 that are kept (see wr_stream_hash_fill).
#define WR_STREAM_KERNEL_MAX 8

/// CRC-32C of a 32-bit value, little-endian, from 0 with no final inversion: what igzip's `crc32`
/// instruction computes (ISA-L's crc32_iscsi with a 0 seed gives the same; checked on 65,536 values).
static uint32_t wr_crc32c_u32(uint32_t value) {
    unsigned char bytes[4] = {(unsigned char)value, (unsigned char)(value >> 8), (unsigned char)(value >> 16),
                              (unsigned char)(value >> 24)};
    return crc32_iscsi(bytes, 4, 0);
}

// With no pre- or post-conditioning the CRC is linear (the CRC of a XOR b is the XOR of their
// CRCs), so a key's hash is the XOR of its four bytes' entries in wr_stream_hash_table, and a key
// hi << 16 | lo hashes to 0 exactly when hash(lo) = hash(hi << 16). wr_stream_low_for maps each
// hash a 16-bit lo can have to one such lo; the others differ from it by an element of the kernel
// (the lo that hash to 0: two, since the map from lo to its hash has rank 15). So each 4 GB block
// of addresses gives its candidates at once, where scanning for them took 65,536 hashes each.
static uint16_t wr_stream_hash_table[4][256];
static uint16_t wr_stream_low_for[65536];
static uint8_t wr_stream_low_known[65536 / 8];
static uint16_t wr_stream_kernel[WR_STREAM_KERNEL_MAX];
static int wr_stream_kernel_count;
static pthread_once_t wr_stream_hash_once = PTHREAD_ONCE_INIT;

/// wr_crc32c_u32(value) & WR_STREAM_HASH_BITS, from the table.
static uint16_t wr_stream_hash(uint32_t value) {
    return wr_stream_hash_table[0][value & 0xFF] ^ wr_stream_hash_table[1][(value >> 8) & 0xFF] ^
           wr_stream_hash_table[2][(value >> 16) & 0xFF] ^ wr_stream_hash_table[3][value >> 24];
}

static void wr_stream_hash_fill(void) {
    for (int position = 0; position < 4; position++) {
        for (uint32_t byte = 0; byte < 256; byte++) {
            wr_stream_hash_table[position][byte] =
                (uint16_t)(wr_crc32c_u32(byte << (8 * position)) & WR_STREAM_HASH_BITS);
        }
    }
    for (uint32_t low = 0; low < 65536; low++) {
        const uint16_t hash = wr_stream_hash(low);
        if (hash == 0 && wr_stream_kernel_count < WR_STREAM_KERNEL_MAX) {
            wr_stream_kernel[wr_stream_kernel_count++] = (uint16_t)low;
        }
        if (wr_stream_low_known[hash >> 3] & (1u << (hash & 7))) continue;
        wr_stream_low_known[hash >> 3] |= (uint8_t)(1u << (hash & 7));
        wr_stream_low_for[hash] = (uint16_t)low;
    }
}

/// Maps the state at `key << 16` (bits 48-63 from `near`) if nothing is there; NULL otherwise.
static struct isal_zstream *wr_stream_try(uintptr_t near, uint32_t key) {
    const uintptr_t address = ((near >> 48) << 48) | ((uintptr_t)key << 16);
    void *placed = mmap((void *)address, WR_STREAM_MAP_BYTES, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (placed == MAP_FAILED) return NULL;
    if ((uintptr_t)placed == address) return (struct isal_zstream *)placed;
    munmap(placed, WR_STREAM_MAP_BYTES);  // a kernel without MAP_FIXED_NOREPLACE took it as a hint
    return NULL;
}

/// Maps one page-rounded isal_zstream at an address igzip's output does not depend on, searching
/// down from where the kernel would put a new mapping (so the search stays in the part of the
/// address space that mmap hands out, sanitizers included). NULL when no candidate could be mapped.
static struct isal_zstream *wr_stream_place(void) {
    pthread_once(&wr_stream_hash_once, wr_stream_hash_fill);
    void *probe = mmap(NULL, WR_STREAM_MAP_BYTES, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (probe == MAP_FAILED) return NULL;
    const uintptr_t near = (uintptr_t)probe;
    munmap(probe, WR_STREAM_MAP_BYTES);
    const uint32_t top = (uint32_t)(near >> 16);
    int tries = 0;
    for (int64_t high = top >> 16; high >= 0 && tries < WR_STREAM_PLACE_TRIES; high--) {
        const uint16_t target = wr_stream_hash((uint32_t)high << 16);
        if (!(wr_stream_low_known[target >> 3] & (1u << (target & 7)))) continue;
        for (int k = 0; k < wr_stream_kernel_count && tries < WR_STREAM_PLACE_TRIES; k++) {
            const uint32_t key = (uint32_t)high << 16 | (uint16_t)(wr_stream_low_for[target] ^ wr_stream_kernel[k]);
            if (key >= top || key <= 1) continue;
            tries++;
            struct isal_zstream *placed = wr_stream_try(near, key);
            if (placed) return placed;
        }
    }
    return NULL;
}

/// This thread's placed stream state, placed on first use; NULL if it could not be (the caller
/// then uses memory of its own, and the bytes may vary as they did before).
static struct isal_zstream *wr_stream_acquire(void) {
    wr_work *work = wr_thread_work();
    if (!work) return NULL;
    if (!work->stream_tried) {
        work->stream_tried = 1;
        work->stream = wr_stream_place();
    }
    return work->stream;
}

uintptr_t wr_isal_stream_address(void) {
    pthread_once(&wr_work_once, wr_work_make_key);
    const wr_work *work = wr_work_key_ready ? (const wr_work *)pthread_getspecific(wr_work_key) : NULL;
    return work ? (uintptr_t)work->stream : 0;
}

// MARK: - Output

// The room igzip is offered always follows one rule, `limit` (4 KB doubled until it holds what is
// asked), whatever the buffer lent by the thread really holds (`capacity`, what is allocated): igzip
// then gets the same calls for the same image however large the previous image on the thread was.
// ISA-L does not say its output is independent of the room it gets; with more room it gave the same
// bytes where tried (PixelMemoryTests), and this keeps it from mattering.

typedef struct wr_output {
    uint8_t *data;
    size_t length;
    /// The room igzip is offered: the bytes up to here may be written.
    size_t limit;
    /// The bytes allocated at `data` (at least `limit`).
    size_t capacity;
} wr_output;

static int wr_reserve(wr_output *out, size_t extra) {
    if (out->limit - out->length >= extra) return 1;
    size_t limit = out->limit ? out->limit : 4096;
    while (limit - out->length < extra) {
        if (limit > SIZE_MAX / 2) return 0;
        limit *= 2;
    }
    if (limit > out->capacity) {
        uint8_t *grown = (uint8_t *)realloc(out->data, limit);
        if (!grown) return 0;
        out->data = grown;
        out->capacity = limit;
    }
    out->limit = limit;
    return 1;
}

/// Gives a borrowed output buffer back to its thread (or frees it when there is no thread memory,
/// or it grew too large to keep); `out` is empty afterwards.
static void wr_output_return(wr_work *work, wr_output *out) {
    if (work && !work->output && out->capacity <= WR_WORK_KEEP_LIMIT) {
        work->output = out->data;
        work->output_capacity = out->capacity;
    } else {
        free(out->data);
    }
    out->data = NULL;
    out->length = 0;
    out->limit = 0;
    out->capacity = 0;
}

static void wr_put32(uint8_t *p, uint32_t value) {
    p[0] = (uint8_t)(value >> 24);
    p[1] = (uint8_t)(value >> 16);
    p[2] = (uint8_t)(value >> 8);
    p[3] = (uint8_t)value;
}

static uint32_t wr_get32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

uint32_t wr_isal_crc32(const uint8_t *bytes, size_t length) { return crc32_gzip_refl(0, bytes, length); }

static const char *wr_deflate_error(int code) {
    switch (code) {
    case INVALID_FLUSH: return "invalid flush";
    case INVALID_PARAM: return "invalid parameter";
    case ISAL_INVALID_LEVEL: return "invalid level";
    case ISAL_INVALID_LEVEL_BUF: return "level buffer too small";
    case ISAL_INVALID_STATE: return "invalid state";
    default: return "unknown error";
    }
}

/// Deflates all of `stream`'s input into `out`, growing it as needed, until the stream ends.
static int wr_deflate(struct isal_zstream *stream, wr_output *out, size_t headroom, char *error,
                      size_t error_length) {
    for (;;) {
        if (!wr_reserve(out, headroom)) {
            snprintf(error, error_length, "out of memory for %zu bytes of compressed data", out->length + headroom);
            return 1;
        }
        const size_t room = out->limit - out->length;
        stream->next_out = out->data + out->length;
        stream->avail_out = room > UINT32_MAX ? UINT32_MAX : (uint32_t)room;
        const uint32_t in_before = stream->avail_in;
        const int state_before = (int)stream->internal_state.state;
        const int code = isal_deflate(stream);
        const size_t written = (size_t)(stream->next_out - (out->data + out->length));
        out->length += written;
        if (code != COMP_OK) {
            snprintf(error, error_length, "ISA-L deflate failed: %s (%d)", wr_deflate_error(code), code);
            return 1;
        }
        if (stream->internal_state.state == ZSTATE_END) return 0;
        if (written == 0 && stream->avail_in == in_before && (int)stream->internal_state.state == state_before) {
            snprintf(error, error_length, "ISA-L deflate made no progress");
            return 1;
        }
        // Not finished: igzip stopped because the output was full. Ask for more room next time round.
        headroom = room * 2;
    }
}

/// Rows where fewer than 60 % of the sampled pixels equal their left neighbour (a photograph's) are
/// filtered Up, as differences from the row above: measured on a medium widget over a photo,
/// igzip then writes 19 % fewer bytes in 11 % less time. Drawn rows (flat colour, text, lines)
/// stay None, which compresses them best.
static int wr_row_is_photographic(uint32_t equal_count, int width) {
    const uint64_t sampled = (uint64_t)wr_sampled_pairs(width);
    return sampled != 0 && (uint64_t)equal_count * 10 < sampled * 6;
}

/// Filters the photographic rows among `rows` rows of the image starting at row `first`
/// (`scanlines` and `equal_counts` start at that row). Bottom to top, so each row's Up filter
/// reads the unfiltered row above; the first row's is `above_first` (unfiltered row first − 1,
/// needed only when first > 0 and that row is photographic).
static void wr_filter_photographic_rows(uint8_t *scanlines, size_t row_bytes, int width, int first, int rows,
                                        const uint32_t *equal_counts, const uint8_t *above_first) {
    for (int r = rows - 1; r >= 0 && first + r >= 1; r--) {
        if (!wr_row_is_photographic(equal_counts[r], width)) continue;
        uint8_t *row = scanlines + (size_t)r * row_bytes;
        const uint8_t *above = r > 0 ? row - row_bytes : above_first;
        row[0] = 2;  // Up
        for (size_t i = 1; i < row_bytes; i++) row[i] = (uint8_t)(row[i] - above[i]);
    }
}

/// CRC-64/XZ continued from `crc` over `count` scanlines' samples (each row without its filter byte):
/// the pixels' fingerprint when the rows are straight RGBA (wr_isal_pixels_crc64).
static uint64_t wr_rows_crc64(uint64_t crc, const uint8_t *rows, int count, size_t row_bytes) {
    for (int r = 0; r < count; r++) crc = crc64_ecma_refl(crc, rows + (size_t)r * row_bytes + 1, row_bytes - 1);
    return crc;
}

/// wr_rows_crc64 for scanlines of any colour type this writer produces: RGBA rows as they are;
/// RGB, grey and grey-with-alpha rows widened to the straight RGBA they stand for (alpha 255 when
/// absent, grey as equal red, green and blue), a block of pixels at a time while the row is still
/// in the cache. The same fingerprint as wr_isal_pixels_crc64, without a second pass over the surface.
static uint64_t wr_rows_crc64_any(uint64_t crc, const uint8_t *rows, int count, size_t row_bytes, int width,
                                  int color_type) {
    if (color_type == WR_COLOR_RGBA) return wr_rows_crc64(crc, rows, count, row_bytes);
    enum { BLOCK = 256 };
    uint8_t rgba[BLOCK * 4];
    const int bpp = wr_bytes_per_pixel(color_type);
    for (int r = 0; r < count; r++) {
        const uint8_t *src = rows + (size_t)r * row_bytes + 1;
        for (int x = 0; x < width; x += BLOCK) {
            const int n = width - x < BLOCK ? width - x : BLOCK;
            const uint8_t *s = src + (size_t)x * (size_t)bpp;
            uint8_t *d = rgba;
            switch (color_type) {
            case WR_COLOR_RGB:
                for (int i = 0; i < n; i++, s += 3, d += 4) { d[0] = s[0]; d[1] = s[1]; d[2] = s[2]; d[3] = 255; }
                break;
            case WR_COLOR_GRAY:
                for (int i = 0; i < n; i++, s += 1, d += 4) { d[0] = d[1] = d[2] = s[0]; d[3] = 255; }
                break;
            default:  // WR_COLOR_GRAY_ALPHA
                for (int i = 0; i < n; i++, s += 2, d += 4) { d[0] = d[1] = d[2] = s[0]; d[3] = s[1]; }
                break;
            }
            crc = crc64_ecma_refl(crc, rgba, (uint64_t)n * 4);
        }
    }
    return crc;
}

/// The signature, IHDR and the IDAT chunk's length (left 0) and type: WR_HEADER_BYTES.
static void wr_write_header(uint8_t *h, int width, int height, int color_type) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    memcpy(h, signature, 8);
    wr_put32(h + 8, 13);
    memcpy(h + 12, "IHDR", 4);
    wr_put32(h + 16, (uint32_t)width);
    wr_put32(h + 20, (uint32_t)height);
    h[24] = 8;  // bit depth
    h[25] = (uint8_t)color_type;
    h[26] = 0;  // deflate
    h[27] = 0;  // adaptive filtering (None, or Up for a photograph's rows)
    h[28] = 0;  // not interlaced
    wr_put32(h + 29, wr_isal_crc32(h + 12, 17));
    wr_put32(h + 33, 0);
    memcpy(h + 37, "IDAT", 4);
}

/// Completes a file whose IDAT data (`idat_length` bytes) follows the header: the IDAT's length
/// and CRC, then IEND. `png` has room for 4 + WR_IEND_BYTES more bytes.
static void wr_write_end(uint8_t *png, size_t idat_length) {
    wr_put32(png + 33, (uint32_t)idat_length);
    uint8_t *end = png + WR_HEADER_BYTES + idat_length;
    wr_put32(end, wr_isal_crc32(png + 37, idat_length + 4));
    end += 4;
    wr_put32(end, 0);
    memcpy(end + 4, "IEND", 4);
    wr_put32(end + 8, wr_isal_crc32(end + 4, 4));
}

// MARK: - Pieces

// An image of more than twice WR_PIECE_BYTES of scanlines is written in two pieces of rows, each
// converted, filtered and compressed alone (raw deflate, the first ending in a sync flush, the last
// final), and the pieces' output joined into one zlib stream, its Adler-32 and the pixels' CRC-64
// combined from the pieces' (Checksums.c). The pieces' bounds depend only on the image's size, so
// the bytes are the same whichever thread compresses a piece: the caller's thread takes the first,
// and a helper thread, when a core is idle, the second (Helpers.c).
//
// Two at most: each piece costs igzip a block of its own (its Huffman tables, about 20 µs), and a
// helper woken from sleep starts 70-80 µs late here, so more pieces did not finish sooner on two
// cores (measured with 2, 4 and 8 pieces of 256-512 KB). A piece does not see the previous
// piece's history; the 47 files of `--family all` came out within 0.4 % of their size in one
// piece (all together 0.1 % smaller).

/// Scanline bytes per piece, at least.
#define WR_PIECE_BYTES ((size_t)384 << 10)
#define WR_PIECES_MAX 2

static int wr_piece_count(size_t image_bytes, int height) {
    size_t count = image_bytes / WR_PIECE_BYTES;
    if (count > WR_PIECES_MAX) count = WR_PIECES_MAX;
    if (count > (size_t)height) count = (size_t)height;
    return count < 1 ? 1 : (int)count;
}

int wr_isal_piece_count(int width, int height, int color_type) {
    if (width <= 0 || height <= 0 || width > INT_MAX / 4) return 0;
    const size_t row_bytes = 1 + (size_t)width * (size_t)wr_bytes_per_pixel(color_type);
    return wr_piece_count(row_bytes * (size_t)height, height);
}

typedef struct wr_piece {
    int first_row;
    int rows;
    uint8_t *output;
    size_t capacity;
    size_t length;
    uint32_t adler;
    uint64_t crc64;
    /// 0 when compressed, WR_PIECE_NO_ROOM when the output did not fit, WR_PIECE_FAILED otherwise.
    int status;
    char error[160];
} wr_piece;

enum { WR_PIECE_NO_ROOM = 1, WR_PIECE_FAILED = 2 };

typedef struct wr_pieces_job {
    const uint8_t *pixels;
    int width;
    size_t stride;
    int color_type;
    int vector;
    size_t row_bytes;
    uint8_t *scanlines;
    uint32_t *equal_counts;
    /// One row per piece: the unfiltered row above the piece, when its first row is filtered Up.
    uint8_t *above_rows;
    int count;
    wr_piece pieces[WR_PIECES_MAX];
} wr_pieces_job;

/// This thread's kept level buffer for pieces, or NULL when there is no thread memory.
static uint8_t *wr_level_acquire(void) {
    wr_work *work = wr_thread_work();
    if (!work) return NULL;
    if (!work->level) work->level = wr_pages_create(WR_LEVEL_BUFFER_SIZE);
    return work->level ? (uint8_t *)work->level->data : NULL;
}

/// Whether this thread compresses pieces with a placed stream state (see wr_stream_place).
static int wr_piece_thread_ready(void) { return wr_stream_acquire() != NULL; }

static void wr_encode_piece(void *context, int index) {
    wr_pieces_job *job = (wr_pieces_job *)context;
    wr_piece *piece = &job->pieces[index];
    const size_t row_bytes = job->row_bytes;
    uint8_t *rows = job->scanlines + (size_t)piece->first_row * row_bytes;
    uint32_t *counts = job->equal_counts + piece->first_row;
    wr_convert_rows(job->pixels + (size_t)piece->first_row * job->stride, job->width, piece->rows, job->stride,
                    job->color_type, job->vector, rows, counts);
    piece->crc64 = wr_rows_crc64_any(0, rows, piece->rows, row_bytes, job->width, job->color_type);
    const uint8_t *above = NULL;
    if (piece->first_row > 0 && wr_row_is_photographic(counts[0], job->width)) {
        uint8_t *copy = job->above_rows + (size_t)index * row_bytes;
        wr_convert_rows(job->pixels + (size_t)(piece->first_row - 1) * job->stride, job->width, 1, job->stride,
                        job->color_type, job->vector, copy, NULL);
        above = copy;
    }
    wr_filter_photographic_rows(rows, row_bytes, job->width, piece->first_row, piece->rows, counts, above);
    const size_t bytes = (size_t)piece->rows * row_bytes;
    piece->adler = isal_adler32(1, rows, bytes);

    struct isal_zstream *stream = wr_stream_acquire();
    uint8_t *level = wr_level_acquire();
    struct isal_zstream *own_stream = NULL;
    uint8_t *own_level = NULL;
    if (!stream) stream = own_stream = (struct isal_zstream *)malloc(sizeof *stream);
    if (!level) level = own_level = (uint8_t *)malloc(WR_LEVEL_BUFFER_SIZE);
    if (!stream || !level) {
        piece->status = WR_PIECE_FAILED;
        snprintf(piece->error, sizeof piece->error, "out of memory for the compressor");
    } else {
        const int last = index == job->count - 1;
        isal_deflate_init(stream);
        stream->level = 1;
        stream->level_buf = level;
        stream->level_buf_size = WR_LEVEL_BUFFER_SIZE;
        stream->gzip_flag = IGZIP_DEFLATE;
        stream->end_of_stream = (uint16_t)last;
        stream->flush = last ? NO_FLUSH : SYNC_FLUSH;
        stream->next_in = rows;
        stream->avail_in = (uint32_t)bytes;
        stream->next_out = piece->output;
        const uint32_t room = piece->capacity > UINT32_MAX ? UINT32_MAX : (uint32_t)piece->capacity;
        stream->avail_out = room;
        // One call normally does it all; a call that stops early (igzip keeps up to 32 KB of
        // input back between calls) is followed by more, each given the room that is left.
        int code = COMP_OK;
        int finished = 0;
        for (int calls = 0; calls < 16 && !finished && code == COMP_OK && stream->avail_out > 0; calls++) {
            code = isal_deflate(stream);
            finished = stream->avail_in == 0 && (last ? stream->internal_state.state == ZSTATE_END
                                                      : stream->internal_state.state == ZSTATE_NEW_HDR);
        }
        if (code != COMP_OK) {
            piece->status = WR_PIECE_FAILED;
            snprintf(piece->error, sizeof piece->error, "ISA-L deflate failed: %s (%d)", wr_deflate_error(code), code);
        } else if (!finished || stream->avail_out == 0) {
            piece->status = WR_PIECE_NO_ROOM;
        } else {
            piece->length = room - stream->avail_out;
        }
    }
    free(own_stream);
    free(own_level);
}

/// Writes the file from pieces; returns 0, 1 with a message in `error`, or -1 when a piece's output
/// did not fit its room (the caller then writes the image in one piece).
static int wr_encode_pieces(const uint8_t *pixels, int width, int height, size_t stride, int color_type, int vector,
                            size_t row_bytes, int count, wr_isal_png *out, char *error, size_t error_length) {
    wr_pieces_job job;
    memset(&job, 0, sizeof job);
    job.pixels = pixels;
    job.width = width;
    job.stride = stride;
    job.color_type = color_type;
    job.vector = vector;
    job.row_bytes = row_bytes;
    job.count = count;
    const size_t image_bytes = row_bytes * (size_t)height;
    const size_t image_padded = (image_bytes + 63) & ~(size_t)63;
    const size_t counts_padded = ((size_t)height * sizeof(uint32_t) + 63) & ~(size_t)63;
    const size_t above_padded = ((size_t)count * row_bytes + 63) & ~(size_t)63;
    size_t outputs = 0;
    for (int i = 0; i < count; i++) {
        wr_piece *piece = &job.pieces[i];
        piece->first_row = (int)((int64_t)i * height / count);
        piece->rows = (int)((int64_t)(i + 1) * height / count) - piece->first_row;
        const size_t bytes = (size_t)piece->rows * row_bytes;
        // Never reached by widget images (a tenth of this is typical); unwritten room costs no memory.
        piece->capacity = (bytes + bytes / 4 + 4096 + 63) & ~(size_t)63;
        outputs += piece->capacity;
    }
    wr_pages *owned;
    uint8_t *work = (uint8_t *)wr_work_acquire(image_padded + counts_padded + above_padded + outputs, &owned);
    if (!work) {
        snprintf(error, error_length, "out of memory for a %d×%d image", width, height);
        return 1;
    }
    job.scanlines = work;
    job.equal_counts = (uint32_t *)(work + image_padded);
    job.above_rows = work + image_padded + counts_padded;
    uint8_t *next_output = job.above_rows + above_padded;
    for (int i = 0; i < count; i++) {
        job.pieces[i].output = next_output;
        next_output += job.pieces[i].capacity;
    }

    // Shared only when this thread's stream state is placed (and a helper joins only when its
    // own is): a piece compressed from a state elsewhere could come out other bytes.
    const int share = wr_helpers_worth_asking() && wr_stream_acquire() != NULL;
    wr_helpers_for(count, wr_encode_piece, &job, share, wr_piece_thread_ready);

    size_t deflated = 0;
    for (int i = 0; i < count; i++) {
        const wr_piece *piece = &job.pieces[i];
        if (piece->status == WR_PIECE_NO_ROOM) {
            wr_pages_release(owned);
            return -1;
        }
        if (piece->status != 0) {
            snprintf(error, error_length, "%s", piece->error);
            wr_pages_release(owned);
            return 1;
        }
        deflated += piece->length;
    }
    const size_t idat_length = 2 + deflated + 4;
    if (idat_length > 0x7FFFFFFFu) {
        wr_pages_release(owned);
        snprintf(error, error_length, "compressed image too large for a PNG chunk: %zu bytes", idat_length);
        return 1;
    }
    const size_t file_length = WR_HEADER_BYTES + idat_length + 4 + WR_IEND_BYTES;
    uint8_t *file = (uint8_t *)malloc(file_length);
    if (!file) {
        wr_pages_release(owned);
        snprintf(error, error_length, "out of memory for %zu bytes of PNG", file_length);
        return 1;
    }
    wr_write_header(file, width, height, color_type);
    uint8_t *at = file + WR_HEADER_BYTES;
    *at++ = 0x78;  // zlib: deflate, 32 KB window
    *at++ = 0x01;  // fastest; (0x78 << 8 | 0x01) is a multiple of 31
    uint32_t adler = job.pieces[0].adler;
    uint64_t crc = job.pieces[0].crc64;
    for (int i = 0; i < count; i++) {
        const wr_piece *piece = &job.pieces[i];
        memcpy(at, piece->output, piece->length);
        at += piece->length;
        if (i > 0) {
            adler = wr_adler32_combine(adler, piece->adler, (uint64_t)piece->rows * row_bytes);
            crc = wr_crc64_combine(crc, piece->crc64, (uint64_t)piece->rows * (uint64_t)width * 4);
        }
    }
    wr_put32(at, adler);
    wr_write_end(file, idat_length);
    wr_pages_release(owned);
    out->data = file;
    out->length = file_length;
    out->color_type = color_type;
    out->pixels_crc64 = crc;
    out->has_pixels_crc64 = 1;
    return 0;
}

int wr_isal_png_encode_argb32(const uint8_t *pixels, int width, int height, int stride, wr_isal_pixel_path path,
                              wr_isal_png *out, char *error, size_t error_length) {
    char scratch[2];
    if (!error || error_length == 0) {
        error = scratch;
        error_length = sizeof scratch;
    }
    error[0] = 0;
    if (!out) {
        snprintf(error, error_length, "no output");
        return 1;
    }
    out->data = NULL;
    out->length = 0;
    out->color_type = 0;
    out->pixels_crc64 = 0;
    out->has_pixels_crc64 = 0;
    if (!pixels || width <= 0 || height <= 0 || width > INT_MAX / 4 || stride < width * 4) {
        snprintf(error, error_length, "invalid image: %d×%d px, stride %d bytes", width, height, stride);
        return 1;
    }
    int vector;
    switch (path) {
    case WR_ISAL_PIXEL_PATH_AUTOMATIC: vector = wr_vector_available(); break;
    case WR_ISAL_PIXEL_PATH_SCALAR: vector = 0; break;
    case WR_ISAL_PIXEL_PATH_VECTOR:
        if (!wr_vector_available()) {
            snprintf(error, error_length, "the vector pixel path (AVX2 on x86-64) is not available on this CPU");
            return 1;
        }
        vector = 1;
        break;
    default: snprintf(error, error_length, "unknown pixel path %d", (int)path); return 1;
    }

    int opaque, gray;
    wr_analyse_rows(pixels, width, height, (size_t)stride, vector, &opaque, &gray);
    const int color_type =
        opaque ? (gray ? WR_COLOR_GRAY : WR_COLOR_RGB) : (gray ? WR_COLOR_GRAY_ALPHA : WR_COLOR_RGBA);
    const size_t row_bytes = 1 + (size_t)width * (size_t)wr_bytes_per_pixel(color_type);
    const size_t image_bytes = row_bytes * (size_t)height;
    if (image_bytes > UINT32_MAX) {
        snprintf(error, error_length, "image too large for one compressor call: %zu bytes of scanlines", image_bytes);
        return 1;
    }

    const int pieces = wr_piece_count(image_bytes, height);
    if (pieces > 1) {
        const int written = wr_encode_pieces(pixels, width, height, (size_t)stride, color_type, vector, row_bytes,
                                             pieces, out, error, error_length);
        if (written >= 0) return written;
        // A piece's output did not fit its room (not seen with drawn images): one piece, room growing.
    }

    // One block for igzip's state, its level buffer, the scanlines and each row's equal-neighbour count.
    const size_t state_bytes = (sizeof(struct isal_zstream) + 63) & ~(size_t)63;
    const size_t image_padded = (image_bytes + 63) & ~(size_t)63;
    wr_pages *owned;
    void *work = wr_work_acquire(
        state_bytes + WR_LEVEL_BUFFER_SIZE + image_padded + (size_t)height * sizeof(uint32_t), &owned);
    if (!work) {
        snprintf(error, error_length, "out of memory for a %d×%d image", width, height);
        return 1;
    }
    struct isal_zstream *stream = wr_stream_acquire();
    if (!stream) stream = (struct isal_zstream *)work;
    uint8_t *level_buffer = (uint8_t *)work + state_bytes;
    uint8_t *scanlines = level_buffer + WR_LEVEL_BUFFER_SIZE;
    uint32_t *equal_counts = (uint32_t *)(scanlines + image_padded);

    wr_work *thread_work = wr_thread_work();
    wr_output png = {NULL, 0, 0, 0};
    if (thread_work) {
        // Borrowed until the end of this call (wr_output_return).
        png.data = thread_work->output;
        png.capacity = thread_work->output_capacity;
        thread_work->output = NULL;
        thread_work->output_capacity = 0;
    }
    // Widget images compress to well under a tenth of their scanlines; the buffer grows if not.
    if (!wr_reserve(&png, WR_HEADER_BYTES + image_bytes / 8 + 4096)) {
        wr_pages_release(owned);
        wr_output_return(thread_work, &png);
        snprintf(error, error_length, "out of memory for a %d×%d image", width, height);
        return 1;
    }
    wr_write_header(png.data, width, height, color_type);
    png.length = WR_HEADER_BYTES;

    isal_deflate_init(stream);
    stream->level = 1;
    stream->level_buf = level_buffer;
    stream->level_buf_size = WR_LEVEL_BUFFER_SIZE;
    stream->gzip_flag = IGZIP_ZLIB;
    stream->flush = NO_FLUSH;

    wr_convert_rows(pixels, width, height, (size_t)stride, color_type, vector, scanlines, equal_counts);
    // The rows are (or widen to) the straight RGBA that wr_isal_pixels_crc64 fingerprints: no
    // second pass over the surface.
    out->pixels_crc64 = wr_rows_crc64_any(0, scanlines, height, row_bytes, width, color_type);
    out->has_pixels_crc64 = 1;
    wr_filter_photographic_rows(scanlines, row_bytes, width, 0, height, equal_counts, NULL);
    stream->next_in = scanlines;
    stream->avail_in = (uint32_t)image_bytes;
    stream->end_of_stream = 1;
    const int failed = wr_deflate(stream, &png, image_bytes / 8 + 1024, error, error_length);
    wr_pages_release(owned);
    if (failed) {
        wr_output_return(thread_work, &png);
        return 1;
    }

    const size_t idat_length = png.length - WR_HEADER_BYTES;
    if (idat_length > 0x7FFFFFFFu) {
        wr_output_return(thread_work, &png);
        snprintf(error, error_length, "compressed image too large for a PNG chunk: %zu bytes", idat_length);
        return 1;
    }
    if (!wr_reserve(&png, 4 + WR_IEND_BYTES)) {
        wr_output_return(thread_work, &png);
        snprintf(error, error_length, "out of memory for %zu bytes of PNG", png.length + 4 + WR_IEND_BYTES);
        return 1;
    }
    wr_write_end(png.data, idat_length);
    png.length += 4 + WR_IEND_BYTES;

    uint8_t *file;
    const size_t file_length = png.length;
    if (thread_work) {
        file = (uint8_t *)malloc(file_length);
        if (!file) {
            wr_output_return(thread_work, &png);
            snprintf(error, error_length, "out of memory for %zu bytes of PNG", file_length);
            return 1;
        }
        memcpy(file, png.data, file_length);
        wr_output_return(thread_work, &png);
    } else {
        uint8_t *fitted = (uint8_t *)realloc(png.data, png.length);
        file = fitted ? fitted : png.data;
    }
    out->data = file;
    out->length = file_length;
    out->color_type = color_type;
    return 0;
}

const char *wr_isal_vector_path_name(void) { return wr_vector_name(); }

const char *wr_isal_version(void) {
    return WR_VERSION_STRING(ISAL_MAJOR_VERSION, ISAL_MINOR_VERSION, ISAL_PATCH_VERSION);
}

int wr_isal_pixels_crc64(const uint8_t *pixels, int width, int height, int stride, uint64_t *out) {
    if (width <= 0 || height <= 0 || stride < width * 4) {
        *out = crc64_ecma_refl(0, NULL, 0);
        return width < 0 || height < 0 || (width > 0 && stride < width * 4);
    }
    // A few rows at a time, converted by the writer's own code (filter byte first, skipped).
    enum { CHUNK = 16 };
    const size_t row_bytes = 1 + (size_t)width * 4;
    uint8_t *rows = malloc(row_bytes * CHUNK);
    if (rows == NULL) return 1;
    const int vector = wr_vector_available();
    uint64_t crc = 0;
    for (int y = 0; y < height; y += CHUNK) {
        const int count = height - y < CHUNK ? height - y : CHUNK;
        wr_convert_rows(pixels + (size_t)y * (size_t)stride, width, count, (size_t)stride, WR_COLOR_RGBA, vector,
                        rows, NULL);
        crc = wr_rows_crc64(crc, rows, count, row_bytes);
    }
    free(rows);
    *out = crc;
    return 0;
}

int wr_isal_png_row_filters(const uint8_t *png, size_t length, uint8_t *filters, int max_rows) {
    if (!png || length < 33 || memcmp(png + 12, "IHDR", 4) != 0) return -1;
    const uint32_t width = wr_get32(png + 16);
    const uint32_t height = wr_get32(png + 20);
    const int bpp = wr_bytes_per_pixel(png[25]);
    if (png[24] != 8 || width == 0 || height == 0 || width > 16384 || height > 16384) return -1;
    const size_t row_bytes = 1 + (size_t)width * (size_t)bpp;
    uint8_t *raw = malloc(row_bytes * height);
    if (!raw) return -1;
    struct inflate_state state;
    isal_inflate_init(&state);
    state.crc_flag = ISAL_ZLIB;
    state.next_out = raw;
    state.avail_out = (uint32_t)(row_bytes * height);
    // Each IDAT's data, in order, into one inflate stream.
    size_t at = 8;
    int status = ISAL_DECOMP_OK;
    while (at + 12 <= length) {
        const uint32_t chunk = wr_get32(png + at);
        if (chunk > length - at - 12) break;
        if (memcmp(png + at + 4, "IDAT", 4) == 0) {
            state.next_in = (uint8_t *)(png + at + 8);
            state.avail_in = chunk;
            status = isal_inflate(&state);
            if (status != ISAL_DECOMP_OK) break;
        }
        at += 12 + chunk;
    }
    const int complete = status == ISAL_DECOMP_OK && state.avail_out == 0;
    int rows = 0;
    if (complete) {
        for (; rows < (int)height && rows < max_rows; rows++) filters[rows] = raw[(size_t)rows * row_bytes];
    }
    free(raw);
    return complete ? rows : -1;
}
