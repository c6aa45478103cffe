// http:// requests on a plain socket. Loading libcurl and its thirty libraries takes about 7 ms,
// more than a whole check against a service on loopback, and the launch benchmark counts it.
// https, and an http redirect that leads to it, still go through libcurl (toaster_http.c),
// which brings TLS and the system's CA store.
#define _GNU_SOURCE
#include "toaster_plain_http.h"

#include <errno.h>
#include <limits.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum {
    HEAD_LIMIT = 64 * 1024,
    // Room for a whole header section, so that one that does not fit is too large.
    BUFFER_SIZE = HEAD_LIMIT + 4096,
    LINE_LIMIT = 4096,
    HOST_LIMIT = 256,
};

static const char CLOSED_EARLY[] = "the connection closed before the whole answer arrived";
static const char MALFORMED[] = "malformed answer from the server";
static const char HEAD_TOO_LARGE[] = "malformed answer: headers too large";

static int fail(toaster_http_result *result, enum toaster_http_failure failure, const char *format, ...) {
    result->failure = failure;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(result->message, sizeof result->message, format, arguments);
    va_end(arguments);
    return -1;
}

// ---- Time: one deadline for the whole fetch, redirects included.

/// Milliseconds on the monotonic clock, which wall-clock changes cannot move.
static int64_t now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/// libcurl's meaning of a timeout of 0: none. Far enough away never to come, near enough not to overflow.
static const int64_t NO_DEADLINE = INT64_MAX / 4;

static int timed_out(int64_t deadline, toaster_http_result *result) {
    if (now_ms() < deadline) return 0;
    return fail(result, TOASTER_HTTP_TIMEOUT, "");
}

/// Waits until `fd` is ready for `events` or the deadline passes (then -1, TIMEOUT).
static int wait_for(int fd, short events, int64_t deadline, toaster_http_result *result) {
    for (;;) {
        int64_t left = deadline - now_ms();
        if (left <= 0) return fail(result, TOASTER_HTTP_TIMEOUT, "");
        struct pollfd entry = {.fd = fd, .events = events};
        int ready = poll(&entry, 1, left > INT_MAX ? INT_MAX : (int)left);
        // POLLERR and POLLHUP count as ready: the next send, recv or SO_ERROR says what happened.
        if (ready > 0) return 0;
        if (ready < 0 && errno != EINTR) return fail(result, TOASTER_HTTP_OTHER, "cannot wait for the server: %s", strerror(errno));
    }
}

// ---- Text that grows: the request, and URLs made from redirects.

typedef struct {
    char *data;
    size_t length, capacity;
    int failed;
} text;

static void append(text *target, const void *data, size_t length) {
    if (target->failed) return;
    if (target->length + length + 1 > target->capacity) {
        size_t capacity = target->capacity ? target->capacity : 512;
        while (capacity < target->length + length + 1) capacity *= 2;
        char *grown = realloc(target->data, capacity);
        if (grown == NULL) {
            target->failed = 1;
            return;
        }
        target->data = grown;
        target->capacity = capacity;
    }
    memcpy(target->data + target->length, data, length);
    target->length += length;
    target->data[target->length] = '\0';
}

static void append_text(text *target, const char *string) {
    append(target, string, strlen(string));
}

static void appendf(text *target, const char *format, ...) {
    char line[HOST_LIMIT + 64];
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(line, sizeof line, format, arguments);
    va_end(arguments);
    if (length < 0 || (size_t)length >= sizeof line) target->failed = 1;
    else append(target, line, (size_t)length);
}

/// The text, or NULL (and nothing to free) when memory ran out.
static char *finished(text *target) {
    if (!target->failed && target->data != NULL) return target->data;
    free(target->data);
    return NULL;
}

// ---- URLs

typedef struct {
    char host[HOST_LIMIT]; // without an IPv6 literal's brackets
    int bracketed;
    unsigned port;
    char *target; // path and query, malloc'd
} location;

static int starts_with(const char *string, const char *prefix) {
    return strncasecmp(string, prefix, strlen(prefix)) == 0;
}

int toaster_plain_http_takes(const char *url) {
    return starts_with(url, "http:");
}

/// "host", "host:port", "[v6]" or "[v6]:port": the Host header and the authority of a rebuilt URL.
static void format_authority(const location *place, char *buffer, size_t size) {
    const char *open = place->bracketed ? "[" : "", *close = place->bracketed ? "]" : "";
    if (place->port == 80) snprintf(buffer, size, "%s%s%s", open, place->host, close);
    else snprintf(buffer, size, "%s%s%s:%u", open, place->host, close, place->port);
}

