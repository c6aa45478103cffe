"""Helpers for scripted toastercli tests in Python with pexpect; import it (docs/11).

    run = Toaster(work, "--app-version", "1.9.0")   toastercli in an 80x24 pty, with a trace
    run.wait_event("alertDismissed", buttonId="nextTime", times=1)
    run.wait_screen("지금 바로 업데이트해보세요")
    run.send_key("Escape", "FocusOut", "q")
    run.exit_status()

Every wait polls for at most $TOASTER_DEADLINE seconds (15), then exits with the trace and what the
screen showed.
"""
import json
import os
import re
import sys
import time

import pexpect

DEADLINE = float(os.environ.get("TOASTER_DEADLINE", "15"))
# tmux's key names, and focus reports (a detached terminal sends none itself).
KEYS = {
    "Enter": "\r", "Escape": "\x1b", "Space": " ", "Tab": "\t", "BTab": "\x1b[Z",
    "Left": "\x1b[D", "Right": "\x1b[C", "Up": "\x1b[A", "Down": "\x1b[B", "Home": "\x1b[H", "End": "\x1b[F",
    "C-c": "\x03", "C-z": "\x1a", "FocusOut": "\x1b[O", "FocusIn": "\x1b[I",
}
# Escape sequences and white space: what is left is the text the program wrote.
NOT_TEXT = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78MDEc]|\s")


class Toaster:
    """One toastercli in a pseudo-terminal, with its trace and its own state folder."""

    def __init__(self, work, *arguments):
        self.trace = os.path.join(work, "trace.jsonl")
        if os.path.exists(self.trace):
            os.remove(self.trace)
        self.output = ""
        environment = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
        self.child = pexpect.spawn(
            os.environ.get("TOASTERCLI", "toastercli"),
            ["--launch-screen-ms", "0", "--state-dir", os.path.join(work, "state"), "--trace", self.trace, *arguments],
            env=environment, dimensions=(24, 80), encoding="utf-8")

    def events(self):
        try:
            with open(self.trace, encoding="utf-8") as lines:
                return [json.loads(line) for line in lines if line.endswith("\n")]
        except FileNotFoundError:
            return []

    def count(self, event=None, **members):
        wanted = dict(members, **({"event": event} if event else {}))
        return sum(all(item.get(key) == value for key, value in wanted.items()) for item in self.events())

    def _drain(self):
        # Reading also keeps the program from blocking on a full pty.
        try:
            self.output += self.child.read_nonblocking(65536, timeout=0.05)
        except (pexpect.TIMEOUT, pexpect.EOF):
            time.sleep(0.05)

    def _wait(self, what, condition):
        deadline = time.monotonic() + DEADLINE
        while not condition():
            if time.monotonic() > deadline:
                self.fail(f"timed out waiting for {what}")
            self._drain()

    def wait_event(self, event, times=1, **members):
        """Until `times` trace events named `event` carry every member given."""
        self._wait(f"{event} {members} x{times}", lambda: self.count(event, **members) >= times)

    def wait_screen(self, text):
        """Until the program has written `text` (white space aside) since it started."""
        wanted = NOT_TEXT.sub("", text)
        self._wait(repr(text), lambda: wanted in NOT_TEXT.sub("", self.output))

    def send_key(self, *names):
        for name in names:
            self.child.send(KEYS.get(name, name))

    def exit_status(self):
        self.child.expect(pexpect.EOF, timeout=DEADLINE)
        self.child.close()
        return self.child.exitstatus if self.child.exitstatus is not None else 128 + self.child.signalstatus

    def fail(self, message):
        sys.exit(f"FAIL: {message}\n--- trace\n" + "\n".join(json.dumps(e, ensure_ascii=False) for e in self.events()))
