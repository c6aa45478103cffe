"""How the kit fails, seen from outside: inner pytest sessions (pytester) whose tests time out,
crash or differ from a snapshot, and what they leave behind."""
import json
import os
import re
import xml.etree.ElementTree as ElementTree

import pytest
from drawing import SVG, svg_texts

from pytest_toastercli import picture

FORCED_TITLE = "신규 기능 업데이트 알림"


def overrun_allowed():
    """How far past its timeout a failing wait may end: a second on a quiet machine, the runnable
    processes per core (the one-minute load) on a busy one, where the test process waits its turn."""
    return max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))


def failed_call(records):
    return next(report for report in records.getreports("pytest_runtest_logreport")
                if report.when == "call" and report.failed)


def test_a_wait_that_cannot_succeed_fails_within_its_timeout_with_the_screen_and_the_trace(pytester):
    pytester.makepyfile(test_wait="""
        import time

        def test_never(toaster):
            app = toaster()
            app.wait_for_alert("forced")
            started = time.monotonic()
            try:
                app.wait_for_screen("never shown", timeout=2)
            finally:
                print(f"waited {time.monotonic() - started:.3f} s")
    """)
    records = pytester.inline_run()
    report = failed_call(records)
    waited = float(re.search(r"waited ([0-9.]+) s", report.capstdout).group(1))
    assert 2 <= waited < 2 + overrun_allowed()
    message = str(report.longrepr)
    assert "timed out after 2 s waiting for the screen to show 'never shown' (not on the screen)" in message
    assert "--- the screen (80x24):" in message and FORCED_TITLE in message and "[ 업데이트 ]" in message
    assert "--- the last 6 trace events (of 6):" in message
    assert '"event": "alertPresented", "type": "ForceUpdate"' in message
    folder = pytester.path / "toaster-artifacts"
    assert sorted(path.name for path in folder.iterdir()) == [
        "test_wait__test_never.cast", "test_wait__test_never.svg", "test_wait__test_never.txt"]
    assert str(folder / "test_wait__test_never.cast") in message


def test_every_wait_times_out_in_its_time(pytester):
    pytester.makepyfile(test_waits="""
        import os, time
        import pytest
        from pytest_toastercli import ToasterFailure

        def test_waits(toaster):
            app = toaster()
            app.wait_for_alert()
            for wait, message in [
                (lambda: app.wait_for_alert("optional", timeout=1), "an alert (optional) (the alert up is forced)"),
                (lambda: app.wait_for_event("alertDismissed", timeout=1), "1 × trace event alertDismissed (0 so far)"),
                (lambda: app.wait_for_event("lifecycle", count=2, name="sceneDidBecomeActive(_:)", timeout=1),
                 "2 × trace event lifecycle name='sceneDidBecomeActive(_:)' (1 so far)"),
                (lambda: app.exit_status(timeout=1), "toastercli to exit (still running)"),
                (lambda: app.click("nextTime", timeout=1), "nextTime to click (the alert's buttons are ['update'])"),
            ]:
                started = time.monotonic()
                with pytest.raises(ToasterFailure) as failure:
                    wait()
                # A second past the timeout at most; more on a busy machine, as overrun_allowed says.
                assert time.monotonic() - started < 1 + max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))
                assert f"timed out after 1 s waiting for {message}" in str(failure.value)
    """)
    pytester.inline_run().assertoutcome(passed=1)


