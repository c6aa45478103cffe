"""The terminal as the program drew it: pyte's screen model read as text, as cells with their
colours, and as the alert's box."""
from __future__ import annotations

import codecs
from dataclasses import dataclass
from typing import List, Optional, Tuple

import pyte

from . import picture

# What a cell can carry besides its colours, in the order a snapshot names them.
_ATTRIBUTES = ("bold", "italics", "underscore", "strikethrough", "reverse", "blink")


@dataclass(frozen=True)
class Label:
    """One button as drawn: its text without brackets, whether it is focused, and where it is."""

    text: str
    focused: bool
    column: int
    row: int


@dataclass(frozen=True)
class Box:
    """The alert's frame by cell: the text rows above the separator, the button rows below."""

    text_rows: List[str]
    labels: List[Label]


class Screen:
    """A pyte screen fed with the program's output bytes (UTF-8, decoded across reads)."""

    def __init__(self, cols: int, rows: int):
        self._screen = pyte.Screen(cols, rows)
        self._stream = pyte.Stream(self._screen)
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def feed(self, data: bytes) -> str:
        """Draws `data` and returns it as text, for the recording."""
        text = self._decoder.decode(data)
        self._stream.feed(text)
        return text

    def resize(self, cols: int, rows: int) -> None:
        self._screen.resize(rows, cols)

    @property
    def size(self) -> Tuple[int, int]:
        return self._screen.columns, self._screen.lines

    def text(self) -> str:
        """Every row, trailing blanks removed; a wide character is one character here."""
        return "\n".join(line.rstrip() for line in self._screen.display)

    def svg(self, title: str) -> str:
        """The screen drawn as an SVG picture (picture.py), captioned with `title` and its size."""
        return picture.svg(self._screen, title)

    def styles(self) -> List[str]:
        """Runs of cells with a colour or an attribute, one a line: `row  first-last  style`."""
        lines = []
        for y in range(self._screen.lines):
            runs: List[list] = []
            for x in range(self._screen.columns):
                style = _style(self._screen.buffer[y][x])
                if runs and runs[-1][2] == style:
                    runs[-1][1] = x
                else:
                    runs.append([x, x, style])
            lines.extend(f"{y:>3}  {first}-{last}  {style}" for first, last, style in runs if style)
        return lines

    def row(self, y: int) -> Tuple[str, List[int]]:
        """Row `y`'s characters and the column each starts in (a wide one's second cell is empty)."""
        characters, columns = [], []
        line = self._screen.buffer[y]
        for x in range(self._screen.columns):
            for character in line[x].data:
                characters.append(character)
                columns.append(x)
        return "".join(characters), columns

    def find(self, text: str) -> Optional[Tuple[int, int]]:
        """The centre cell (column, row) of the first `text` on screen."""
        for y in range(self._screen.lines):
            characters, columns = self.row(y)
            start = characters.find(text)
            if start >= 0 and text:
                end = start + len(text) - 1
                return (columns[start] + columns[end] + 1) // 2, y
        return None

    def box(self) -> Optional[Box]:
        """The alert's box, once it is drawn whole (its bottom corners and its separator)."""
        for top in range(self._screen.lines):
            characters, columns = self.row(top)
            left_index = characters.find("┌")
            right_index = characters.find("┐", left_index + 1)
            if left_index < 0 or right_index < 0:
                continue
            left, right = columns[left_index], columns[right_index]
            rows = range(top + 1, self._screen.lines)
            bottom = next((y for y in rows if self._cell(left, y) == "└" and self._cell(right, y) == "┘"), None)
            if bottom is None:
                return None
            separators = [y for y in range(top + 1, bottom) if self._cell(left, y) == "├"]
            if not separators:
                return None
            text_rows = [self._inside(y, left, right)[0].strip() for y in range(top + 1, separators[0])]
            labels = []
            for y in range(separators[0] + 1, bottom):
                if y not in separators:
                    labels.extend(self._labels(y, left, right))
            return Box(text_rows, labels)
        return None

    def _cell(self, x: int, y: int) -> str:
        return self._screen.buffer[y][x].data

    def _inside(self, y: int, left: int, right: int) -> Tuple[str, List[int]]:
        characters, columns = self.row(y)
        kept = [(c, x) for c, x in zip(characters, columns) if left < x < right]
        return "".join(c for c, _ in kept), [x for _, x in kept]

    def _labels(self, y: int, left: int, right: int) -> List[Label]:
        """The buttons of one row: side by side they are parted by `│`."""
        characters, columns = self._inside(y, left, right)
        labels, start = [], 0
        for end in [i for i, c in enumerate(characters) if c == "│"] + [len(characters)]:
            segment = characters[start:end]
            stripped = segment.strip()
            if stripped:
                first = start + segment.index(stripped[0])
                last = first + len(stripped) - 1
                focused = stripped.startswith("[") and stripped.endswith("]")
                text = stripped[1:-1].strip() if focused else stripped
                labels.append(Label(text, focused, (columns[first] + columns[last] + 1) // 2, y))
            start = end + 1
        return labels


def _style(cell) -> str:
    parts = [name for name in _ATTRIBUTES if getattr(cell, name)]
    parts += [f"{name}={value}" for name, value in (("fg", cell.fg), ("bg", cell.bg)) if value != "default"]
    return " ".join(parts)


def matches(label: str, title: str) -> bool:
    """Whether a drawn label shows this button title, perhaps shortened with `…`."""
    return label == title or (label.endswith("…") and title.startswith(label[:-1]))
