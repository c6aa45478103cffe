#!/usr/bin/env python3
"""A scripted test in Python with pexpect: the forced update alert cannot be dismissed (keys,
focus out and in, the App Store round trip), the optional one can. Waits on the trace and the
screen with a deadline, never on a fixed sleep (helpers: lib/toaster.py).

    TOASTERCLI=/path/to/toastercli python3 examples/scripted/pexpect_alerts.py
"""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from toaster import Toaster  # noqa: E402


def main():
    work = tempfile.mkdtemp()
    try:
        # The forced alert: only 업데이트, and nothing but 업데이트 leaves it.
        run = Toaster(work)
        run.wait_event("alertPresented", type="ForceUpdate", buttonIds=["update"])
        run.wait_screen("최신 버전으로 업데이트 하시겠어요?")
        run.send_key("Escape", "q", "Left", "Tab")
        run.send_key("FocusOut")  # input is read in order: once the scene resigns, every key before was handled
        run.wait_event("lifecycle", name="sceneWillResignActive(_:)")
        run.send_key("FocusIn")
        run.wait_event("lifecycle", times=2, name="sceneDidBecomeActive(_:)")
        if run.count("alertDismissed"):
            run.fail("a key or focus change dismissed the forced alert")
        run.send_key("Enter")  # 업데이트 opens the App Store ...
        run.wait_event("storePage", button="update")
        run.send_key("Escape")  # ... and coming back without updating brings the alert back
        run.wait_event("alertPresented", times=2, type="ForceUpdate")
        run.send_key("C-c")
        if (status := run.exit_status()) != 130:
            run.fail(f"Ctrl-C should exit with 130, not {status}")

        # The optional alert: Esc means 다음에, and it stays away for the rest of the run.
        run = Toaster(work, "--app-version", "1.9.0", "--store-version", "1.10.0")
        run.wait_event("alertPresented", buttonIds=["nextTime", "update"])
        run.wait_screen("지금 바로 업데이트해보세요")
        run.send_key("Escape")
        run.wait_event("alertDismissed", buttonId="nextTime")
        run.send_key("FocusOut", "FocusIn")
        run.wait_event("lifecycle", times=2, name="sceneDidBecomeActive(_:)")
        if run.count("alertPresented") != 1:
            run.fail("the optional alert came back after 다음에")
        run.send_key("q")
        if (status := run.exit_status()) != 0:
            run.fail(f"q should exit with 0, not {status}")
        print("pexpect_alerts.py: forced alert held, optional alert dismissed")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