def test_a_failed_test_leaves_its_recording_and_screen_named_in_the_failure_and_the_junit_report(pytester):
    pytester.makepyfile(test_saved="""
        def test_two_runs(toaster):
            toaster().wait_for_alert()
            second = toaster("--app-version", "1.9.0", "--store-version", "1.10.0")
            second.wait_for_alert()
            second.press("left")
            second.wait_for_event("installStarted", timeout=1)

        def test_passes(toaster):
            toaster().wait_for_alert()
    """)
    records = pytester.inline_run("--toaster-artifacts", "out", "--junitxml", "report.xml")
    records.assertoutcome(passed=1, failed=1)
    folder = pytester.path / "out"
    assert sorted(path.name for path in folder.iterdir()) == [
        "test_saved__test_two_runs-2.cast", "test_saved__test_two_runs-2.svg", "test_saved__test_two_runs-2.txt",
        "test_saved__test_two_runs.cast", "test_saved__test_two_runs.svg", "test_saved__test_two_runs.txt"]
    message = str(failed_call(records).longrepr)
    for name in ("test_saved__test_two_runs.cast", "test_saved__test_two_runs-2.txt"):
        assert str(folder / name) in message
    assert "[ 다음에 ]" in (folder / "test_saved__test_two_runs-2.txt").read_text(encoding="utf-8")
    assert FORCED_TITLE in (folder / "test_saved__test_two_runs.txt").read_text(encoding="utf-8")

    lines = (folder / "test_saved__test_two_runs-2.cast").read_text(encoding="utf-8").splitlines()
    header, events = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert (header["version"], header["width"], header["height"]) == (2, 80, 24)
    assert header["title"] == "test_saved.py::test_two_runs"
    assert ["\x1b[D"] == [data for _, code, data in events if code == "i"]
    # Kept whole: up to the terminal restored at the stop after the failure.
    assert "\x1b[?1004l" in events[-1][2] or any("\x1b[?1004l" in data for _, code, data in events[-3:])

    testcase = ElementTree.parse(pytester.path / "report.xml").find(".//testcase[@name='test_two_runs']")
    properties = [(item.get("name"), item.get("value")) for item in testcase.iter("property")]
    assert properties == [
        ("toastercli_cast", str(folder / "test_saved__test_two_runs.cast")),
        ("toastercli_screen", str(folder / "test_saved__test_two_runs.txt")),
        ("toastercli_picture", str(folder / "test_saved__test_two_runs.svg")),
        ("toastercli_cast", str(folder / "test_saved__test_two_runs-2.cast")),
        ("toastercli_screen", str(folder / "test_saved__test_two_runs-2.txt")),
        ("toastercli_picture", str(folder / "test_saved__test_two_runs-2.svg"))]
    assert [item.text for item in testcase.iter("system-out")] == [
        "[[ATTACHMENT|out/test_saved__test_two_runs.svg]]\n[[ATTACHMENT|out/test_saved__test_two_runs-2.svg]]\n"]
    assert str(folder / "test_saved__test_two_runs.cast") in testcase.find("failure").text
    assert ElementTree.parse(pytester.path / "report.xml").find(".//testcase[@name='test_passes']/properties") is None


def test_a_failed_test_leaves_a_picture_of_the_forced_alert_with_its_text_and_the_focus_in_reverse_video(pytester):
    pytester.makepyfile(test_forced_picture="""
        def test_forced(toaster):
            app = toaster("--theme", "mono")
            app.wait_for_alert("forced")
            app.wait_for_alert("optional", timeout=1)
    """)
    records = pytester.inline_run("--junitxml", "report.xml")
    drawn = pytester.path / "toaster-artifacts" / "test_forced_picture__test_forced.svg"
    assert f"picture:     {drawn}" in str(failed_call(records).longrepr)

    svg = ElementTree.parse(drawn).getroot()
    assert (svg.get("data-cols"), svg.get("data-rows")) == ("80", "24")
    assert (int(svg.get("width")), int(svg.get("height"))) == picture.size(80, 24)
    strings = svg_texts(svg)
    assert any(FORCED_TITLE in text for text, _, _ in strings)
    # The mono theme draws the focused button in reverse video: the default colours swapped,
    # the text in the background's colour on a block of the foreground's.
    focus = [(text, attributes, starts) for text, attributes, starts in strings
             if "업데이트" in text and "reverse" in attributes.get("class", "").split()]
    assert [text.strip("[ ]") for text, _, _ in focus] == ["업데이트"]
    _, attributes, starts = focus[0]
    assert attributes["fill"] == "#" + picture.DEFAULT_BG
    top = float(attributes["y"]) - picture.BASELINE
    assert any(rect.get("fill") == "#" + picture.DEFAULT_FG and float(rect.get("y")) == top
               and float(rect.get("x")) <= starts[0] and starts[-1] < float(rect.get("x")) + float(rect.get("width"))
               for rect in svg.iter(SVG + "rect")), "a block in the foreground's colour under the focused button"

    testcase = ElementTree.parse(pytester.path / "report.xml").find(".//testcase[@name='test_forced']")
    # Relative to the report's folder, where CI systems look for it.
    assert [item.text for item in testcase.iter("system-out")] == [
        "[[ATTACHMENT|toaster-artifacts/test_forced_picture__test_forced.svg]]\n"]
    assert ("toastercli_picture", str(drawn)) in [(item.get("name"), item.get("value")) for item in testcase.iter("property")]


@pytest.mark.parametrize("options", [["-o", "junit_logging=system-out"], ["-o", "junit_logging=all"],
                                     ["-o", "junit_logging=log"],
                                     ["-o", "junit_logging=system-out", "-o", "junit_log_passing_tests=false"]])
