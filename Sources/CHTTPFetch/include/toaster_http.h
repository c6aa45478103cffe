#ifndef TOASTER_HTTP_H
#define TOASTER_HTTP_H

#include <stddef.h>

/// Why a fetch failed; the Swift side turns each into one sentence.
enum toaster_http_failure {
    TOASTER_HTTP_OK = 0,
    TOASTER_HTTP_NO_LIBRARY,
    TOASTER_HTTP_TIMEOUT,
    TOASTER_HTTP_REFUSED,
    TOASTER_HTTP_REDIRECTS,
    TOASTER_HTTP_TOO_LARGE,
    TOASTER_HTTP_OTHER,
};

typedef struct {
    enum toaster_http_failure failure;
    /// The final answer's status code and reason phrase (0 and "" when none arrived).
    long status;
    char reason[64];
    char content_type[128];
    /// The words for TOASTER_HTTP_OTHER and TOASTER_HTTP_NO_LIBRARY: libcurl's, or the plain client's.
    char message[256];
    /// The body, malloc'd; release with toaster_http_free.
    unsigned char *body;
    size_t body_length;
} toaster_http_result;

/// One HTTP(S) request: http:// on a plain socket, https:// through libcurl, loaded on first use.
/// `headers` are "Name: value" lines; `body` (may be NULL) makes it a POST. Blocks for at most
/// `timeout_ms`, redirects included.
void toaster_http_fetch(const char *url, const char *const *headers, size_t header_count,
                        const void *body, size_t body_length, long timeout_ms, size_t max_bytes,
                        long max_redirects, toaster_http_result *result);

void toaster_http_free(toaster_http_result *result);

/// Loads libcurl now, so that the first fetch need not (safe to call from any thread).
void toaster_http_preload(void);

#endif
