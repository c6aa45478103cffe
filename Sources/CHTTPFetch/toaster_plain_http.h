#ifndef TOASTER_PLAIN_HTTP_H
#define TOASTER_PLAIN_HTTP_H

#include "toaster_http.h"

/// Whether `url` is an http:// URL (any case), which the plain client takes.
int toaster_plain_http_takes(const char *url);

/// toaster_http_fetch for http:// URLs, on a socket, without loading libcurl.
void toaster_plain_http_fetch(const char *url, const char *const *headers, size_t header_count,
                              const void *body, size_t body_length, long timeout_ms, size_t max_bytes,
                              long max_redirects, toaster_http_result *result);

/// toaster_http_fetch through libcurl: the https path, also for an http redirect to https.
void toaster_curl_fetch(const char *url, const char *const *headers, size_t header_count,
                        const void *body, size_t body_length, long timeout_ms, size_t max_bytes,
                        long max_redirects, toaster_http_result *result);

/// Appends body bytes to result->body, doubling its capacity up to max_bytes: TOASTER_HTTP_OK,
/// TOASTER_HTTP_TOO_LARGE past max_bytes, or TOASTER_HTTP_OTHER when memory ran out.
enum toaster_http_failure toaster_http_keep_body(toaster_http_result *result, size_t *capacity, size_t max_bytes,
                                                 const void *data, size_t length);

#endif
