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
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef void CURL;
struct curl_slist;
typedef size_t (*write_callback)(char *, size_t, size_t, void *);
/// libcurl's curl_sockaddr, handed to an open-socket callback.
struct curl_sockaddr {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr addr;
};
typedef int (*open_socket_callback)(void *, int, struct curl_sockaddr *);
typedef int (*close_socket_callback)(void *, int);
typedef int (*progress_callback)(void *, int64_t, int64_t, int64_t, int64_t);

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_POSTFIELDS = 10015,
    OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029, OPT_XFERINFODATA = 10057, OPT_CAINFO = 10065, OPT_CAPATH = 10097,
    OPT_OPENSOCKETDATA = 10164, OPT_CLOSESOCKETDATA = 10209, OPT_PROTOCOLS_STR = 10318, OPT_REDIR_PROTOCOLS_STR = 10319,
    OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079, OPT_OPENSOCKETFUNCTION = 20163, OPT_CLOSESOCKETFUNCTION = 20208,
    OPT_XFERINFOFUNCTION = 20219,
    OPT_NOPROGRESS = 43, OPT_FOLLOWLOCATION = 52, OPT_POSTFIELDSIZE = 60, OPT_MAXREDIRS = 68, OPT_NOSIGNAL = 99,
    OPT_TIMEOUT_MS = 155, OPT_CONNECTTIMEOUT_MS = 156, OPT_TCP_KEEPALIVE = 213, OPT_TCP_KEEPIDLE = 214, OPT_TCP_KEEPINTVL = 215,
    OPT_SUPPRESS_CONNECT_HEADERS = 265,
    OPT_MAXFILESIZE_LARGE = 30117,
    INFO_RESPONSE_CODE = 0x200002, INFO_SSL_VERIFYRESULT = 0x20000D, INFO_OS_ERRNO = 0x200019,
    INFO_CONTENT_TYPE = 0x100012, INFO_REDIRECT_URL = 0x10001F,
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

/// The sockets a stream's connection attempts opened (happy eyeballs opens two at most), so
/// that another thread can shut them down; `aborted` refuses every socket after.
struct toaster_http_stream {
    pthread_mutex_t lock;
    int aborted;
    int sockets[4];
};

typedef struct {
    toaster_http_result *result;
    size_t capacity;
    size_t max_bytes;
    int too_large;
    /// A stream's events (NULL for a fetch), and the status of the answer whose headers are
    /// being read.
    const toaster_http_stream_events *events;
    long status;
} sink;

static int streaming(const sink *target) {
    return target->events != NULL && target->status >= 200 && target->status < 300;
}