/// The path with "." and ".." segments worked out (RFC 3986, 5.2.4), as libcurl does; the query stays.
static char *without_dot_segments(const char *target) {
    size_t path_length = strcspn(target, "?");
    const char *end = target + path_length;
    char *path = malloc(strlen(target) + 2);
    if (path == NULL) return NULL;
    size_t length = 0;
    for (const char *slash = target; slash < end;) {
        const char *segment = slash + 1;
        const char *next = memchr(segment, '/', (size_t)(end - segment));
        if (next == NULL) next = end;
        size_t size = (size_t)(next - segment);
        int last = next == end;
        if (size == 1 && segment[0] == '.') {
            if (last) path[length++] = '/';
        } else if (size == 2 && segment[0] == '.' && segment[1] == '.') {
            while (length > 0 && path[length - 1] != '/') length -= 1;
            if (length > 0) length -= 1;
            if (last) path[length++] = '/';
        } else {
            path[length++] = '/';
            memcpy(path + length, segment, size);
            length += size;
        }
        slash = next;
    }
    if (length == 0) path[length++] = '/';
    strcpy(path + length, end);
    return path;
}

/// The request target for what follows the authority: "/" when empty, the fragment dropped,
/// spaces and non-ASCII bytes percent-encoded (as libcurl does for a redirect), control bytes refused.
static char *request_target(const char *rest, toaster_http_result *result) {
    text target = {0};
    if (*rest != '/') append_text(&target, "/");
    for (const unsigned char *byte = (const unsigned char *)rest; *byte != '\0' && *byte != '#'; byte++) {
        if (*byte < 0x20 || *byte == 0x7f) {
            free(target.data);
            fail(result, TOASTER_HTTP_OTHER, "malformed URL: it holds a control character");
            return NULL;
        }
        if (*byte == ' ' || *byte >= 0x80) appendf(&target, "%%%02X", *byte);
        else append(&target, byte, 1);
    }
    char *joined = finished(&target);
    char *clean = joined ? without_dot_segments(joined) : NULL;
    free(joined);
    if (clean == NULL) fail(result, TOASTER_HTTP_OTHER, "out of memory");
    return clean;
}

/// Splits an http:// URL; -1 with the failure set when it is not one this client can request.
static int parse_url(const char *url, location *place, toaster_http_result *result) {
    memset(place, 0, sizeof *place);
    if (!starts_with(url, "http://")) return fail(result, TOASTER_HTTP_OTHER, "malformed URL: expected http://host/");
    const char *authority = url + strlen("http://");
    size_t authority_length = strcspn(authority, "/?#");
    if (memchr(authority, '@', authority_length) != NULL)
        return fail(result, TOASTER_HTTP_OTHER, "a user name in the URL (user@host) is not supported");
    const char *host = authority, *host_end, *after;
    if (*authority == '[') {
        host = authority + 1;
        host_end = memchr(host, ']', authority_length - 1);
        if (host_end == NULL) return fail(result, TOASTER_HTTP_OTHER, "malformed URL: the IPv6 address lacks its ']'");
        after = host_end + 1;
        place->bracketed = 1;
    } else {
        host_end = memchr(authority, ':', authority_length);
        if (host_end == NULL) host_end = authority + authority_length;
        after = host_end;
    }
    size_t host_length = (size_t)(host_end - host);
    if (host_length == 0) return fail(result, TOASTER_HTTP_OTHER, "malformed URL: it names no host");
    if (host_length >= sizeof place->host) return fail(result, TOASTER_HTTP_OTHER, "malformed URL: the host name is too long");
    for (size_t index = 0; index < host_length; index++) {
        unsigned char byte = (unsigned char)host[index];
        if (byte <= ' ' || byte == 0x7f || strchr("[]\\", byte) != NULL)
            return fail(result, TOASTER_HTTP_OTHER, "malformed URL: the host name holds '%c'", byte > ' ' ? byte : '?');
    }
    memcpy(place->host, host, host_length);
    place->port = 80;
    const char *rest = authority + authority_length;
    if (after < rest) {
        if (*after != ':') return fail(result, TOASTER_HTTP_OTHER, "malformed URL: unexpected text after the host");
        unsigned long port = 0;
        for (const char *digit = after + 1; digit < rest; digit++) {
            if (*digit < '0' || *digit > '9' || (port = port * 10 + (unsigned long)(*digit - '0')) > 65535)
                return fail(result, TOASTER_HTTP_OTHER, "malformed URL: the port is not a number from 1 to 65535");
        }
        if (after + 1 < rest) {
            if (port == 0) return fail(result, TOASTER_HTTP_OTHER, "malformed URL: the port is not a number from 1 to 65535");
            place->port = (unsigned)port;
        }
    }
    place->target = request_target(rest, result);
    return place->target ? 0 : -1;
}

