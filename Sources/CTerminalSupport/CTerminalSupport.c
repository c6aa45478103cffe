#define _GNU_SOURCE
#include "CTerminalSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static int signal_write_fd = -1;
static struct termios saved_termios;
static int saved_termios_fd = -1;
static volatile sig_atomic_t ui_active = 0;

static const int routed_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH};
static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
/// The handlers found at install time (the Swift runtime's backtracer among them), run after
/// the terminal is restored so that their report lands on a usable screen.
static struct sigaction previous_fatal[FATAL_COUNT];

static void route_signal(int sig) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)sig;
    if (signal_write_fd >= 0) {
        (void)!write(signal_write_fd, &byte, 1);
    }
    errno = saved_errno;
}

static void restore_after_fatal(int sig, siginfo_t *info, void *context) {
    (void)context;
    if (ui_active) {
        static const char reset[] = "\033[?1004l\033[?1006;1000l\033[0m\033[?25h\033[?1049l\r\n";
        (void)!write(STDOUT_FILENO, reset, sizeof reset - 1);
        if (saved_termios_fd >= 0) {
            tcsetattr(saved_termios_fd, TCSANOW, &saved_termios);
        }
    }
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        if (fatal_signals[i] == sig) {
            sigaction(sig, &previous_fatal[i], NULL);
        }
    }
    // A fault re-executes its instruction on return and reaches the previous handler with its
    // real context; a signal that was sent (kill, abort) has to be sent again.
    if (info == NULL || info->si_code <= 0) {
        raise(sig);
    }
}

static void install(int sig, void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    action.sa_flags = flags;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, NULL);
}

int toaster_signals_install(void) {
    int read_fd, write_fd;
    if (toaster_make_pipe(&read_fd, &write_fd) != 0) {
        return -1;
    }
    signal_write_fd = write_fd;
    // No SA_RESTART: a signal must wake the event loop's poll().
    for (size_t i = 0; i < sizeof routed_signals / sizeof routed_signals[0]; i++) {
        install(routed_signals[i], route_signal, 0);
    }
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = restore_after_fatal;
        action.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&action.sa_mask);
        sigaction(fatal_signals[i], &action, &previous_fatal[i]);
    }
    // A blocked mask is inherited through fork and exec: a parent that spawns from a thread
    // with these signals blocked (test runners, supervisors, tmux started from such a thread)
    // would leave them pending forever, and the UI would ignore kill and resize.
    sigset_t handled;
    sigemptyset(&handled);
    for (size_t i = 0; i < sizeof routed_signals / sizeof routed_signals[0]; i++) sigaddset(&handled, routed_signals[i]);
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaddset(&handled, fatal_signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
    return read_fd;
}

int toaster_interrupts_route(void) {
    int read_fd, write_fd;
    if (toaster_make_pipe(&read_fd, &write_fd) != 0) {
        return -1;
    }
    signal_write_fd = write_fd;
    static const int interrupts[] = {SIGINT, SIGTERM};
    sigset_t handled;
    sigemptyset(&handled);
    for (size_t i = 0; i < sizeof interrupts / sizeof interrupts[0]; i++) {
        install(interrupts[i], route_signal, SA_RESTART);
        sigaddset(&handled, interrupts[i]);
    }
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
    return read_fd;
}

void toaster_terminal_remember(int fd) {
    if (tcgetattr(fd, &saved_termios) == 0) {
        saved_termios_fd = fd;
    }
}

void toaster_terminal_set_ui_active(int active) {
    ui_active = active;
}

void toaster_stop_self(void) {
    install(SIGTSTP, SIG_DFL, 0);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(SIGTSTP);
    install(SIGTSTP, route_signal, 0);
}

int toaster_terminal_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) {
        return -1;
    }
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

int toaster_make_pipe(int *read_fd, int *write_fd) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) {
        return -1;
    }
    *read_fd = fds[0];
    *write_fd = fds[1];
    return 0;
}
