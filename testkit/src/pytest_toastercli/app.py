"""One toastercli in a pseudo-terminal: its screen (pyte), its trace, its recording, and the
waits, keys and checks a test drives it with."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import threading
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

import pexpect

from .recording import Recording
from .screen import Screen, matches
from .snapshot import Snapshots

# Key names and their bytes (docs/11); anything else is sent as text.
KEYS = {
    "enter": "\r", "esc": "\x1b", "space": " ", "tab": "\t", "btab": "\x1b[Z",
    "left": "\x1b[D", "right": "\x1b[C", "up": "\x1b[A", "down": "\x1b[B",
    "home": "\x1b[H", "end": "\x1b[F", "backspace": "\x7f", "ctrl-c": "\x03", "ctrl-z": "\x1a",
}
FOCUS_OUT, FOCUS_IN = "\x1b[O", "\x1b[I"
KINDS = ("forced", "optional")
# How long a stopped program may take to restore the terminal and exit after SIGTERM.
STOP_SECONDS = 5
# How often a wait re-reads the trace file, which tells no one when it grows.
POLL_SECONDS = 0.02
TRACE_TAIL = 8


class ToasterFailure(AssertionError):
    """A wait that timed out, a snapshot that differs, a program that crashed."""


@dataclass(frozen=True)
class Alert:
    """The alert on screen: from its `alertPresented` trace event, checked against the screen."""

    kind: str  # "forced" or "optional"
    type: str  # the trace's type: ForceUpdate, NoticeFeatUpdate or NoticeUpdate
    title: str
    message: str  # as drawn: one line a row, in the run's language
    buttons: List[str]  # titles, in the run's language
    button_ids: List[str]  # update, nextTime, skip: the same in every language
    focused: Optional[str]  # the id of the button drawn in brackets
    presented: int  # 1 for the run's first alertPresented, 2 when one came back, …


class App:
    """toastercli in a pty of its own; made by the `toaster` fixture, stopped when the test ends."""

    #: Seconds without output, and since the last key, after which a screen counts as settled.
    settle = 0.1

    def __init__(self, command: List[str], *, cols: int, rows: int, env: Dict[str, str], work: Path,
                 trace_path: Optional[Path], state_dir: Optional[Path], title: str, snapshots: Snapshots):
        self.command = command
        self.trace_path = trace_path
        self.state_dir = state_dir
        self.cast_path = work / "run.cast"
        self._title = title
        self._snapshots = snapshots
        self._screen = Screen(cols, rows)
        self._lock = threading.Condition()
        # The last output or key: a screen is settled once nothing has happened for `settle`.
        self._last_activity = time.monotonic()
        self._events: List[Dict[str, Any]] = []
        self._trace_offset = 0
        self._status: Optional[int] = None
        self._stopped_by_kit = False
        self._recording = Recording(self.cast_path, cols, rows, command, title,
                                   {"TERM": env["TERM"], "LANG": env["LANG"]})
        with warnings.catch_warnings():
            # Python 3.12 warns of any fork while threads run (the readers of a test's earlier
            # apps); pexpect's child only sets up the pty and execs, touching none of their locks.
            warnings.filterwarnings("ignore", r".*multi-threaded, use of forkpty\(\)", DeprecationWarning)
            self._child = pexpect.spawn(command[0], command[1:], env=env, dimensions=(rows, cols), cwd=str(work))
        self._child.delaybeforesend = None
        self._reader = threading.Thread(target=self._read, name=f"toastercli {self._child.pid}", daemon=True)
        self._reader.start()

    # Waits

    def wait_for_alert(self, kind: Optional[str] = None, timeout: float = 10) -> Alert:
        """Until an alert (of this kind: "forced" or "optional") is up in the trace and drawn
        whole on a settled screen, with the trace's title, buttons and focus."""
        __tracebackhide__ = True
        if kind is not None and kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS} or None, not {kind!r}")
        return self._wait(f"an alert{f' ({kind})' if kind else ''}", lambda: self._alert(kind), timeout, settled=True)

    def wait_for_screen(self, text: Optional[str] = None, regex: Optional[str] = None, timeout: float = 10) -> str:
        """Until the screen shows `text` (or matches `regex`, searched in the rows joined by
        newlines) and has not changed for `App.settle` seconds; returns the screen's text."""
        __tracebackhide__ = True
        pattern = re.compile(regex, re.MULTILINE) if regex is not None else None

        def check() -> Tuple[bool, Any]:
            screen = self._screen.text()
            shown = (text is None or text in screen) and (pattern is None or pattern.search(screen) is not None)
            return shown, screen if shown else "not on the screen"

        wanted = " and ".join(part for part in (f"{text!r}" if text is not None else "",
                                                 f"/{regex}/" if regex is not None else "") if part)
        return self._wait(f"the screen to show {wanted}" if wanted else "the screen", check, timeout, settled=True)

    def wait_for_event(self, event: str, /, count: int = 1, timeout: float = 10, **members: Any) -> Dict[str, Any]:
        """Until the trace holds `count` events named `event` with these members (`name=`,
        `buttonId=`, …); returns the `count`-th."""
        __tracebackhide__ = True
        self._require_trace()

        def check() -> Tuple[bool, Any]:
            found = self._matching(event, members)
            return (True, found[count - 1]) if len(found) >= count else (False, f"{len(found)} so far")

        described = " ".join([event] + [f"{key}={value!r}" for key, value in members.items()])
        return self._wait(f"{count} × trace event {described}", check, timeout, settled=False)

    # Input

    def press(self, *keys: str) -> None:
        """Sends keys by name (`enter`, `esc`, `space`, `tab`, `btab`, `left`, `right`, `up`,
        `down`, `home`, `end`, `backspace`, `ctrl-c`, `ctrl-z`), or any other string as text."""
        __tracebackhide__ = True
        for key in keys:
            self._send(KEYS.get(key, key))

    def focus_out(self) -> None:
        """The terminal loses focus: `sceneWillResignActive(_:)`; keys are ignored until focus_in."""
        __tracebackhide__ = True
        self._send(FOCUS_OUT)

    def focus_in(self) -> None:
        """The terminal gets focus back: `sceneDidBecomeActive(_:)`; a forced alert returns."""
        __tracebackhide__ = True
        self._send(FOCUS_IN)

    def click(self, button_id: Optional[str] = None, *, text: Optional[str] = None, timeout: float = 10) -> None:
        """A left click (pressed and released) on the current alert's button with this id, or on
        the first `text` on screen, once it is drawn."""
        __tracebackhide__ = True
        if (button_id is None) == (text is None):
            raise ValueError("click takes a button id or text=, one of them")

        def target() -> Tuple[bool, Any]:
            if text is not None:
                cell = self._screen.find(text)
                return (True, cell) if cell else (False, "not on the screen")
            found, alert = self._alert(None)
            if not found:
                return False, alert
            if button_id not in alert.button_ids:
                return False, f"the alert's buttons are {alert.button_ids}"
            title = alert.buttons[alert.button_ids.index(button_id)]
            label = next(label for label in self._screen.box().labels if matches(label.text, title))
            return True, (label.column, label.row)

        column, row = self._wait(f"{button_id or repr(text)} to click", target, timeout, settled=True)
        self._send(f"\x1b[<0;{column + 1};{row + 1}M\x1b[<0;{column + 1};{row + 1}m")

    def resize(self, cols: int, rows: int) -> None:
        """Resizes the terminal (the program gets SIGWINCH and redraws)."""
        with self._lock:
            self._screen.resize(cols, rows)
            self._recording.resize(cols, rows)
        self._child.setwinsize(rows, cols)

    # Reading

    def screen_text(self) -> str:
        """The screen now, a row a line, trailing blanks removed."""
        with self._lock:
            return self._screen.text()

    def trace(self, event: Optional[str] = None, **members: Any) -> List[Dict[str, Any]]:
        """The trace's events so far, or those named `event` with these members."""
        self._require_trace()
        with self._lock:
            return self._matching(event, members)

    def assert_snapshot(self, name: str, colors: bool = False, timeout: float = 10) -> None:
        """Compares the settled screen (with its colour and attribute runs when `colors`) to
        `__snapshots__/<test file>/<name>.snap`; `pytest --snapshot-update` writes it."""
        __tracebackhide__ = True
        self._wait("the screen to settle for a snapshot", lambda: (True, None), timeout, settled=True)
        with self._lock:
            content = self._screen.text() + "\n"
            if colors:
                content += "--- styles: row  columns  attributes\n" + "".join(f"{line}\n" for line in self._screen.styles())
        difference = self._snapshots.check(name, content)
        if difference:
            raise ToasterFailure(difference)

    def screenshot(self, path, timeout: float = 10) -> Path:
        """Draws the settled screen to `path` (an `.svg`) as the kit draws a failed test's last
        screen; returns the path, resolved."""
        __tracebackhide__ = True
        path = Path(path)
        if path.suffix.lower() != ".svg":
            raise ValueError(f"a screenshot is an SVG picture: name it .svg, not {path.name!r}")
        self._wait("the screen to settle for a screenshot", lambda: (True, None), timeout, settled=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            path.write_text(self._screen.svg(self._title), encoding="utf-8")
        return path.resolve()

    def exit_status(self, timeout: float = 10) -> int:
        """Waits for the program to exit; its status as a shell gives it (128 + a signal)."""
        __tracebackhide__ = True
        return self._wait("toastercli to exit", self._exit_check, timeout, settled=False)

    # The kit's side

    def _exit_check(self) -> Tuple[bool, Any]:
        return (True, self._status) if self._status is not None else (False, "still running")

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self._child.child_fd, 65536)
            except OSError:
                data = b""
            with self._lock:
                if data:
                    self._recording.output(self._screen.feed(data))
                    self._last_activity = time.monotonic()
                self._lock.notify_all()
            if not data:
                return

    def _send(self, data: str) -> None:
        __tracebackhide__ = True
        if self._exited():
            raise ToasterFailure(f"toastercli exited with status {self._status}; cannot send {data!r}\n" + self._context())
        with self._lock:
            self._recording.input(data)
            self._last_activity = time.monotonic()
        os.write(self._child.child_fd, data.encode("utf-8"))

    def _exited(self) -> bool:
        if self._status is None and not self._child.isalive():
            status = self._child.exitstatus
            self._status = status if status is not None else 128 + self._child.signalstatus
            # The last output may still be on its way through the pty.
            self._reader.join(2)
        return self._status is not None

    def _wait(self, what: str, check: Callable[[], Tuple[bool, Any]], timeout: float, settled: bool) -> Any:
        """Polls `check` (under the lock) until it holds — on a settled screen if `settled` — and
        fails after `timeout` seconds with what it waited for, the screen and the trace's end."""
        __tracebackhide__ = True
        deadline = time.monotonic() + timeout
        while True:
            exited = self._exited()
            with self._lock:
                self._read_trace()
                found, value = check()
                quiet = time.monotonic() - self._last_activity
                if found and (not settled or exited or quiet >= self.settle):
                    return value
                if found:
                    value = f"shown, but the screen has not been still for {self.settle} s"
                now = time.monotonic()
                if exited or now >= deadline:
                    why = f"toastercli exited with status {self._status} while" if exited else f"timed out after {timeout:g} s"
                    raise ToasterFailure(f"{why} waiting for {what} ({value})\n" + self._context_locked())
                pause = min(deadline - now, POLL_SECONDS)
                if found:
                    pause = min(pause, max(self.settle - quiet, 0.001))
                self._lock.wait(pause)

    def _context(self) -> str:
        with self._lock:
            self._read_trace()
            return self._context_locked()

    def _context_locked(self) -> str:
        cols, rows = self._screen.size
        lines = [f"--- the screen ({cols}x{rows}):", self._screen.text()]
        if self.trace_path is not None:
            tail = self._events[-TRACE_TAIL:]
            lines.append(f"--- the last {len(tail)} trace events (of {len(self._events)}):")
            lines += [json.dumps(event, ensure_ascii=False) for event in tail]
        return "\n".join(lines)

    def _require_trace(self) -> None:
        if self.trace_path is None:
            raise ValueError(f"this run has no trace: {self.command[1]} is not toastercli run")

    def _read_trace(self) -> None:
        """Reads the lines the program has added since the last look (whole lines only)."""
        if self.trace_path is None:
            return
        try:
            with open(self.trace_path, "rb") as trace:
                trace.seek(self._trace_offset)
                data = trace.read()
        except FileNotFoundError:
            return
        whole = data[:data.rfind(b"\n") + 1]
        self._trace_offset += len(whole)
        self._events += [json.loads(line) for line in whole.decode("utf-8").splitlines() if line]

    def _matching(self, event: Optional[str], members: Dict[str, Any]) -> List[Dict[str, Any]]:
        self._read_trace()
        return [item for item in self._events if (event is None or item.get("event") == event)
                and all(item.get(key) == value for key, value in members.items())]

    def _alert(self, kind: Optional[str]) -> Tuple[bool, Any]:
        """The alert the trace says is up (presented, not yet dismissed), read off the screen."""
        presented, current, focus = 0, None, None
        for event in self._events:
            if event.get("event") == "alertPresented":
                presented, current, focus = presented + 1, event, None
            elif event.get("event") == "alertDismissed":
                current = None
            elif event.get("event") == "alertFocus":
                focus = event.get("buttonId")
        if current is None:
            return False, "no alert is up in the trace"
        actual = "forced" if current["type"] == "ForceUpdate" else "optional"
        if kind is not None and actual != kind:
            return False, f"the alert up is {actual}"
        box = self._screen.box()
        if box is None:
            return False, "no whole alert box on the screen"
        title = current["title"]
        joined, title_rows = "", 0
        while title_rows < len(box.text_rows) and len(joined) < len(_bare(title)):
            joined += _bare(box.text_rows[title_rows])
            title_rows += 1
        if joined != _bare(title):
            return False, f"the box does not show the title {title!r}"
        focused = None
        for title_text, button_id in zip(current["buttons"], current["buttonIds"]):
            label = next((label for label in box.labels if matches(label.text, title_text)), None)
            if label is None:
                return False, f"the box does not show the button {title_text!r}"
            focused = button_id if label.focused else focused
        if focus is not None and focus != focused:
            return False, f"the trace moved the focus to {focus!r}, the screen shows {focused!r}"
        message = "\n".join(row for row in box.text_rows[title_rows:] if row)
        return True, Alert(actual, current["type"], title, message, list(current["buttons"]),
                           list(current["buttonIds"]), focused, presented)

    def _stop(self) -> Optional[str]:
        """Stops the program if it still runs; a problem to fail the test with, or None."""
        problem = None
        if not self._exited():
            self._child.kill(signal.SIGTERM)
            self._stopped_by_kit = True
            deadline = time.monotonic() + STOP_SECONDS
            while not self._exited() and time.monotonic() < deadline:
                with self._lock:
                    self._lock.wait(POLL_SECONDS)
            if not self._exited():
                self._child.kill(signal.SIGKILL)
                self._child.wait()
                self._exited()
                problem = f"toastercli did not exit within {STOP_SECONDS} s of SIGTERM"
        stopping = {signal.SIGTERM, signal.SIGKILL} if self._stopped_by_kit else set()
        signalled = self._child.signalstatus
        if problem is None and signalled is not None and signalled not in stopping:
            problem = f"toastercli crashed: killed by {signal.Signals(signalled).name}"
        with self._lock:
            self._recording.close()
        self._child.close(force=True)
        return f"{problem}\n{self._context()}" if problem else None

    def _save(self, base: Path) -> Tuple[Path, Path, Path]:
        """Keeps the recording so far and the screen now, as text and as a picture, beside
        `base` (`.cast`, `.txt`, `.svg`)."""
        cast, text, drawn = (base.parent / f"{base.name}{suffix}" for suffix in (".cast", ".txt", ".svg"))
        base.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            text.write_text(self._screen.text() + "\n", encoding="utf-8")
            drawn.write_text(self._screen.svg(self._title), encoding="utf-8")
        shutil.copyfile(self.cast_path, cast)
        return cast, text, drawn


def _bare(text: str) -> str:
    return "".join(text.split())