/// A redirect's Location as an absolute URL, resolved against the current place (RFC 3986, 5.2).
static char *resolve_location(const location *current, const char *reference) {
    size_t scheme_length = strspn(reference, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.");
    if (scheme_length > 0 && reference[scheme_length] == ':' && strchr("0123456789+-.", reference[0]) == NULL)
        return strdup(reference);
    text url = {0};
    if (reference[0] == '/' && reference[1] == '/') {
        append_text(&url, "http:");
        append_text(&url, reference);
        return finished(&url);
    }
    char authority[HOST_LIMIT + 16];
    format_authority(current, authority, sizeof authority);
    append_text(&url, "http://");
    append_text(&url, authority);
    size_t path_length = strcspn(current->target, "?");
    if (reference[0] == '/') {
        append_text(&url, reference);
    } else if (reference[0] == '?' || reference[0] == '#' || reference[0] == '\0') {
        // Same path; a new query, or (with only a fragment or nothing) the same query.
        append(&url, current->target, reference[0] == '?' ? path_length : strlen(current->target));
        append_text(&url, reference);
    } else {
        const char *directory_end = current->target;
        for (const char *byte = current->target; byte < current->target + path_length; byte++)
            if (*byte == '/') directory_end = byte + 1;
        append(&url, current->target, (size_t)(directory_end - current->target));
        append_text(&url, reference);
    }
    return finished(&url);
}

// ---- Name resolution within the deadline. getaddrinfo has no timeout of its own, so a name is
// looked up on a detached thread that the fetch waits for until the deadline; a lookup that
// outlives its fetch frees the shared state itself, whoever lets go last.

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t finished;
    int holders;
    int done;
    int error;
    struct addrinfo *addresses;
    char host[HOST_LIMIT];
    char port[8];
} lookup;

static void let_go(lookup *shared) {
    pthread_mutex_lock(&shared->lock);
    int left = --shared->holders;
    pthread_mutex_unlock(&shared->lock);
    if (left > 0) return;
    if (shared->addresses != NULL) freeaddrinfo(shared->addresses);
    pthread_cond_destroy(&shared->finished);
    pthread_mutex_destroy(&shared->lock);
    free(shared);
}

static void *look_up(void *context) {
    lookup *shared = context;
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV};
    struct addrinfo *addresses = NULL;
    int error = getaddrinfo(shared->host, shared->port, &hints, &addresses);
    pthread_mutex_lock(&shared->lock);
    shared->addresses = error == 0 ? addresses : NULL;
    shared->error = error;
    shared->done = 1;
    pthread_cond_signal(&shared->finished);
    pthread_mutex_unlock(&shared->lock);
    let_go(shared);
    return NULL;
}

static int start_lookup(lookup *shared) {
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return -1;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // The program handles its signals on threads of its own choosing; this one must take none.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_t thread;
    int error = pthread_create(&thread, &attributes, look_up, shared);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    pthread_attr_destroy(&attributes);
    return error == 0 ? 0 : -1;
}

static struct addrinfo *resolve(const location *place, int64_t deadline, toaster_http_result *result) {
    char port[8];
    snprintf(port, sizeof port, "%u", place->port);
    // A numeric address needs no lookup, and so no thread: the usual case on loopback.
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICHOST | AI_NUMERICSERV};
    struct addrinfo *addresses = NULL;
    if (getaddrinfo(place->host, port, &hints, &addresses) == 0) return addresses;
    if (place->bracketed) {
        fail(result, TOASTER_HTTP_OTHER, "malformed URL: [%s] is not an IPv6 address", place->host);
        return NULL;
    }
    lookup *shared = calloc(1, sizeof *shared);
    if (shared == NULL) {
        fail(result, TOASTER_HTTP_OTHER, "out of memory");
        return NULL;
    }
    pthread_condattr_t clock;
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&shared->finished, &clock);
    pthread_condattr_destroy(&clock);
    pthread_mutex_init(&shared->lock, NULL);
    snprintf(shared->host, sizeof shared->host, "%s", place->host);
    snprintf(shared->port, sizeof shared->port, "%s", port);
    shared->holders = 2;
    if (start_lookup(shared) != 0) {
        shared->holders = 1;
        let_go(shared);
        fail(result, TOASTER_HTTP_OTHER, "cannot resolve host %s (no thread for the lookup)", place->host);
        return NULL;
    }
    struct timespec until = {.tv_sec = (time_t)(deadline / 1000), .tv_nsec = (long)(deadline % 1000) * 1000000};
    pthread_mutex_lock(&shared->lock);
    int waited = 0;
    while (!shared->done && waited != ETIMEDOUT) waited = pthread_cond_timedwait(&shared->finished, &shared->lock, &until);
    int done = shared->done, error = shared->error;
    addresses = shared->addresses;
    shared->addresses = NULL;
    pthread_mutex_unlock(&shared->lock);
    let_go(shared);
    if (!done) fail(result, TOASTER_HTTP_TIMEOUT, "");
    else if (error != 0 || addresses == NULL) fail(result, TOASTER_HTTP_OTHER, "cannot resolve host %s", place->host);
    return done ? addresses : NULL;
}

