"""Golden screens: `__snapshots__/<test file>/<name>.snap` beside the test file."""
from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import List, Optional

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


class Snapshots:
    """The snapshots of one test file; `update` (from `--snapshot-update`) writes instead of failing,
    and `written` collects what was written, for the session's summary."""

    def __init__(self, test_file: Path, update: bool, written: List[Path]):
        self.folder = test_file.parent / "__snapshots__" / test_file.stem
        self.update = update
        self.written = written

    def check(self, name: str, content: str) -> Optional[str]:
        """None when `content` is the snapshot (or was just written); else why not, with a diff."""
        if not _NAME.fullmatch(name):
            raise ValueError(f"a snapshot name is letters, digits, '.', '_' and '-': not {name!r}")
        path = self.folder / f"{name}.snap"
        expected = path.read_text(encoding="utf-8") if path.exists() else None
        if expected == content:
            return None
        if self.update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content, encoding="utf-8")
            self.written.append(path)
            return None
        if expected is None:
            return f"no snapshot {path}: run pytest with --snapshot-update to write it from this screen:\n{content}"
        diff = difflib.unified_diff(expected.splitlines(), content.splitlines(), str(path), "the screen now", lineterm="")
        return (f"the screen differs from the snapshot {path} (pytest --snapshot-update accepts the screen now):\n"
                + "\n".join(diff))
