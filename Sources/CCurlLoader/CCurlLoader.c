// libcurl through dlopen: the header gives the types and constants, the library is mapped on
// the first transfer. Nothing here links -lcurl.

#define CURL_DISABLE_TYPECHECK
#define CURL_DISABLE_DEPRECATION
#include <curl/curl.h>

#include "CCurlLoader.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef __APPLE__
#define WR_LIBCURL_NAME "libcurl.4.dylib"
#else
#define WR_LIBCURL_NAME "libcurl.so.4"
#endif

// ---------------------------------------------------------------------------------------------
// The loader: once per process, under pthread_once.

static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *curl, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *curl);
    CURLcode (*easy_getinfo)(CURL *curl, CURLINFO info, ...);
    void (*easy_cleanup)(CURL *curl);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static atomic_int loaded;
// Why loading failed; empty when it succeeded. Written once, under load_once.
static char load_error[400];

#define WR_SYMBOL(field, name)                                                                      \
    do {                                                                                            \
        *(void **)(&curl.field) = dlsym(library, name);                                             \
        if (curl.field == NULL) {                                                                   \
            snprintf(load_error, sizeof load_error, "%s has no %s", WR_LIBCURL_NAME, name);         \
            return;                                                                                 \
        }                                                                                           \
    } while (0)

static void load_curl(void) {
    void *library = dlopen(WR_LIBCURL_NAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : "cannot load " WR_LIBCURL_NAME);
        return;
    }
    WR_SYMBOL(global_init, "curl_global_init");
    WR_SYMBOL(easy_init, "curl_easy_init");
    WR_SYMBOL(easy_setopt, "curl_easy_setopt");
    WR_SYMBOL(easy_perform, "curl_easy_perform");
    WR_SYMBOL(easy_getinfo, "curl_easy_getinfo");
    WR_SYMBOL(easy_cleanup, "curl_easy_cleanup");
    WR_SYMBOL(easy_strerror, "curl_easy_strerror");
    WR_SYMBOL(slist_append, "curl_slist_append");
    WR_SYMBOL(slist_free_all, "curl_slist_free_all");
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed: %s", curl.easy_strerror(code));
        return;
    }
    // The library stays loaded for the life of the process, as a linked one would.
    atomic_store(&loaded, 1);
}

// ---------------------------------------------------------------------------------------------
// One transfer.

struct wr_http_transfer {
    atomic_int cancelled;
    CURL *easy;
    char **headers;
    size_t header_count;
    int64_t size_limit;
    char *body;
    size_t body_length;
    size_t body_capacity;
    // The last answer's header fields; reset at each status line (redirects, 100 Continue).
    char *etag;
    char *last_modified;
    char *content_type;
    char *content_encoding;
    char *location;
    char *effective_url;
    int64_t content_length;
    /// Whether the last answer's body is chunked (its Content-Length, if any, is then ignored,
    /// as HTTP/1.1 says).
    int chunked;
    /// Whether the last answer's header has ended (its empty line was read).
    int header_done;
    wr_http_stop stop;
    char error_buffer[CURL_ERROR_SIZE];
    char message[512];
    wr_http_result result;
};

wr_http_transfer *wr_http_transfer_create(void) {
    wr_http_transfer *transfer = calloc(1, sizeof *transfer);
    if (transfer == NULL) return NULL;
    atomic_init(&transfer->cancelled, 0);
    transfer->content_length = -1;
    transfer->result.message = transfer->message;
    transfer->result.content_length = -1;
    return transfer;
}

int wr_http_transfer_add_header(wr_http_transfer *transfer, const char *line) {
    size_t length = strlen(line);
    char *copy = malloc(length + 1);
    if (copy == NULL) return -1;
    memcpy(copy, line, length + 1);
    char **grown = realloc(transfer->headers, (transfer->header_count + 1) * sizeof *grown);
    if (grown == NULL) {
        free(copy);
        return -1;
    }
    transfer->headers = grown;
    transfer->headers[transfer->header_count++] = copy;
    return 0;
}

void wr_http_transfer_cancel(wr_http_transfer *transfer) { atomic_store(&transfer->cancelled, 1); }

static int is_cancelled(wr_http_transfer *transfer) {
    if (!atomic_load(&transfer->cancelled)) return 0;
    if (transfer->stop == WR_HTTP_STOP_NONE) transfer->stop = WR_HTTP_STOP_CANCELLED;
    return 1;
}

static void replace(char **field, const char *value, size_t length) {
    free(*field);
    *field = malloc(length + 1);
    if (*field == NULL) return;
    memcpy(*field, value, length);
    (*field)[length] = '\0';
}