// ---- Connecting

/// Tries each address in turn; one that does not answer may take half the time left, so that
/// the next still gets a chance.
static int connect_to(const struct addrinfo *addresses, const char *host, int64_t deadline, toaster_http_result *result) {
    int refused = 0, last_error = 0;
    for (const struct addrinfo *address = addresses; address != NULL; address = address->ai_next) {
        int64_t left = deadline - now_ms();
        if (left <= 0) break;
        int64_t until = address->ai_next != NULL ? deadline - left / 2 : deadline;
        int fd = socket(address->ai_family, address->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, address->ai_protocol);
        if (fd < 0) {
            last_error = errno;
            continue;
        }
        int error = 0;
        if (connect(fd, address->ai_addr, address->ai_addrlen) != 0) {
            error = errno;
            if (error == EINPROGRESS) {
                toaster_http_result waited = {0};
                socklen_t size = sizeof error;
                if (wait_for(fd, POLLOUT, until, &waited) != 0) error = waited.failure == TOASTER_HTTP_TIMEOUT ? ETIMEDOUT : EIO;
                else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) != 0) error = errno;
            }
        }
        if (error == 0) return fd;
        close(fd);
        if (error == ECONNREFUSED) refused = 1;
        last_error = error;
    }
    if (timed_out(deadline, result)) return -1;
    if (refused) return fail(result, TOASTER_HTTP_REFUSED, "");
    return fail(result, TOASTER_HTTP_OTHER, "cannot connect to %s: %s", host, strerror(last_error ? last_error : EHOSTUNREACH));
}

// ---- The request

static int named(const char *line, const char *name) {
    size_t length = strlen(name);
    return strncasecmp(line, name, length) == 0 && line[length] == ':';
}

static int has_header(const char *const *headers, size_t count, const char *name) {
    for (size_t index = 0; index < count; index++)
        if (named(headers[index], name)) return 1;
    return 0;
}

/// Like libcurl: a caller's "Name:" with no value only removes a header of ours, and its
/// Authorization and Cookie go to the first host only, not to wherever a redirect leads.
static int sends(const char *line, int same_origin) {
    const char *colon = strchr(line, ':');
    if (colon == NULL || colon[strspn(colon + 1, " \t") + 1] == '\0') return 0;
    return same_origin || !(named(line, "Authorization") || named(line, "Cookie"));
}

static char *request(const location *place, const char *const *headers, size_t header_count, int same_origin,
                     const void *body, size_t body_length, size_t *length) {
    text message = {0};
    char authority[HOST_LIMIT + 16];
    format_authority(place, authority, sizeof authority);
    append_text(&message, body != NULL ? "POST " : "GET ");
    append_text(&message, place->target);
    append_text(&message, " HTTP/1.1\r\n");
    if (!has_header(headers, header_count, "Host")) appendf(&message, "Host: %s\r\n", authority);
    if (!has_header(headers, header_count, "User-Agent")) append_text(&message, "User-Agent: toastercli\r\n");
    if (!has_header(headers, header_count, "Accept")) append_text(&message, "Accept: */*\r\n");
    append_text(&message, "Connection: close\r\n");
    for (size_t index = 0; index < header_count; index++) {
        if (!sends(headers[index], same_origin)) continue;
        append_text(&message, headers[index]);
        append_text(&message, "\r\n");
    }
    if (body != NULL) {
        if (!has_header(headers, header_count, "Content-Type"))
            append_text(&message, "Content-Type: application/x-www-form-urlencoded\r\n");
        appendf(&message, "Content-Length: %zu\r\n", body_length);
    }
    append_text(&message, "\r\n");
    if (body != NULL) append(&message, body, body_length);
    *length = message.length;
    return finished(&message);
}