/// Appends body bytes, doubling the buffer up to max_bytes; 0 makes libcurl stop with a write
/// error. A stream's 2xx body goes to its events instead, whatever its length.
static size_t receive_body(char *data, size_t size, size_t count, void *context) {
    sink *target = context;
    toaster_http_result *result = target->result;
    size_t length = size * count;
    if (streaming(target)) {
        target->events->data(target->events->context, (const unsigned char *)data, length);
        return length;
    }
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
/// redirects, the final answer's. A stream hears of the final answer's status when its headers end.
static size_t receive_header(char *data, size_t size, size_t count, void *context) {
    sink *target = context;
    toaster_http_result *result = target->result;
    size_t length = size * count;
    if ((length == 2 && data[0] == '\r' && data[1] == '\n') || (length == 1 && data[0] == '\n')) {
        if (target->events != NULL && target->status >= 200) target->events->head(target->events->context, target->status);
        return length;
    }
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
        target->status = space != NULL ? strtol(space + 1, NULL, 10) : 0;
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

static enum toaster_http_failure failure_kind(int code, CURL *handle, const sink *target, toaster_http_stream *stream) {
    long os_error = 0;
    if (stream != NULL && __atomic_load_n(&stream->aborted, __ATOMIC_ACQUIRE)) return TOASTER_HTTP_ABORTED;
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

/// A stream's sockets: made here, so that toaster_http_stream_abort can shut them down.
static int open_socket(void *context, int purpose, struct curl_sockaddr *address) {
    (void)purpose;
    toaster_http_stream *stream = context;
    int descriptor = -1;
    pthread_mutex_lock(&stream->lock);
    if (!stream->aborted) {
        descriptor = socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
        for (size_t index = 0; descriptor >= 0 && index < sizeof stream->sockets / sizeof *stream->sockets; index++) {
            if (stream->sockets[index] < 0) {
                stream->sockets[index] = descriptor;
                break;
            }
        }
    }
    pthread_mutex_unlock(&stream->lock);
    return descriptor;
}

/// Forgets the socket before closing it, under the lock, so that an abort never shuts down a
/// descriptor number reused elsewhere.
static int close_socket(void *context, int descriptor) {
    toaster_http_stream *stream = context;
    pthread_mutex_lock(&stream->lock);
    for (size_t index = 0; index < sizeof stream->sockets / sizeof *stream->sockets; index++) {
        if (stream->sockets[index] == descriptor) stream->sockets[index] = -1;
    }
    int status = close(descriptor);
    pthread_mutex_unlock(&stream->lock);
    return status;
}

/// Called by libcurl at least once a second, name resolution included: an abort before any
/// socket exists ends the stream here.
static int keep_going(void *context, int64_t download_total, int64_t downloaded, int64_t upload_total, int64_t uploaded) {
    (void)download_total, (void)downloaded, (void)upload_total, (void)uploaded;
    toaster_http_stream *stream = context;
    return __atomic_load_n(&stream->aborted, __ATOMIC_ACQUIRE);
}

/// One request: a fetch (`stream` NULL), or a stream whose body goes to `target->events`.
static void run(const toaster_http_request *request, long total_ms, toaster_http_stream *stream, sink *target) {
    toaster_http_result *result = target->result;
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
    curl.easy_setopt(handle, OPT_URL, request->url);
    curl.easy_setopt(handle, OPT_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(handle, OPT_REDIR_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, request->max_redirects > 0 ? 1L : 0L);
    curl.easy_setopt(handle, OPT_MAXREDIRS, request->max_redirects);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, request->timeout_ms);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, total_ms);
    // The program has its own signal handling, and fetches run on several threads: libcurl
    // must not use SIGALRM for name lookups nor touch SIGPIPE's disposition.
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    // A stream's body has no end to bound; its reader bounds each message.
    if (stream == NULL) curl.easy_setopt(handle, OPT_MAXFILESIZE_LARGE, (int64_t)request->max_bytes);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, error_buffer);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, (write_callback)receive_body);
    curl.easy_setopt(handle, OPT_WRITEDATA, (void *)target);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, (write_callback)receive_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, (void *)target);
    if (stream != NULL) {
        curl.easy_setopt(handle, OPT_OPENSOCKETFUNCTION, (open_socket_callback)open_socket);
        curl.easy_setopt(handle, OPT_OPENSOCKETDATA, (void *)stream);
        curl.easy_setopt(handle, OPT_CLOSESOCKETFUNCTION, (close_socket_callback)close_socket);
        curl.easy_setopt(handle, OPT_CLOSESOCKETDATA, (void *)stream);
        curl.easy_setopt(handle, OPT_NOPROGRESS, 0L);
        curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, (progress_callback)keep_going);
        curl.easy_setopt(handle, OPT_XFERINFODATA, (void *)stream);
        // A peer gone without a word (a network that dropped) is noticed in about two
        // minutes rather than never: probes after 30 s of silence, every 10 s.
        curl.easy_setopt(handle, OPT_TCP_KEEPALIVE, 1L);
        curl.easy_setopt(handle, OPT_TCP_KEEPIDLE, 30L);
        curl.easy_setopt(handle, OPT_TCP_KEEPINTVL, 10L);
        // A proxy's answer to CONNECT is no head of the stream's.
        curl.easy_setopt(handle, OPT_SUPPRESS_CONNECT_HEADERS, 1L);
    }
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
    const char *location = NULL;
    if (curl.easy_getinfo(handle, INFO_REDIRECT_URL, &location) == E_OK && location != NULL)
        snprintf(result->location, sizeof result->location, "%s", location);
    result->failure = failure_kind(code, handle, target, stream);
    if (result->failure == TOASTER_HTTP_CERTIFICATE) curl.easy_getinfo(handle, INFO_SSL_VERIFYRESULT, &result->certificate_verdict);
    if (result->failure != TOASTER_HTTP_OK)
        snprintf(result->message, sizeof result->message, "%s", error_buffer[0] ? error_buffer : curl.easy_strerror(code));
    curl.easy_cleanup(handle);
    curl.slist_free_all(list);
}

void toaster_http_fetch(const toaster_http_request *request, toaster_http_result *result) {
    memset(result, 0, sizeof *result);
    sink target = {result, 0, request->max_bytes, 0, NULL, 0};
    run(request, request->timeout_ms, NULL, &target);
}

toaster_http_stream *toaster_http_stream_new(void) {
    toaster_http_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL) return NULL;
    pthread_mutex_init(&stream->lock, NULL);
    for (size_t index = 0; index < sizeof stream->sockets / sizeof *stream->sockets; index++) stream->sockets[index] = -1;
    return stream;
}

void toaster_http_stream_run(toaster_http_stream *stream, const toaster_http_request *request, long lifetime_ms,
                             toaster_http_stream_events events, toaster_http_result *result) {
    memset(result, 0, sizeof *result);
    if (__atomic_load_n(&stream->aborted, __ATOMIC_ACQUIRE)) {
        result->failure = TOASTER_HTTP_ABORTED;
        return;
    }
    sink target = {result, 0, request->max_bytes, 0, &events, 0};
    run(request, lifetime_ms, stream, &target);
}

void toaster_http_stream_abort(toaster_http_stream *stream) {
    pthread_mutex_lock(&stream->lock);
    __atomic_store_n(&stream->aborted, 1, __ATOMIC_RELEASE);
    for (size_t index = 0; index < sizeof stream->sockets / sizeof *stream->sockets; index++) {
        if (stream->sockets[index] >= 0) shutdown(stream->sockets[index], SHUT_RDWR);
    }
    pthread_mutex_unlock(&stream->lock);
}

void toaster_http_stream_free(toaster_http_stream *stream) {
    pthread_mutex_destroy(&stream->lock);
    free(stream);
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