/// `value` (decimal digits only) as a length; INT64_MAX when it overflows, -1 when it is no number.
static int64_t parse_length(const char *value, size_t length) {
    if (length == 0) return -1;
    int64_t result = 0;
    for (size_t index = 0; index < length; index++) {
        char digit = value[index];
        if (digit < '0' || digit > '9') return -1;
        if (result > (INT64_MAX - (digit - '0')) / 10) return INT64_MAX;
        result = result * 10 + (digit - '0');
    }
    return result;
}

/// Called once per header line of every answer, redirects included, then once with the blank
/// line that ends the header. A 2xx whose Content-Length is over the limit stops here, before
/// any of its body is read.
static size_t on_header(char *buffer, size_t size, size_t count, void *context) {
    wr_http_transfer *transfer = context;
    size_t length = size * count;
    if (is_cancelled(transfer)) return 0;
    if (length >= 5 && memcmp(buffer, "HTTP/", 5) == 0) {
        free(transfer->etag);
        free(transfer->last_modified);
        free(transfer->content_type);
        free(transfer->content_encoding);
        free(transfer->location);
        transfer->etag = transfer->last_modified = transfer->content_type = transfer->content_encoding = NULL;
        transfer->location = NULL;
        transfer->content_length = -1;
        transfer->chunked = 0;
        transfer->header_done = 0;
        return length;
    }
    size_t end = length;
    while (end > 0 && (buffer[end - 1] == '\r' || buffer[end - 1] == '\n')) end--;
    if (end == 0) {
        transfer->header_done = 1;
        long status = 0;
        if (curl.easy_getinfo(transfer->easy, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK) status = 0;
        if (status >= 200 && status < 300 && !transfer->chunked && transfer->content_length > transfer->size_limit) {
            transfer->stop = WR_HTTP_STOP_DECLARED_TOO_LARGE;
            return 0;
        }
        return length;
    }
    const char *colon = memchr(buffer, ':', end);
    if (colon == NULL) return length;
    size_t name_length = (size_t)(colon - buffer);
    const char *value = colon + 1;
    size_t value_length = end - name_length - 1;
    while (value_length > 0 && (*value == ' ' || *value == '\t')) {
        value++;
        value_length--;
    }
    while (value_length > 0 && (value[value_length - 1] == ' ' || value[value_length - 1] == '\t')) value_length--;
#define WR_IS(name) (name_length == sizeof name - 1 && strncasecmp(buffer, name, name_length) == 0)
    if (WR_IS("ETag")) {
        replace(&transfer->etag, value, value_length);
    } else if (WR_IS("Last-Modified")) {
        replace(&transfer->last_modified, value, value_length);
    } else if (WR_IS("Content-Type")) {
        replace(&transfer->content_type, value, value_length);
    } else if (WR_IS("Content-Encoding")) {
        replace(&transfer->content_encoding, value, value_length);
    } else if (WR_IS("Location")) {
        replace(&transfer->location, value, value_length);
    } else if (WR_IS("Content-Length")) {
        transfer->content_length = parse_length(value, value_length);
    } else if (WR_IS("Transfer-Encoding")) {
        for (size_t i = 0; i + 7 <= value_length; i++) {
            if (strncasecmp(value + i, "chunked", 7) == 0) transfer->chunked = 1;
        }
    }
#undef WR_IS
    return length;
}

/// Called with the body as it arrives, after any Content-Encoding is decoded (at most
/// CURL_MAX_WRITE_SIZE bytes at a time), so a gzip bomb stops at the limit like a plain body.
static size_t on_body(char *buffer, size_t size, size_t count, void *context) {
    wr_http_transfer *transfer = context;
    size_t length = size * count;
    if (is_cancelled(transfer)) return 0;
    // checked: size_limit is not negative (wr_http_transfer_perform clamps it).
    uint64_t limit = (uint64_t)transfer->size_limit;
    if (length > limit || transfer->body_length > limit - length) {
        transfer->stop = WR_HTTP_STOP_TOO_LARGE;
        return 0;
    }
    size_t needed = transfer->body_length + length;
    if (needed > transfer->body_capacity) {
        size_t capacity = transfer->body_capacity < 16384 ? 16384 : transfer->body_capacity;
        while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        if (capacity > limit && limit >= needed) capacity = (size_t)limit;
        char *grown = realloc(transfer->body, capacity);
        if (grown == NULL) {
            transfer->stop = WR_HTTP_STOP_SETUP_FAILED;
            snprintf(transfer->message, sizeof transfer->message, "out of memory for a body of %zu bytes", needed);
            return 0;
        }
        transfer->body = grown;
        transfer->body_capacity = capacity;
    }
    memcpy(transfer->body + transfer->body_length, buffer, length);
    transfer->body_length = needed;
    return length;
}

/// Called about once a second while the transfer waits, and more often while bytes flow: the
/// only way into a blocked curl_easy_perform, so a cancel is seen here.
static int on_progress(void *context, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total,
                       curl_off_t uploaded) {
    (void)download_total;
    (void)downloaded;
    (void)upload_total;
    (void)uploaded;
    return is_cancelled(context) ? 1 : 0;
}

/// The class of a curl failure, as URLSession on Linux told them apart (by code, and by the errno
/// of a failed connect), with TLS failures told apart too.
static wr_http_failure classify(CURLcode code, long os_errno, long status, int header_done) {
    if (code == CURLE_OK) return WR_HTTP_FAILURE_NONE;
    if (os_errno == ECONNREFUSED) return WR_HTTP_FAILURE_CANNOT_CONNECT;
    switch (code) {
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT:
        // After a 3xx, it is the redirect's target that curl refused.
        return status >= 300 && status < 400 ? WR_HTTP_FAILURE_REDIRECT_NOT_HTTP : WR_HTTP_FAILURE_BAD_URL;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
        return WR_HTTP_FAILURE_CANNOT_FIND_HOST;
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
        return os_errno == ECONNRESET ? WR_HTTP_FAILURE_CONNECTION_LOST : WR_HTTP_FAILURE_OTHER;
    case CURLE_COULDNT_CONNECT:
        return os_errno == ETIMEDOUT ? WR_HTTP_FAILURE_TIMED_OUT : WR_HTTP_FAILURE_CANNOT_CONNECT;
    case CURLE_OPERATION_TIMEDOUT:
        return WR_HTTP_FAILURE_TIMED_OUT;
    case CURLE_TOO_MANY_REDIRECTS:
        return WR_HTTP_FAILURE_TOO_MANY_REDIRECTS;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_CLIENTCERT:
        return WR_HTTP_FAILURE_SECURE_CONNECTION;
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_BAD_CONTENT_ENCODING:
        return WR_HTTP_FAILURE_MALFORMED_ANSWER;
    case CURLE_OUT_OF_MEMORY:
        // Inside the answer's header: curl refused a header line over its limit (100 KB).
        return header_done ? WR_HTTP_FAILURE_OTHER : WR_HTTP_FAILURE_MALFORMED_ANSWER;
    default:
        return WR_HTTP_FAILURE_OTHER;
    }
}

/// Sets an option that every libcurl this code runs with has; a failure is a setup failure.
#define WR_SET(option, value)                                                                       \
    do {                                                                                            \
        CURLcode set_code = curl.easy_setopt(easy, option, value);                                  \
        if (set_code != CURLE_OK) {                                                                 \
            snprintf(transfer->message, sizeof transfer->message, "cannot set %s: %s", #option,     \
                     curl.easy_strerror(set_code));                                                 \
            transfer->stop = WR_HTTP_STOP_SETUP_FAILED;                                             \
            goto done;                                                                              \
        }                                                                                           \
    } while (0)

void wr_http_transfer_perform(wr_http_transfer *transfer, const wr_http_options *options) {
    wr_http_result *result = &transfer->result;
    struct curl_slist *headers = NULL;
    CURL *easy = NULL;
    pthread_once(&load_once, load_curl);
    if (!atomic_load(&loaded)) {
        transfer->stop = WR_HTTP_STOP_UNAVAILABLE;
        snprintf(transfer->message, sizeof transfer->message, "%s", load_error);
        goto done;
    }
    if (is_cancelled(transfer)) goto done;
    transfer->size_limit = options->size_limit < 0 ? 0 : options->size_limit;
    easy = curl.easy_init();
    if (easy == NULL) {
        transfer->stop = WR_HTTP_STOP_SETUP_FAILED;
        snprintf(transfer->message, sizeof transfer->message, "curl_easy_init failed");
        goto done;
    }
    transfer->easy = easy;
    for (size_t index = 0; index < transfer->header_count; index++) {
        struct curl_slist *appended = curl.slist_append(headers, transfer->headers[index]);
        if (appended == NULL) {
            transfer->stop = WR_HTTP_STOP_SETUP_FAILED;
            snprintf(transfer->message, sizeof transfer->message, "out of memory for the request headers");
            goto done;
        }
        headers = appended;
    }
    WR_SET(CURLOPT_ERRORBUFFER, transfer->error_buffer);
    WR_SET(CURLOPT_URL, options->url);
    // Only http and https, for the URL and for every redirect. The _STR options are 7.85+;
    // older libcurl takes the bit masks.
    if (curl.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        WR_SET(CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    if (curl.easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        WR_SET(CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    WR_SET(CURLOPT_USERAGENT, options->user_agent);
    WR_SET(CURLOPT_HTTPHEADER, headers);
    WR_SET(CURLOPT_HTTPGET, 1L);
    WR_SET(CURLOPT_FOLLOWLOCATION, 1L);
    WR_SET(CURLOPT_MAXREDIRS, options->maximum_redirects < 0 ? 0L : options->maximum_redirects);
    // Every encoding this libcurl decodes is offered and decoded; the body callback counts decoded bytes.
    WR_SET(CURLOPT_ACCEPT_ENCODING, "");
    WR_SET(CURLOPT_TIMEOUT_MS, options->timeout_ms < 1 ? 1L : options->timeout_ms);
    WR_SET(CURLOPT_CONNECTTIMEOUT_MS, options->connect_timeout_ms < 1 ? 1L : options->connect_timeout_ms);
    // Threads other than the main one run transfers: no SIGALRM for DNS timeouts.
    WR_SET(CURLOPT_NOSIGNAL, 1L);
    WR_SET(CURLOPT_HEADERFUNCTION, on_header);
    WR_SET(CURLOPT_HEADERDATA, transfer);
    WR_SET(CURLOPT_WRITEFUNCTION, on_body);
    WR_SET(CURLOPT_WRITEDATA, transfer);
    WR_SET(CURLOPT_NOPROGRESS, 0L);
    WR_SET(CURLOPT_XFERINFOFUNCTION, on_progress);
    WR_SET(CURLOPT_XFERINFODATA, transfer);
    // A proxy's "200 Connection established" is not the answer.
    WR_SET(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);

    CURLcode code = curl.easy_perform(easy);
    result->curl_code = (int)code;
    if (code != CURLE_OK && transfer->stop == WR_HTTP_STOP_NONE) {
        const char *text = transfer->error_buffer[0] != '\0' ? transfer->error_buffer : curl.easy_strerror(code);
        snprintf(transfer->message, sizeof transfer->message, "%s", text);
    }
    long value = 0;
    if (curl.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &value) == CURLE_OK) result->status = value;
    value = 0;
    if (curl.easy_getinfo(easy, CURLINFO_REDIRECT_COUNT, &value) == CURLE_OK) result->redirects = value;
    value = 0;
    if (curl.easy_getinfo(easy, CURLINFO_OS_ERRNO, &value) == CURLE_OK) result->os_errno = value;
    result->failure = classify(code, result->os_errno, result->status, transfer->header_done);
    char *url = NULL;
    if (curl.easy_getinfo(easy, CURLINFO_EFFECTIVE_URL, &url) == CURLE_OK && url != NULL) {
        replace(&transfer->effective_url, url, strlen(url));
    }

done:
    if (headers != NULL) curl.slist_free_all(headers);
    if (easy != NULL) curl.easy_cleanup(easy);
    transfer->easy = NULL;
    if (transfer->stop == WR_HTTP_STOP_NONE && atomic_load(&transfer->cancelled)) {
        transfer->stop = WR_HTTP_STOP_CANCELLED;
    }
    result->stop = transfer->stop;
    result->content_length = transfer->chunked ? -1 : transfer->content_length;
    result->etag = transfer->etag;
    result->last_modified = transfer->last_modified;
    result->content_type = transfer->content_type;
    result->content_encoding = transfer->content_encoding;
    result->location = transfer->location;
    result->effective_url = transfer->effective_url;
}

#undef WR_SET

const wr_http_result *wr_http_transfer_result(const wr_http_transfer *transfer) { return &transfer->result; }

void *wr_http_transfer_take_body(wr_http_transfer *transfer, size_t *length) {
    void *body = transfer->body;
    *length = transfer->body_length;
    transfer->body = NULL;
    transfer->body_length = 0;
    transfer->body_capacity = 0;
    if (body == NULL) *length = 0;
    return body;
}

void wr_http_transfer_destroy(wr_http_transfer *transfer) {
    if (transfer == NULL) return;
    for (size_t index = 0; index < transfer->header_count; index++) free(transfer->headers[index]);
    free(transfer->headers);
    free(transfer->body);
    free(transfer->etag);
    free(transfer->last_modified);
    free(transfer->content_type);
    free(transfer->content_encoding);
    free(transfer->location);
    free(transfer->effective_url);
    free(transfer);
}