static int send_all(int fd, const char *data, size_t length, int64_t deadline, toaster_http_result *result) {
    while (length > 0) {
        // MSG_NOSIGNAL: a server that hangs up early must not kill the program with SIGPIPE.
        ssize_t sent = send(fd, data, length, MSG_NOSIGNAL);
        if (sent >= 0) {
            data += sent;
            length -= (size_t)sent;
        } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
            if (wait_for(fd, POLLOUT, deadline, result) != 0) return -1;
        } else if (errno != EINTR) {
            return fail(result, TOASTER_HTTP_OTHER, "cannot send the request: %s", strerror(errno));
        }
    }
    return 0;
}

// ---- The answer

typedef struct {
    int fd;
    int64_t deadline;
    toaster_http_result *result;
    size_t start, end;
    unsigned char data[BUFFER_SIZE];
} connection;

static size_t buffered(const connection *link) {
    return link->end - link->start;
}

/// More bytes into the buffer: 1, or 0 when the server has closed, or -1 with the failure set.
static int receive(connection *link) {
    if (link->start > 0) {
        memmove(link->data, link->data + link->start, buffered(link));
        link->end -= link->start;
        link->start = 0;
    }
    for (;;) {
        ssize_t got = recv(link->fd, link->data + link->end, sizeof link->data - link->end, 0);
        if (got > 0) {
            link->end += (size_t)got;
            return 1;
        }
        if (got == 0) return 0;
        if (errno == ECONNRESET) return fail(link->result, TOASTER_HTTP_OTHER, CLOSED_EARLY);
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            if (wait_for(link->fd, POLLIN, link->deadline, link->result) != 0) return -1;
        } else if (errno != EINTR) {
            return fail(link->result, TOASTER_HTTP_OTHER, "cannot read the answer: %s", strerror(errno));
        }
    }
}

/// Like receive, but the server closing is a failure too.
static int receive_more(connection *link) {
    int got = receive(link);
    return got == 0 ? fail(link->result, TOASTER_HTTP_OTHER, CLOSED_EARLY) : got;
}

/// Waits for a whole header section (status line to blank line) in the buffer and returns its
/// length, or -1 with the failure set.
static long read_head(connection *link) {
    size_t scanned = 0;
    for (;;) {
        size_t have = buffered(link);
        const unsigned char *data = link->data + link->start;
        // Garbage is malformed at once, not after the deadline or 64 KiB of it.
        if (memcmp(data, "HTTP/", have < 5 ? have : 5) != 0) return fail(link->result, TOASTER_HTTP_OTHER, MALFORMED);
        for (; scanned < have; scanned++) {
            if (data[scanned] != '\n') continue;
            size_t next = scanned + 1;
            if (next < have && data[next] == '\r') next += 1;
            if (next >= have) break; // the rest of a possible blank line is still to come
            if (data[next] != '\n') continue;
            if (next + 1 > HEAD_LIMIT) return fail(link->result, TOASTER_HTTP_OTHER, HEAD_TOO_LARGE);
            return (long)(next + 1);
        }
        if (have >= HEAD_LIMIT + 2) return fail(link->result, TOASTER_HTTP_OTHER, HEAD_TOO_LARGE);
        int got = receive(link);
        if (got < 0) return -1;
        if (got == 0) {
            if (buffered(link) > 0 && buffered(link) < 5) return fail(link->result, TOASTER_HTTP_OTHER, MALFORMED);
            return fail(link->result, TOASTER_HTTP_OTHER, CLOSED_EARLY);
        }
    }
}

typedef struct {
    long status;
    int chunked;
    int encoded; // a Transfer-Encoding other than chunked: the body ends when the server closes
    int has_length;
    unsigned long long length;
    char *location; // malloc'd, for a redirect
} head;

static char *trimmed(char *value) {
    while (*value == ' ' || *value == '\t') value++;
    size_t length = strlen(value);
    while (length > 0 && (value[length - 1] == ' ' || value[length - 1] == '\t')) value[--length] = '\0';
    return value;
}

static int parse_length(const char *value, unsigned long long *length) {
    if (*value == '\0') return -1;
    unsigned long long total = 0;
    for (; *value != '\0'; value++) {
        if (*value < '0' || *value > '9' || total > (ULLONG_MAX - 9) / 10) return -1;
        total = total * 10 + (unsigned long long)(*value - '0');
    }
    *length = total;
    return 0;
}

