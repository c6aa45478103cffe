"""A screen as an SVG picture: every cell of pyte's screen model with its colours and
attributes, the text as SVG text (searchable, and small), lines and blocks as shapes so a box
stays closed whatever the font. The kit draws a failed test's last screen with it, and
scripts/render-screens the pictures in docs/screens."""
from __future__ import annotations

import re
from typing import Dict, List, Tuple
from xml.sax.saxutils import escape

# One cell in pixels, and the margin around the screen: DejaVu Sans Mono at 15 px advances 9 px.
CELL_WIDTH, CELL_HEIGHT, MARGIN = 9, 19, 8
# DejaVu Sans Mono advances 0.602 em: a cell at 14.95 px. NanumGothicCoding gives Hangul and
# kana 1 em and a space 0.5 em: two cells and one at 18 px.
FONT_SIZE, WIDE_FONT_SIZE, BASELINE = 14.95, 18, 14
FONTS = "'DejaVu Sans Mono', 'NanumGothicCoding', monospace"
WIDE_FONTS = "'NanumGothicCoding', 'DejaVu Sans Mono', monospace"
DEFAULT_FG, DEFAULT_BG = "dedede", "1c1c1e"

# xterm's system colours, by pyte's names (pyte says brown for yellow; 0.8.2 spells one
# background colour bfightmagenta).
_SYSTEM = ["000000", "cd0000", "00cd00", "cdcd00", "0000ee", "cd00cd", "00cdcd", "e5e5e5",
           "7f7f7f", "ff0000", "00ff00", "ffff00", "5c5cff", "ff00ff", "00ffff", "ffffff"]
_NAMES = ["black", "red", "green", "brown", "blue", "magenta", "cyan", "white"]
COLOURS: Dict[str, str] = {name: _SYSTEM[index] for index, name in enumerate(_NAMES)}
COLOURS.update({"bright" + name: _SYSTEM[index + 8] for index, name in enumerate(_NAMES)})
COLOURS.update(yellow=_SYSTEM[3], brightyellow=_SYSTEM[11], bfightmagenta=_SYSTEM[13])
_WIDE = ' class="wide"'
_HEX = re.compile(r"[0-9a-fA-F]{6}")

# Box-drawing lines, as the half-segments from the cell's centre each one draws.
_LINES = {"─": "lr", "│": "ud", "┌": "rd", "┐": "ld", "└": "ru", "┘": "lu", "├": "udr", "┤": "udl",
          "┬": "lrd", "┴": "lru", "┼": "lrud", "╭": "rd", "╮": "ld", "╰": "ru", "╯": "lu"}
# Blocks, as the share of the cell's colour they cover.
_BLOCKS = {"█": 1.0, "▓": 0.75, "▒": 0.5, "░": 0.25}
# What XML 1.0 cannot hold, whatever a program wrote to its terminal.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def colour(name: str, default: str) -> str:
    """A pyte colour (`default`, a name, or hex for 256 and true colour) as `rrggbb`; anything
    else pyte may hold (it formats an out-of-range true colour as it comes) is the default."""
    if name in COLOURS:
        return COLOURS[name]
    return name.lower() if _HEX.fullmatch(name) else default


def size(cols: int, rows: int) -> Tuple[int, int]:
    """The picture's size in pixels for a terminal of `cols` x `rows`."""
    return cols * CELL_WIDTH + 2 * MARGIN, rows * CELL_HEIGHT + 2 * MARGIN


