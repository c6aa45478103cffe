#ifndef TOASTER_CTERMINALSUPPORT_H
#define TOASTER_CTERMINALSUPPORT_H

/// Creates the self-pipe and routes SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT and
/// SIGWINCH into it (one byte, the signal number, per delivery), and unblocks them on the calling
/// thread. Returns the read end, or -1.
int toaster_signals_install(void);

/// Routes SIGINT and SIGTERM alone into a self-pipe of their own (one byte, the signal number,
/// per delivery) and unblocks them on the calling thread; every other signal keeps its action.
/// For a long job without the terminal UI that reports what it has when stopped. Returns the
/// read end, or -1.
int toaster_interrupts_route(void);

/// Remembers the terminal's line discipline so that a fatal signal can restore it.
void toaster_terminal_remember(int fd);

/// While set, a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) first switches
/// focus reporting off, shows the cursor, leaves the alternate screen and restores the line
/// discipline, then dies of the same signal.
void toaster_terminal_set_ui_active(int active);

/// Stops the process the way the default SIGTSTP action does and returns once it is continued.
void toaster_stop_self(void);

/// A non-blocking, close-on-exec pipe; 0 on success.
int toaster_make_pipe(int *read_fd, int *write_fd);

/// The size of the terminal on `fd` from TIOCGWINSZ; 0 on success.
int toaster_terminal_size(int fd, int *rows, int *columns);

#endif
