// Written in C because libcurl is opened with dlopen on the first fetch rather than linked:
// linking would load it and its thirty dependencies at every start, also for runs that never
// fetch (the demo store, `check` on a file), and start-up time is what the launch benchmark
// measures. Swift cannot call a variadic C function such as curl_easy_setopt through a
// pointer; C can, and needs no header for it.
//
// The option and info numbers below are libcurl's ABI, fixed since they were introduced
// (curl/curl.h: CURLOPTTYPE_LONG 0, OBJECTPOINT 10000, FUNCTIONPOINT 20000, OFF_T 30000;
// CURLINFO_STRING 0x100000, LONG 0x200000); declaring them here spares a -dev package.
// strptime and timegm, for Retry-After dates.
#define _GNU_SOURCE
#include "toaster_http.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

typedef void CURL;
struct curl_slist;
typedef size_t (*write_callback)(char *, size_t, size_t, void *);

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_POSTFIELDS = 10015,
    OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029, OPT_CAINFO = 10065, OPT_CAPATH = 10097,
    OPT_PROTOCOLS_STR = 10318, OPT_REDIR_PROTOCOLS_STR = 10319,
    OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079,
    OPT_FOLLOWLOCATION = 52, OPT_POSTFIELDSIZE = 60, OPT_MAXREDIRS = 68, OPT_NOSIGNAL = 99,
    OPT_TIMEOUT_MS = 155, OPT_CONNECTTIMEOUT_MS = 156,
    OPT_MAXFILESIZE_LARGE = 30117,
    INFO_RESPONSE_CODE = 0x200002, INFO_SSL_VERIFYRESULT = 0x20000D, INFO_OS_ERRNO = 0x200019,
    INFO_CONTENT_TYPE = 0x100012,
    E_OK = 0, E_COULDNT_CONNECT = 7, E_WRITE_ERROR = 23, E_OUT_OF_MEMORY = 27, E_OPERATION_TIMEDOUT = 28,
    E_TOO_MANY_REDIRECTS = 47, E_PEER_FAILED_VERIFICATION = 60, E_FILESIZE_EXCEEDED = 63,
    E_SSL_CACERT_BADFILE = 77,
    GLOBAL_DEFAULT = 3,
};

static struct {
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(int);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;
static char load_error[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
    *(void **)&curl.global_init = dlsym(library, "curl_global_init");
    *(void **)&curl.easy_init = dlsym(library, "curl_easy_init");
    *(void **)&curl.easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&curl.easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&curl.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&curl.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&curl.easy_strerror = dlsym(library, "curl_easy_strerror");
    *(void **)&curl.slist_append = dlsym(library, "curl_slist_append");
    *(void **)&curl.slist_free_all = dlsym(library, "curl_slist_free_all");
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform || !curl.easy_getinfo
        || !curl.easy_cleanup || !curl.easy_strerror || !curl.slist_append || !curl.slist_free_all) {
        snprintf(load_error, sizeof load_error, "libcurl.so.4 lacks a function this program needs");
        curl.easy_init = NULL;
        return;
    }
    // Not thread-safe, hence once, before any handle exists; fetches on several threads then
    // each use their own handle, which libcurl allows.
    if (curl.global_init(GLOBAL_DEFAULT) != E_OK) {
        snprintf(load_error, sizeof load_error, "libcurl could not initialise");
        curl.easy_init = NULL;
    }
}

typedef struct {
    toaster_http_result *result;
    size_t capacity;
    size_t max_bytes;
    int too_large;
} sink;

/// Appends body bytes, doubling the buffer up to max_bytes; 0 makes libcurl stop with a write error.
static size_t receive_body(char *data, size_t size, size_t count, void *context) {
    sink *target = context;
    toaster_http_result *result = target->result;
    size_t length = size * count;
    if (length > target->max_bytes - result->body_length) {
        target->too_large = 1;
        return 0;
    }
    if (result->body_length + length > target->capacity) {
        size_t wanted = target->capacity ? target->capacity : 16384;
        while (wanted < result->body_length + length) wanted *= 2;
        if (wanted > target->max_bytes) wanted = target->max_bytes;
        unsigned char *grown = realloc(result->body, wanted);
        if (grown == NULL) return 0;
        result->body = grown;
        target->capacity = wanted;
    }
    if (length > 0) memcpy(result->body + result->body_length, data, length);
    result->body_length += length;
    return length;
}

/// Keeps the reason phrase and the Retry-After value of the last status line's answer: after
/// redirects, the final answer's.
static size_t receive_header(char *data, size_t size, size_t count, void *context) {
    toaster_http_result *result = context;
    size_t length = size * count;
    static const char retry_after[] = "retry-after:";
    const size_t name_length = sizeof retry_after - 1;
    if (length > name_length && strncasecmp(data, retry_after, name_length) == 0) {
        const char *value = data + name_length, *end = data + length;
        while (value < end && (*value == ' ' || *value == '\t')) value += 1;
        while (end > value && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' ' || end[-1] == '\t')) end -= 1;
        size_t copied = (size_t)(end - value) < sizeof result->retry_after ? (size_t)(end - value) : sizeof result->retry_after - 1;
        memcpy(result->retry_after, value, copied);
        result->retry_after[copied] = '\0';
    }
    if (length > 9 && memcmp(data, "HTTP/", 5) == 0) {
        result->retry_after[0] = '\0';
        const char *space = memchr(data, ' ', length);
        const char *reason = space ? memchr(space + 1, ' ', length - (size_t)(space + 1 - data)) : NULL;
        size_t copied = 0;
        if (reason != NULL) {
            reason += 1;
            while (reason + copied < data + length && reason[copied] != '\r' && reason[copied] != '\n'
                   && copied + 1 < sizeof result->reason)
                copied += 1;
            memcpy(result->reason, reason, copied);
        }
        result->reason[copied] = '\0';
    }
    return length;
}