/// Whether the last of a Transfer-Encoding's codings is chunked.
static int ends_chunked(const char *value) {
    const char *comma = strrchr(value, ',');
    const char *last = comma ? comma + 1 : value;
    while (*last == ' ' || *last == '\t') last++;
    return starts_with(last, "chunked") && last[strspn(last + 7, " \t") + 7] == '\0';
}

/// Parses a header section of `size` bytes in place (it is consumed); fills the result's status,
/// reason and content type.
static int parse_head(char *data, size_t size, head *answer, toaster_http_result *result) {
    memset(answer, 0, sizeof *answer);
    result->status = 0;
    result->reason[0] = '\0';
    result->content_type[0] = '\0';
    data[size - 1] = '\0';
    // An obsolete folded line continues the one before it: join them with spaces.
    for (size_t index = 0; index + 1 < size - 1; index++) {
        if (data[index] == '\n' && (data[index + 1] == ' ' || data[index + 1] == '\t')) {
            data[index] = ' ';
            if (index > 0 && data[index - 1] == '\r') data[index - 1] = ' ';
        }
    }
    char *line = data;
    for (int first = 1; *line != '\0' && *line != '\r' && *line != '\n'; first = 0) {
        char *end = strchr(line, '\n');
        char *next = end ? end + 1 : line + strlen(line);
        if (end != NULL) *end = '\0';
        if (end != NULL && end > line && end[-1] == '\r') end[-1] = '\0';
        if (first) {
            if (strncmp(line, "HTTP/1.", 7) != 0 || (line[7] != '0' && line[7] != '1') || line[8] != ' '
                || line[9] < '1' || line[9] > '9' || line[10] < '0' || line[10] > '9' || line[11] < '0' || line[11] > '9'
                || (line[12] != '\0' && line[12] != ' '))
                return fail(result, TOASTER_HTTP_OTHER, MALFORMED);
            answer->status = (line[9] - '0') * 100 + (line[10] - '0') * 10 + (line[11] - '0');
            result->status = answer->status;
            snprintf(result->reason, sizeof result->reason, "%s", line[12] == ' ' ? line + 13 : "");
        } else {
            char *colon = strchr(line, ':');
            if (colon != NULL) {
                *colon = '\0';
                char *value = trimmed(colon + 1);
                if (strcasecmp(line, "Content-Type") == 0) {
                    snprintf(result->content_type, sizeof result->content_type, "%s", value);
                } else if (strcasecmp(line, "Content-Length") == 0) {
                    unsigned long long length;
                    if (parse_length(value, &length) != 0 || (answer->has_length && length != answer->length))
                        return fail(result, TOASTER_HTTP_OTHER, MALFORMED);
                    answer->has_length = 1;
                    answer->length = length;
                } else if (strcasecmp(line, "Transfer-Encoding") == 0) {
                    answer->chunked = ends_chunked(value);
                    answer->encoded = !answer->chunked;
                } else if (strcasecmp(line, "Location") == 0 && answer->status >= 300 && answer->status < 400) {
                    free(answer->location);
                    answer->location = strdup(value);
                    if (answer->location == NULL) return fail(result, TOASTER_HTTP_OTHER, "out of memory");
                }
            }
        }
        line = next;
    }
    return 0;
}

typedef struct {
    toaster_http_result *result;
    size_t capacity;
    size_t max_bytes;
} body_sink;

static int keep(body_sink *sink, const unsigned char *data, size_t length) {
    switch (toaster_http_keep_body(sink->result, &sink->capacity, sink->max_bytes, data, length)) {
    case TOASTER_HTTP_OK: return 0;
    case TOASTER_HTTP_TOO_LARGE: return fail(sink->result, TOASTER_HTTP_TOO_LARGE, "");
    default: return fail(sink->result, TOASTER_HTTP_OTHER, "out of memory");
    }
}

/// Moves `length` bytes of body from the connection to the sink.
static int read_exactly(connection *link, body_sink *sink, unsigned long long length) {
    while (length > 0) {
        if (buffered(link) == 0 && receive_more(link) < 0) return -1;
        size_t part = buffered(link) < length ? buffered(link) : (size_t)length;
        if (keep(sink, link->data + link->start, part) != 0) return -1;
        link->start += part;
        length -= part;
    }
    return 0;
}

enum { CLOSED = -2 };

