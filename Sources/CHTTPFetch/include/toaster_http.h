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
    /// The answer's headers went past libcurl's limit (100 KiB).
    TOASTER_HTTP_HEADERS_TOO_LARGE,
    /// The server's certificate was refused; `certificate_verdict` says why.
    TOASTER_HTTP_CERTIFICATE,
    /// The CA file or folder the request names could not be loaded.
    TOASTER_HTTP_CA_UNUSABLE,
    /// A stream ended by toaster_http_stream_abort.
    TOASTER_HTTP_ABORTED,
    TOASTER_HTTP_OTHER,
};

typedef struct {
    const char *url;
    /// "Name: value" lines.
    const char *const *headers;
    size_t header_count;
    /// NULL for a GET; otherwise the POST body (any pointer when body_length is 0).
    const void *body;
    size_t body_length;
    /// The whole request, redirects included, blocks for at most this long.
    long timeout_ms;
    size_t max_bytes;
    /// 0: a redirect is not followed but answered as it is (its status and Location).
    long max_redirects;
    /// CA certificates to trust instead of libcurl's built-in ones (NULL: the built-in ones).
    const char *ca_file;
    const char *ca_directory;
} toaster_http_request;

typedef struct {
    enum toaster_http_failure failure;
    /// The final answer's status code and reason phrase (0 and "" when none arrived).
    long status;
    char reason[64];
    char content_type[128];
    /// Where a redirect that was not followed points ("" otherwise).
    char location[1024];
    /// The final answer's Retry-After value as sent ("" when it had none), for callers that retry.
    char retry_after[64];
    /// libcurl's words for every failure but TOASTER_HTTP_OK.
    char message[256];
    /// For TOASTER_HTTP_CERTIFICATE: OpenSSL's verification result (X509_V_ERR_*), 0 when the
    /// chain was trusted but the certificate was refused for another reason (its name).
    long certificate_verdict;
    /// The body, malloc'd; release with toaster_http_free.
    unsigned char *body;
    size_t body_length;
} toaster_http_result;

/// One HTTP(S) request through libcurl, loaded on first use. Safe to call from several threads
/// at once: each call has its own handle. http_proxy, https_proxy and no_proxy apply as libcurl
/// reads them.
void toaster_http_fetch(const toaster_http_request *request, toaster_http_result *result);

void toaster_http_free(toaster_http_result *result);

/// A request whose body is handed over as it arrives (a stream held open by the server), and
/// that another thread can end at any time.
typedef struct toaster_http_stream toaster_http_stream;

/// What a stream hands over, on the thread running it: `head` once the final answer's status
/// is known (before any of its body), then `data` with each piece of a 2xx answer's body as it
/// arrives. Another status's body is kept in the result instead (up to max_bytes), as a fetch's.
typedef struct {
    void *context;
    void (*head)(void *context, long status);
    void (*data)(void *context, const unsigned char *bytes, size_t length);
} toaster_http_stream_events;

toaster_http_stream *toaster_http_stream_new(void);

/// Runs `request` until the server ends the answer, the connection fails or times out, or
/// toaster_http_stream_abort; blocks the calling thread meanwhile. `request->timeout_ms`
/// bounds the connection; `lifetime_ms` the whole stream (0: no bound). A handle runs one
/// stream; once aborted, it runs none.
void toaster_http_stream_run(toaster_http_stream *stream, const toaster_http_request *request, long lifetime_ms,
                             toaster_http_stream_events events, toaster_http_result *result);

/// Ends the stream at once, from any thread, running or not yet: its connection is shut
/// down, and toaster_http_stream_run returns TOASTER_HTTP_ABORTED.
void toaster_http_stream_abort(toaster_http_stream *stream);

/// Releases the handle, once its stream has returned (or never ran).
void toaster_http_stream_free(toaster_http_stream *stream);

/// Loads libcurl now, so that the first fetch need not (safe to call from any thread).
void toaster_http_preload(void);

/// Reads an HTTP date (IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`, as Retry-After may carry
/// one) into seconds since 1970 with the C library's strptime; 1 when it is one, else 0.
int toaster_http_date(const char *text, long long *seconds);

#endif