static enum toaster_http_failure failure_kind(int code, CURL *handle, const sink *target) {
    long os_error = 0;
    switch (code) {
    case E_OK: return TOASTER_HTTP_OK;
    case E_OPERATION_TIMEDOUT: return TOASTER_HTTP_TIMEOUT;
    case E_TOO_MANY_REDIRECTS: return TOASTER_HTTP_REDIRECTS;
    case E_FILESIZE_EXCEEDED: return TOASTER_HTTP_TOO_LARGE;
    case E_WRITE_ERROR: return target->too_large ? TOASTER_HTTP_TOO_LARGE : TOASTER_HTTP_OTHER;
    // libcurl's header buffer refuses to grow past its limit with this code and no message;
    // real memory exhaustion would end the program sooner elsewhere.
    case E_OUT_OF_MEMORY: return TOASTER_HTTP_HEADERS_TOO_LARGE;
    case E_PEER_FAILED_VERIFICATION: return TOASTER_HTTP_CERTIFICATE;
    case E_SSL_CACERT_BADFILE: return TOASTER_HTTP_CA_UNUSABLE;
    case E_COULDNT_CONNECT:
        curl.easy_getinfo(handle, INFO_OS_ERRNO, &os_error);
        return os_error == ECONNREFUSED ? TOASTER_HTTP_REFUSED : TOASTER_HTTP_OTHER;
    default: return TOASTER_HTTP_OTHER;
    }
}

void toaster_http_fetch(const toaster_http_request *request, toaster_http_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&load_once, load);
    if (curl.easy_init == NULL) {
        result->failure = TOASTER_HTTP_NO_LIBRARY;
        snprintf(result->message, sizeof result->message, "%s", load_error);
        return;
    }
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        result->failure = TOASTER_HTTP_OTHER;
        snprintf(result->message, sizeof result->message, "libcurl could not start a request");
        return;
    }
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < request->header_count; index++) list = curl.slist_append(list, request->headers[index]);
    char error_buffer[256] = "";
    sink target = {result, 0, request->max_bytes, 0};
    curl.easy_setopt(handle, OPT_URL, request->url);
    curl.easy_setopt(handle, OPT_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(handle, OPT_REDIR_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, OPT_MAXREDIRS, request->max_redirects);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, request->timeout_ms);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, request->timeout_ms);
    // The program has its own signal handling, and fetches run on several threads: libcurl
    // must not use SIGALRM for name lookups nor touch SIGPIPE's disposition.
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_MAXFILESIZE_LARGE, (int64_t)request->max_bytes);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, error_buffer);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, (write_callback)receive_body);
    curl.easy_setopt(handle, OPT_WRITEDATA, (void *)&target);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, (write_callback)receive_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, (void *)result);
    if (request->ca_file != NULL) curl.easy_setopt(handle, OPT_CAINFO, request->ca_file);
    if (request->ca_directory != NULL) curl.easy_setopt(handle, OPT_CAPATH, request->ca_directory);
    if (list != NULL) curl.easy_setopt(handle, OPT_HTTPHEADER, list);
    if (request->body != NULL) {
        curl.easy_setopt(handle, OPT_POSTFIELDSIZE, (long)request->body_length);
        curl.easy_setopt(handle, OPT_POSTFIELDS, request->body);
    }
    int code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &result->status);
    const char *type = NULL;
    if (curl.easy_getinfo(handle, INFO_CONTENT_TYPE, &type) == E_OK && type != NULL)
        snprintf(result->content_type, sizeof result->content_type, "%s", type);
    result->failure = failure_kind(code, handle, &target);
    if (result->failure == TOASTER_HTTP_CERTIFICATE) curl.easy_getinfo(handle, INFO_SSL_VERIFYRESULT, &result->certificate_verdict);
    if (result->failure != TOASTER_HTTP_OK)
        snprintf(result->message, sizeof result->message, "%s", error_buffer[0] ? error_buffer : curl.easy_strerror(code));
    curl.easy_cleanup(handle);
    curl.slist_free_all(list);
}

void toaster_http_preload(void) {
    pthread_once(&load_once, load);
}

void toaster_http_free(toaster_http_result *result) {
    free(result->body);
    result->body = NULL;
    result->body_length = 0;
}

int toaster_http_date(const char *text, long long *seconds) {
    struct tm parts;
    memset(&parts, 0, sizeof parts);
    const char *rest = strptime(text, "%a, %d %b %Y %H:%M:%S GMT", &parts);
    if (rest == NULL || *rest != '\0') return 0;
    *seconds = (long long)timegm(&parts);
    return 1;
}
