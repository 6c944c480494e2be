#ifndef CCURLLOADER_H
#define CCURLLOADER_H

// One HTTP GET through libcurl, loaded with dlopen on first use so that a process which fetches
// nothing never maps libcurl and its two dozen dependencies (see docs/PERFORMANCE.md, Cold start).
// This header needs no curl header: Swift sees only these declarations.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

/// How a transfer ended, before looking at curl's own code.
typedef enum wr_http_stop {
    /// curl ran the transfer to its end; `curl_code` says whether it succeeded.
    WR_HTTP_STOP_NONE = 0,
    /// libcurl could not be loaded; `message` holds dlopen's or dlsym's words.
    WR_HTTP_STOP_UNAVAILABLE = 1,
    /// A 2xx answer announced a `Content-Length` over the size limit (`declared_length`).
    WR_HTTP_STOP_DECLARED_TOO_LARGE = 2,
    /// The body, counted after decoding, grew past the size limit.
    WR_HTTP_STOP_TOO_LARGE = 3,
    /// `wr_http_transfer_cancel` was called.
    WR_HTTP_STOP_CANCELLED = 4,
    /// Memory or an easy handle could not be had.
    WR_HTTP_STOP_SETUP_FAILED = 5,
} wr_http_stop;

/// What went wrong when curl itself failed (`curl_code` not 0), in the classes the messages use.
typedef enum wr_http_failure {
    /// curl succeeded, or the transfer stopped for a `wr_http_stop` reason.
    WR_HTTP_FAILURE_NONE = 0,
    /// The connection was refused, or could not be made.
    WR_HTTP_FAILURE_CANNOT_CONNECT = 1,
    /// The host name did not resolve.
    WR_HTTP_FAILURE_CANNOT_FIND_HOST = 2,
    /// The connection was reset while sending or receiving.
    WR_HTTP_FAILURE_CONNECTION_LOST = 3,
    /// The timeout passed (curl's own, or a connect that timed out).
    WR_HTTP_FAILURE_TIMED_OUT = 4,
    /// TLS failed: the handshake, or the server's certificate.
    WR_HTTP_FAILURE_SECURE_CONNECTION = 5,
    /// The URL is malformed or not http(s).
    WR_HTTP_FAILURE_BAD_URL = 6,
    /// A redirect pointed to something other than http(s); `location` says where.
    WR_HTTP_FAILURE_REDIRECT_NOT_HTTP = 7,
    /// More redirects than `maximum_redirects`.
    WR_HTTP_FAILURE_TOO_MANY_REDIRECTS = 8,
    /// Anything else; `message` has curl's words.
    WR_HTTP_FAILURE_OTHER = 9,
    /// The answer is not HTTP as curl reads it (a header line over curl's limit, a bad chunk, a
    /// Content-Encoding that does not decode): it will be the same on every try.
    WR_HTTP_FAILURE_MALFORMED_ANSWER = 10,
} wr_http_failure;

/// What one GET asks for.
typedef struct wr_http_options {
    /// The URL, http or https.
    const char *url;
    /// The `User-Agent` header.
    const char *user_agent;
    /// Milliseconds the whole attempt may take, redirects and body included (at least 1).
    long timeout_ms;
    /// Milliseconds the connection may take (at least 1).
    long connect_timeout_ms;
    /// The most redirects followed; one more fails with CURLE_TOO_MANY_REDIRECTS.
    long maximum_redirects;
    /// The largest body accepted, in bytes, counted after any Content-Encoding is decoded.
    int64_t size_limit;
} wr_http_options;

/// What a transfer produced. Strings are NUL-terminated and owned by the transfer; NULL when
/// the answer had no such header.
typedef struct wr_http_result {
    wr_http_stop stop;
    /// curl's CURLcode (0 for success).
    int curl_code;
    /// `curl_code` classified; WR_HTTP_FAILURE_NONE when it is 0.
    wr_http_failure failure;
    /// errno of the last failed connect (CURLINFO_OS_ERRNO), 0 when none.
    long os_errno;
    /// The status of the last answer, 0 when none arrived.
    long status;
    /// Redirects followed.
    long redirects;
    /// The last answer's Content-Length, -1 when it had none (INT64_MAX when it overflows).
    int64_t content_length;
    const char *_Nullable etag;
    const char *_Nullable last_modified;
    const char *_Nullable content_type;
    const char *_Nullable content_encoding;
    /// The last answer's Location, as sent: where a redirect that was not followed pointed.
    const char *_Nullable location;
    /// The URL that answered last, after redirects (or the one a refused redirect pointed to).
    const char *_Nullable effective_url;
    /// curl's error text (its error buffer, else curl_easy_strerror), or the loader's; "" when none.
    const char *message;
} wr_http_result;

/// One transfer: create, add headers, perform once (blocking), read the result, destroy.
typedef struct wr_http_transfer wr_http_transfer;

/// A new transfer, or NULL when out of memory.
wr_http_transfer *_Nullable wr_http_transfer_create(void);

/// Adds a request header line, `Name: value`. Returns 0, or -1 when out of memory.
int wr_http_transfer_add_header(wr_http_transfer *transfer, const char *line);

/// Loads libcurl if needed and runs the GET to its end; blocks the calling thread. Call once.
void wr_http_transfer_perform(wr_http_transfer *transfer, const wr_http_options *options);

/// Asks a running (or not yet started) transfer to stop; safe from any thread. curl notices
/// within about a second (its progress callback), or at once when bytes arrive.
void wr_http_transfer_cancel(wr_http_transfer *transfer);

/// The result, once `wr_http_transfer_perform` has returned.
const wr_http_result *wr_http_transfer_result(const wr_http_transfer *transfer);

/// The body received, handed over to the caller, who releases it with free(); NULL when empty.
void *_Nullable wr_http_transfer_take_body(wr_http_transfer *transfer, size_t *length);

/// Releases the transfer and everything it still owns.
void wr_http_transfer_destroy(wr_http_transfer *_Nullable transfer);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif
