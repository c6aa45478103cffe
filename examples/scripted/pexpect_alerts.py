#!/usr/bin/env python3
"""A scripted test in Python with pexpect: the forced update alert cannot be dismissed (keys,
focus out and in, the App Store round trip), the optional one can. Waits on the trace with a
deadline, never on a fixed sleep.

    TOASTERCLI=/path/to/toastercli python3 examples/scripted/pexpect_alerts.py
"""
import json
import os
import shutil
import sys
import tempfile
import time

import pexpect

TOASTERCLI = os.environ.get("TOASTERCLI", "toastercli")
ESCAPE, ENTER, TAB, LEFT = "\x1b", "\r", "\t", "\x1b[D"
FOCUS_OUT, FOCUS_IN = "\x1b[O", "\x1b[I"
CTRL_C = "\x03"


class Run:
    """One toastercli in an 80x24 pseudo-terminal, with its trace."""

    def __init__(self, work, *arguments):
        self.trace = os.path.join(work, "trace.jsonl")
        if os.path.exists(self.trace):
            os.remove(self.trace)
        environment = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
        self.child = pexpect.spawn(
            TOASTERCLI,
            ["--launch-screen-ms", "0", "--state-dir", os.path.join(work, "state"), "--trace", self.trace, *arguments],
            env=environment, dimensions=(24, 80), encoding="utf-8")

    def events(self):
        try:
            with open(self.trace, encoding="utf-8") as lines:
                return [json.loads(line) for line in lines if line.endswith("\n")]
        except FileNotFoundError:
            return []

    def count(self, **wanted):
        return sum(all(event.get(key) == value for key, value in wanted.items()) for event in self.events())

    def wait_for(self, times=1, **wanted):
        """Polls the trace until `times` events carry every key=value given, for 15 seconds."""
        deadline = time.monotonic() + 15
        while self.count(**wanted) < times:
            # Reading drains the terminal's output, so that the program never blocks on a full pty.
            try:
                self.child.read_nonblocking(65536, timeout=0.05)
            except pexpect.TIMEOUT:
                pass
            if time.monotonic() > deadline:
                self.fail(f"timed out waiting for {wanted} x{times}")

    def send(self, *keys):
        for key in keys:
            self.child.send(key)

    def exit_status(self):
        self.child.expect(pexpect.EOF, timeout=15)
        self.child.close()
        return self.child.exitstatus if self.child.exitstatus is not None else 128 + self.child.signalstatus

    def fail(self, message):
        sys.exit(f"FAIL: {message}\n--- trace\n" + "\n".join(json.dumps(e, ensure_ascii=False) for e in self.events()))


def lifecycle(name):
    return {"event": "lifecycle", "name": name}


def main():
    work = tempfile.mkdtemp()
    try:
        # The forced alert: only 업데이트, and nothing but 업데이트 leaves it.
        run = Run(work)
        run.wait_for(event="alertPresented", type="ForceUpdate", buttons=["업데이트"])
        run.send(ESCAPE, "q", LEFT, TAB)
        run.send(FOCUS_OUT)  # input is read in order: once the scene resigns, every key before was handled
        run.wait_for(**lifecycle("sceneWillResignActive(_:)"))
        run.send(FOCUS_IN)
        run.wait_for(2, **lifecycle("sceneDidBecomeActive(_:)"))
        if run.count(event="alertDismissed"):
            run.fail("a key or focus change dismissed the forced alert")
        run.send(ENTER)  # 업데이트 opens the App Store ...
        run.wait_for(event="openURL")
        run.send(ESCAPE)  # ... and coming back without updating brings the alert back
        run.wait_for(2, event="alertPresented", type="ForceUpdate")
        run.send(CTRL_C)
        if (status := run.exit_status()) != 130:
            run.fail(f"Ctrl-C should exit with 130, not {status}")

        # The optional alert: Esc means 다음에, and it stays away for the rest of the run.
        run = Run(work, "--app-version", "1.9.0", "--store-version", "1.10.0")
        run.wait_for(event="alertPresented", buttons=["다음에", "업데이트"])
        run.send(ESCAPE)
        run.wait_for(event="alertDismissed", button="다음에")
        run.send(FOCUS_OUT, FOCUS_IN)
        run.wait_for(2, **lifecycle("sceneDidBecomeActive(_:)"))
        if run.count(event="alertPresented") != 1:
            run.fail("the optional alert came back after 다음에")
        run.send("q")
        if (status := run.exit_status()) != 0:
            run.fail(f"q should exit with 0, not {status}")
        print("pexpect_alerts.py: forced alert held, optional alert dismissed")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