/// Waits for one line in the buffer and returns its length without the line end (which is
/// consumed with *consumed), NUL-terminated in place; -1 with the failure set, or CLOSED.
static long read_line(connection *link, size_t *consumed) {
    for (;;) {
        unsigned char *data = link->data + link->start;
        unsigned char *end = memchr(data, '\n', buffered(link));
        if (end != NULL) {
            *consumed = (size_t)(end - data) + 1;
            *end = '\0';
            if (end > data && end[-1] == '\r') *--end = '\0';
            return end - data;
        }
        if (buffered(link) >= LINE_LIMIT) return fail(link->result, TOASTER_HTTP_OTHER, MALFORMED);
        int got = receive(link);
        if (got <= 0) return got == 0 ? CLOSED : -1;
    }
}

static int hex_value(char digit) {
    if (digit >= '0' && digit <= '9') return digit - '0';
    if (digit >= 'a' && digit <= 'f') return digit - 'a' + 10;
    if (digit >= 'A' && digit <= 'F') return digit - 'A' + 10;
    return -1;
}

/// A chunk's size line: hex digits, then maybe an extension after ';'.
static int chunk_size(const char *line, unsigned long long *size) {
    size_t digits = 0;
    *size = 0;
    for (int value; (value = hex_value(line[digits])) >= 0; digits++) {
        if (*size > ULLONG_MAX >> 4) return -1;
        *size = *size * 16 + (unsigned long long)value;
    }
    const char *rest = line + digits + strspn(line + digits, " \t");
    return digits > 0 && (*rest == '\0' || *rest == ';') ? 0 : -1;
}

/// Fails for a line that could not be read: the server closing is CLOSED_EARLY here.
static int line_failed(connection *link, long length) {
    return length == CLOSED ? fail(link->result, TOASTER_HTTP_OTHER, CLOSED_EARLY) : -1;
}

static int read_chunked(connection *link, body_sink *sink) {
    for (;;) {
        size_t consumed;
        long length = read_line(link, &consumed);
        if (length < 0) return line_failed(link, length);
        unsigned long long size;
        if (chunk_size((const char *)link->data + link->start, &size) != 0) return fail(link->result, TOASTER_HTTP_OTHER, MALFORMED);
        link->start += consumed;
        if (size == 0) break;
        if (size > sink->max_bytes - sink->result->body_length) return fail(link->result, TOASTER_HTTP_TOO_LARGE, "");
        if (read_exactly(link, sink, size) != 0) return -1;
        length = read_line(link, &consumed);
        if (length < 0) return line_failed(link, length);
        if (length != 0) return fail(link->result, TOASTER_HTTP_OTHER, MALFORMED);
        link->start += consumed;
    }
    // Trailer fields, up to a blank line; nothing in them is needed.
    for (size_t total = 0;;) {
        size_t consumed;
        long length = read_line(link, &consumed);
        // The body is whole: a server that closes without the final blank line loses nothing.
        if (length == CLOSED) return 0;
        if (length < 0) return -1;
        link->start += consumed;
        total += consumed;
        if (total > HEAD_LIMIT) return fail(link->result, TOASTER_HTTP_OTHER, HEAD_TOO_LARGE);
        if (length == 0) return 0;
    }
}

static int read_until_closed(connection *link, body_sink *sink) {
    for (;;) {
        if (keep(sink, link->data + link->start, buffered(link)) != 0) return -1;
        link->start = link->end;
        int got = receive(link);
        if (got <= 0) return got;
    }
}

enum outcome { FAILED = -1, FINAL = 0, REDIRECTED = 1 };

