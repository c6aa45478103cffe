"""An asciicast v2 recording of one run, written as it happens so a crash or a hang keeps it."""
from __future__ import annotations

import json
import time
from typing import Dict, List


class Recording:
    """A `.cast` file: a header line, then `[seconds, code, data]` a line — `o` output, `i` what
    the test sent, `r` a resize (`COLSxROWS`)."""

    def __init__(self, path, cols: int, rows: int, command: List[str], title: str, env: Dict[str, str]):
        self.path = path
        self._start = time.monotonic()
        self._file = open(path, "w", encoding="utf-8")
        header = {"version": 2, "width": cols, "height": rows, "timestamp": int(time.time()),
                  "command": " ".join(command), "title": title, "env": env}
        self._write(header)

    def output(self, text: str) -> None:
        self._event("o", text)

    def input(self, text: str) -> None:
        self._event("i", text)

    def resize(self, cols: int, rows: int) -> None:
        self._event("r", f"{cols}x{rows}")

    def close(self) -> None:
        self._file.close()

    def _event(self, code: str, data: str) -> None:
        if data and not self._file.closed:
            self._write([round(time.monotonic() - self._start, 6), code, data])

    def _write(self, value) -> None:
        self._file.write(json.dumps(value, ensure_ascii=False) + "\n")
        self._file.flush()