def test_the_attachment_joins_the_system_out_pytest_writes(pytester, options):
    pytester.makepyfile(test_logged="""
        def test_logged(toaster):
            print("the test's own line")
            toaster().wait_for_alert("optional", timeout=1)
    """)
    pytester.inline_run("--junitxml", "reports/report.xml", *options)
    testcase = ElementTree.parse(pytester.path / "reports" / "report.xml").find(".//testcase[@name='test_logged']")
    system_out, = [item.text for item in testcase.iter("system-out")]
    assert "[[ATTACHMENT|../toaster-artifacts/test_logged__test_logged.svg]]" in system_out
    # junit_logging=log writes the log, not what the test printed.
    assert ("the test's own line" in system_out) == (options[1] != "junit_logging=log")


def test_a_snapshot_fails_with_a_diff_and_snapshot_update_writes_it(pytester):
    pytester.makepyfile(test_golden="""
        def test_forced(toaster):
            app = toaster()
            app.wait_for_alert()
            app.assert_snapshot("forced")
    """)
    missing = pytester.inline_run()
    snapshot = pytester.path / "__snapshots__" / "test_golden" / "forced.snap"
    assert f"no snapshot {snapshot}: run pytest with --snapshot-update" in str(failed_call(missing).longrepr)

    written = pytester.runpytest("--snapshot-update")
    written.assert_outcomes(passed=1)
    written.stdout.fnmatch_lines(["*toastercli: 1 snapshot(s) written*", str(snapshot)])
    assert FORCED_TITLE in snapshot.read_text(encoding="utf-8")
    pytester.inline_run().assertoutcome(passed=1)

    snapshot.write_text(snapshot.read_text(encoding="utf-8").replace("업데이트가 필요해요!", "업데이트가 필요합니다"),
                        encoding="utf-8")
    message = str(failed_call(pytester.inline_run()).longrepr)
    assert f"the screen differs from the snapshot {snapshot}" in message
    assert f"--- {snapshot}" in message and "+++ the screen now" in message and "@@ -" in message
    assert "-                  │           업데이트가 필요합니다           │" in message
    assert "+                  │           업데이트가 필요해요!           │" in message


def test_colours_are_part_of_a_colour_snapshot(pytester):
    pytester.makepyfile(test_colours="""
        def test_focus(toaster):
            app = toaster("--app-version", "1.9.0", "--store-version", "1.10.0")
            app.wait_for_alert()
            app.assert_snapshot("optional", colors=True)
    """)
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=1)
    snapshot = (pytester.path / "__snapshots__" / "test_colours" / "optional.snap").read_text(encoding="utf-8")
    text, styles = snapshot.split("--- styles: row  columns  attributes\n")
    focus_row = next(number for number, line in enumerate(text.splitlines()) if "[ 업데이트 ]" in line)
    assert any(line.split()[0] == str(focus_row) for line in styles.splitlines()), "the focused button has a style"
    pytester.makepyfile(test_colours="""
        def test_focus(toaster):
            app = toaster("--app-version", "1.9.0", "--store-version", "1.10.0", "--theme", "mono")
            app.wait_for_alert()
            app.assert_snapshot("optional", colors=True)
    """)
    message = failed_call(pytester.inline_run()).longrepr.reprcrash.message
    diff = message.split("+++ the screen now\n")[1].split("\n\n")[0]
    changed = [line for line in diff.splitlines() if line[:1] in "-+"]
    assert changed and all(re.match(r"[-+] +\d+  \d+-\d+  ", line) for line in changed), "only colours differ"


def test_a_crash_fails_the_test(pytester, monkeypatch):
    binary = pytester.path / "crashing"
    binary.write_text("#!/bin/sh\necho starting\nkill -SEGV $$\n")
    binary.chmod(0o755)
    monkeypatch.setenv("TOASTERCLI", str(binary))
    pytester.makepyfile(test_crash="""
        def test_crash(toaster):
            assert toaster().exit_status() == 139
    """)
    records = pytester.inline_run("--toaster-artifacts", "out")
    teardown = next(report for report in records.getreports("pytest_runtest_logreport") if report.when == "teardown")
    assert teardown.failed
    message = str(teardown.longrepr)
    assert "toastercli crashed: killed by SIGSEGV" in message and "starting" in message
    assert str(pytester.path / "out" / "test_crash__test_crash.cast") in message


def test_a_missing_binary_is_named(pytester, monkeypatch):
    monkeypatch.setenv("TOASTERCLI", str(pytester.path / "nowhere"))
    pytester.makepyfile(test_missing="""
        def test_missing(toaster):
            toaster()
    """)
    message = str(failed_call(pytester.inline_run()).longrepr)
    assert f"toastercli {pytester.path / 'nowhere'} is not an executable file" in message