def svg(screen, title: str = "") -> str:
    """The pyte `screen` as an SVG document: its size, every cell, the cursor unless hidden."""
    cols, rows = screen.columns, screen.lines
    width, height = size(cols, rows)
    caption = f"{title} ({cols}x{rows})" if title else f"{cols}x{rows}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" xml:space="preserve" data-cols="{cols}" data-rows="{rows}">',
             f"<title>{escape(_xml(caption))}</title>",
             f"<style>text{{font-family:{FONTS};font-size:{FONT_SIZE}px}}"
             f".wide{{font-family:{WIDE_FONTS};font-size:{WIDE_FONT_SIZE}px}}"
             ".bold{font-weight:bold}.italics{font-style:italic}</style>",
             f'<rect width="{width}" height="{height}" fill="#{DEFAULT_BG}"/>']
    for y in range(rows):
        parts += _row(screen.buffer[y], y, cols)
    cursor = screen.cursor
    if not cursor.hidden and 0 <= cursor.y < rows:
        x = min(cursor.x, cols - 1)
        parts.append(f'<rect class="cursor" x="{_left(x) + 0.5}" y="{_top(cursor.y) + 0.5}" '
                     f'width="{CELL_WIDTH - 1}" height="{CELL_HEIGHT - 1}" fill="none" stroke="#{DEFAULT_FG}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _row(line, y: int, cols: int) -> List[str]:
    """One row: runs of cells that look alike, each as its background, shapes, text and lines."""
    parts: List[str] = []
    runs: List[Tuple[tuple, List[Tuple[int, str]]]] = []
    for x in range(cols):
        cell = line[x]
        look = _look(cell)
        if runs and runs[-1][0] == look:
            runs[-1][1].append((x, cell.data))
        else:
            runs.append((look, [(x, cell.data)]))
    for (fg, bg, attributes), cells in runs:
        first, last = cells[0][0], cells[-1][0]
        top, left, right = _top(y), _left(first), _left(last + 1)
        if bg != DEFAULT_BG:
            parts.append(f'<rect x="{left}" y="{top}" width="{right - left}" height="{CELL_HEIGHT}" fill="#{bg}"/>')
        glyphs: List[Tuple[str, int, bool]] = []
        path: List[str] = []
        for x, data in cells:
            if data in _LINES:
                path.append(_line(x, y, _LINES[data]))
            elif data in _BLOCKS:
                opacity = "" if _BLOCKS[data] == 1 else f' fill-opacity="{_BLOCKS[data]}"'
                parts.append(f'<rect x="{_left(x)}" y="{top}" width="{CELL_WIDTH}" height="{CELL_HEIGHT}" '
                             f'fill="#{fg}"{opacity}/>')
            elif data:
                glyphs.append((_xml(data), _left(x), line[x + 1].data == "" if x + 1 < cols else False))
        while glyphs and glyphs[-1][0] == " ":
            glyphs.pop()
        while glyphs and glyphs[0][0] == " ":
            glyphs.pop(0)
        if path:
            parts.append(f'<path d="{"".join(path)}" stroke="#{fg}" stroke-linecap="square" fill="none"/>')
        if glyphs:
            names = [name for name in ("bold", "italics", "reverse") if name in attributes]
            kind = f' class="{" ".join(names)}"' if names else ""
            parts.append(f'<text{kind} y="{top + BASELINE}" fill="#{fg}">{_spans(glyphs)}</text>')
        for name, offset in (("underscore", CELL_HEIGHT - 3), ("strikethrough", CELL_HEIGHT // 2)):
            if name in attributes:
                parts.append(f'<rect class="{name}" x="{left}" y="{top + offset}" width="{right - left}" '
                             f'height="1" fill="#{fg}"/>')
    return parts


def _spans(glyphs: List[Tuple[str, int, bool]]) -> str:
    """A run's text in spans, each placed at its first cell: a word of narrow characters flows
    in the narrow font (its advance is a cell), wide characters and the spaces between them in
    the wide one (NanumGothicCoding's advance is two cells, a space one), so every span lands
    on its cells and a sentence of Hangul stays one searchable string."""
    spans: List[Tuple[bool, int, List[str]]] = []
    after_space = False
    for data, x, wide in glyphs:
        if data == " ":
            spans[-1][2].append(data)
            after_space = True
            continue
        if not spans or wide != spans[-1][0] or (after_space and not wide):
            spans.append((wide, x, []))
        spans[-1][2].append(data)
        after_space = False
    return "".join(f'<tspan{_WIDE if wide else ""} x="{x}">{escape("".join(text))}</tspan>' for wide, x, text in spans)


def _look(cell) -> Tuple[str, str, Tuple[str, ...]]:
    """A cell's colours as drawn (reverse video swaps them) and its attributes."""
    fg, bg = colour(cell.fg, DEFAULT_FG), colour(cell.bg, DEFAULT_BG)
    if cell.reverse:
        fg, bg = bg, fg
    names = ("bold", "italics", "underscore", "strikethrough", "reverse")
    return fg, bg, tuple(name for name in names if getattr(cell, name))


def _line(x: int, y: int, ends: str) -> str:
    """The half-segments of one box-drawing cell, through its centre, on the pixel grid."""
    centre_x, centre_y = _left(x) + CELL_WIDTH // 2 + 0.5, _top(y) + CELL_HEIGHT // 2 + 0.5
    reach = {"l": (_left(x), centre_y), "r": (_left(x + 1), centre_y),
             "u": (centre_x, _top(y)), "d": (centre_x, _top(y + 1))}
    return "".join(f"M{centre_x} {centre_y}L{reach[end][0]} {reach[end][1]}" for end in ends)


def _left(x: int) -> int:
    return MARGIN + x * CELL_WIDTH


def _top(y: int) -> int:
    return MARGIN + y * CELL_HEIGHT


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)

