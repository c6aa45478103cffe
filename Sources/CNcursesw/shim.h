#ifndef TOASTER_CNCURSESW_SHIM_H
#define TOASTER_CNCURSESW_SHIM_H
// The package reads no ncursesw.pc (SwiftPM drops its -D flags with a warning), so the
// wide-character API is switched on here.
#define _XOPEN_SOURCE 700
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Swift 6 rejects the mutable globals stdscr/LINES/COLS and cannot import the attribute macros:
// these accessors are the only way the terminal module reaches them.
static inline WINDOW *toaster_stdscr(void) { return stdscr; }
static inline int toaster_lines(void) { return LINES; }
static inline int toaster_cols(void) { return COLS; }
static inline int toaster_colors(void) { return COLORS; }
static inline attr_t toaster_color_pair(short n) { return (attr_t)COLOR_PAIR(n); }
static inline attr_t toaster_a_bold(void) { return A_BOLD; }
static inline attr_t toaster_a_dim(void) { return A_DIM; }
static inline attr_t toaster_a_reverse(void) { return A_REVERSE; }
static inline attr_t toaster_a_underline(void) { return A_UNDERLINE; }

#endif