/// One request and its answer on a new connection. A redirect's Location comes back in *redirect.
static enum outcome exchange(const location *place, const char *const *headers, size_t header_count, int same_origin,
                             const void *body, size_t body_length, int64_t deadline, size_t max_bytes,
                             toaster_http_result *result, char **redirect) {
    struct addrinfo *addresses = resolve(place, deadline, result);
    if (addresses == NULL) return FAILED;
    int fd = connect_to(addresses, place->host, deadline, result);
    freeaddrinfo(addresses);
    if (fd < 0) return FAILED;
    size_t length;
    char *message = request(place, headers, header_count, same_origin, body, body_length, &length);
    connection *link = message ? malloc(sizeof *link) : NULL;
    enum outcome outcome = FAILED;
    head answer = {0};
    if (link == NULL) {
        fail(result, TOASTER_HTTP_OTHER, "out of memory");
        goto done;
    }
    *link = (connection){.fd = fd, .deadline = deadline, .result = result};
    if (send_all(fd, message, length, deadline, result) != 0) goto done;
    do { // 1xx answers are interim: the real one follows.
        free(answer.location);
        long size = read_head(link);
        if (size < 0) goto done;
        int parsed = parse_head((char *)link->data + link->start, (size_t)size, &answer, result);
        link->start += (size_t)size;
        if (parsed != 0) goto done;
    } while (answer.status < 200);
    long status = answer.status;
    if ((status == 301 || status == 302 || status == 303 || status == 307 || status == 308) && answer.location != NULL) {
        *redirect = answer.location;
        answer.location = NULL;
        outcome = REDIRECTED;
        goto done;
    }
    if (status == 204 || status == 304) {
        outcome = FINAL;
        goto done;
    }
    body_sink sink = {.result = result, .max_bytes = max_bytes};
    int read;
    if (answer.chunked) {
        read = read_chunked(link, &sink);
    } else if (answer.has_length && !answer.encoded) {
        if (answer.length > max_bytes) {
            fail(result, TOASTER_HTTP_TOO_LARGE, "");
            goto done;
        }
        sink.capacity = (size_t)answer.length;
        result->body = answer.length ? malloc(sink.capacity) : NULL;
        read = answer.length && result->body == NULL ? fail(result, TOASTER_HTTP_OTHER, "out of memory")
                                                     : read_exactly(link, &sink, answer.length);
    } else {
        read = read_until_closed(link, &sink);
    }
    if (read == 0) outcome = FINAL;
done:
    free(answer.location);
    free(link);
    free(message);
    close(fd);
    return outcome;
}

/// Hands a redirect to https over to libcurl, with the redirects and the time that are left.
static void hand_over(const char *url, const char *const *headers, size_t header_count, const void *body,
                      size_t body_length, int64_t deadline, size_t max_bytes, long redirects_left,
                      toaster_http_result *result) {
    int64_t left = deadline - now_ms();
    if (left <= 0) {
        fail(result, TOASTER_HTTP_TIMEOUT, "");
        return;
    }
    const char **kept = malloc((header_count + 1) * sizeof *kept);
    if (kept == NULL) {
        fail(result, TOASTER_HTTP_OTHER, "out of memory");
        return;
    }
    size_t kept_count = 0;
    for (size_t index = 0; index < header_count; index++)
        if (sends(headers[index], 0)) kept[kept_count++] = headers[index];
    long timeout = deadline == NO_DEADLINE ? 0 : left < LONG_MAX ? (long)left : LONG_MAX;
    toaster_curl_fetch(url, kept, kept_count, body, body_length, timeout, max_bytes, redirects_left, result);
    free(kept);
}

void toaster_plain_http_fetch(const char *url, const char *const *headers, size_t header_count,
                              const void *body, size_t body_length, long timeout_ms, size_t max_bytes,
                              long max_redirects, toaster_http_result *result) {
    memset(result, 0, sizeof *result);
    int64_t deadline = timeout_ms > 0 ? now_ms() + timeout_ms : NO_DEADLINE;
    location place;
    if (parse_url(url, &place, result) != 0) return;
    char first_host[HOST_LIMIT];
    memcpy(first_host, place.host, sizeof first_host);
    unsigned first_port = place.port;
    for (long followed = 0;; followed++) {
        int same_origin = place.port == first_port && strcasecmp(place.host, first_host) == 0;
        char *reference = NULL;
        if (exchange(&place, headers, header_count, same_origin, body, body_length, deadline, max_bytes, result,
                     &reference) != REDIRECTED)
            break;
        if (max_redirects >= 0 && followed >= max_redirects) {
            free(reference);
            fail(result, TOASTER_HTTP_REDIRECTS, "");
            break;
        }
        // 303 asks for a GET; 301 and 302 turn a POST into one, as libcurl and browsers do.
        if (result->status == 303 || ((result->status == 301 || result->status == 302) && body != NULL)) {
            body = NULL;
            body_length = 0;
        }
        char *next = resolve_location(&place, reference);
        free(reference);
        free(place.target);
        place.target = NULL;
        if (next == NULL) {
            fail(result, TOASTER_HTTP_OTHER, "out of memory");
        } else if (starts_with(next, "https:")) {
            hand_over(next, headers, header_count, body, body_length, deadline, max_bytes,
                      max_redirects < 0 ? -1 : max_redirects - followed - 1, result);
        } else if (!toaster_plain_http_takes(next)) {
            fail(result, TOASTER_HTTP_OTHER, "redirect to an unsupported scheme");
        } else {
            parse_url(next, &place, result);
        }
        free(next);
        if (place.target == NULL) break;
    }
    free(place.target);
    if (result->failure != TOASTER_HTTP_OK) toaster_http_free(result);
}
