"""The kit against the real binary: what App and Alert read, what its keys and clicks do."""
import json
import sys

import pyte
import pytest
from wcwidth import wcswidth

from pytest_toastercli import ToasterFailure

OPTIONAL = ("--app-version", "1.9.0", "--store-version", "1.10.0")


def border_columns(screen):
    """Each alert row's first and last border, in display columns."""
    rows = [line for line in screen.splitlines() if line.strip()[:1] and any(c in line for c in "┌│├└")]
    columns = []
    for line in rows:
        first = min(i for i, c in enumerate(line) if c in "┌│├└")
        last = max(i for i, c in enumerate(line) if c in "┐│┤┘")
        columns.append((wcswidth(line[:first]), wcswidth(line[:last])))
    return columns


def test_the_forced_alert_as_the_trace_and_the_screen_give_it(toaster):
    alert = toaster().wait_for_alert("forced")
    assert (alert.kind, alert.type, alert.title) == ("forced", "ForceUpdate", "신규 기능 업데이트 알림")
    assert alert.message == "토스터의 새로운 기능을 이용하기 위해서는\n업데이트가 필요해요!\n최신 버전으로 업데이트 하시겠어요?"
    assert (alert.buttons, alert.button_ids, alert.focused, alert.presented) == (["업데이트"], ["update"], "update", 1)


def test_hangul_takes_two_columns_and_the_box_lines_up(toaster):
    app = toaster()
    app.wait_for_alert()
    screen = app.screen_text()
    columns = border_columns(screen)
    assert len(columns) == 9 and len(set(columns)) == 1, screen
    left, right = columns[0]
    assert left + right == 79, "centred on 80 columns"
    button = next(line for line in screen.splitlines() if "[ 업데이트 ]" in line)
    start = wcswidth(button[:button.index("[ 업데이트 ]")])
    assert abs((start + start + wcswidth("[ 업데이트 ]") - 1) - (left + right)) <= 1, "the button is centred"


def test_keys_move_the_focus_and_the_alert_follows_the_trace(toaster):
    app = toaster(*OPTIONAL)
    alert = app.wait_for_alert("optional")
    assert (alert.type, alert.buttons, alert.button_ids, alert.focused) == (
        "NoticeFeatUpdate", ["다음에", "업데이트"], ["nextTime", "update"], "update")
    app.press("left")
    app.wait_for_event("alertFocus")  # the key was read: the screen shows its effect once settled
    assert app.wait_for_alert().focused == "nextTime"
    app.press("tab")
    app.wait_for_event("alertFocus", count=2)
    assert app.wait_for_alert().focused == "update"
    app.press("btab", "home")
    app.wait_for_event("alertFocus", count=3)
    assert app.wait_for_alert().focused == "nextTime"
    assert [event["buttonId"] for event in app.trace("alertFocus")] == ["nextTime", "update", "nextTime"]


def test_english_ids_stay_and_titles_change(toaster):
    alert = toaster(*OPTIONAL, locale="en").wait_for_alert("optional")
    assert (alert.title, alert.buttons, alert.button_ids) == ("Feature Update", ["Later", "Update"], ["nextTime", "update"])
    assert alert.message == "New features have been added to Toaster!\nUpdate now to try them"


def test_a_click_presses_the_alert_button_and_a_text(toaster):
    app = toaster(*OPTIONAL)
    app.click("nextTime")
    app.wait_for_event("alertDismissed", buttonId="nextTime")
    forced = toaster()
    forced.click("update")
    forced.wait_for_event("storePage", button="update")
    forced.click(text="[ 업데이트 ]")
    forced.wait_for_event("installStarted", version="2.0.0")


def test_resize_recentres_the_alert(toaster):
    app = toaster()
    app.wait_for_alert()
    left, right = border_columns(app.screen_text())[0]
    width = right - left + 1
    app.resize(60, 16)
    app.wait_for_screen(regex=rf"┌─{{{width - 2}}}┐")
    assert app.wait_for_alert().title == "신규 기능 업데이트 알림"
    assert len(set(border_columns(app.screen_text()))) == 1
    assert border_columns(app.screen_text())[0] == ((60 - width) // 2, (60 - width) // 2 + width - 1)


def test_exit_statuses(toaster):
    app = toaster(*OPTIONAL)
    app.wait_for_alert()
    app.press("esc")
    app.wait_for_screen("q 종료")
    app.press("q")
    assert app.exit_status() == 0
    interrupted = toaster()
    interrupted.wait_for_alert()
    interrupted.press("ctrl-c")
    assert interrupted.exit_status() == 130
    usage = toaster("--no-such-flag")
    assert usage.exit_status() == 64
    assert "--no-such-flag" in usage.wait_for_screen("--no-such-flag")


def test_another_command_starts_as_given_without_a_trace(toaster):
    app = toaster("check", "--format", "json")
    assert app.exit_status() == 0
    assert '"decision":"forced"' in "".join(app.screen_text().split())  # JSON, wrapped at 80 columns
    with pytest.raises(ValueError, match="no trace"):
        app.trace()


def test_a_relaunch_shares_the_state_folder(toaster):
    first = toaster("--rules", "minor=option:daily", *OPTIONAL)
    first.wait_for_alert("optional")
    first.press("esc")
    first.wait_for_event("alertDismissed", buttonId="nextTime")
    first.press("ctrl-c")
    first.exit_status()
    again = toaster("--rules", "minor=option:daily", *OPTIONAL, state_dir=first.state_dir)
    again.wait_for_event("versionCheck")
    again.wait_for_screen("q 종료")
    assert again.trace("alertPresented") == []


def test_the_recording_replays_to_the_screen_with_keys_and_resizes(toaster):
    app = toaster(*OPTIONAL)
    app.wait_for_alert()
    app.resize(70, 20)
    app.press("left")
    app.wait_for_event("alertFocus")
    final = app.wait_for_alert().focused
    assert final == "nextTime"
    screen_now = app.screen_text()
    lines = app.cast_path.read_text(encoding="utf-8").splitlines()
    header, events = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert (header["version"], header["width"], header["height"]) == (2, 80, 24)
    assert header["env"]["TERM"] == "xterm-256color"
    assert [event[2] for event in events if event[1] == "r"] == ["70x20"]
    assert [event[2] for event in events if event[1] == "i"] == ["\x1b[D"]
    assert all(a[0] <= b[0] for a, b in zip(events, events[1:])), "times never go back"
    replay = pyte.Screen(80, 24)
    stream = pyte.Stream(replay)
    for _, code, data in events:
        if code == "o":
            stream.feed(data)
        elif code == "r":
            columns, rows = map(int, data.split("x"))
            replay.resize(rows, columns)
    assert "\n".join(line.rstrip() for line in replay.display) == screen_now


def test_a_wait_after_the_program_exits_fails_at_once(toaster):
    app = toaster("--no-such-flag")
    with pytest.raises(ToasterFailure, match="exited with status 64 while waiting for an alert"):
        app.wait_for_alert(timeout=30)


def test_stacked_buttons_are_read_and_clicked(toaster):
    app = toaster("--rules", "relaxed", *OPTIONAL, locale="ja", cols=40)
    alert = app.wait_for_alert("optional")
    assert (alert.buttons, alert.button_ids, alert.focused) == (
        ["アップデート", "あとで", "このバージョンをスキップ"], ["update", "nextTime", "skip"], "update")
    app.click("skip")
    app.wait_for_event("alertDismissed", buttonId="skip")


def test_a_title_and_message_wrapped_in_a_small_terminal_are_read_whole(toaster):
    alert = toaster(cols=40, rows=12).wait_for_alert("forced")
    assert alert.title == "신규 기능 업데이트 알림"
    assert alert.message.split("\n")[-1] == "최신 버전으로 업데이트 하시겠어요?"


def drawing(tmp_path, monkeypatch, rounds):
    """A stand-in for toastercli that writes A, then a B every 20 ms for `rounds` rounds."""
    program = tmp_path / "drawing"
    program.write_text(f"#!{sys.executable}\nimport sys, time\nsys.stdout.write('A')\n"
                       f"for _ in range({rounds}):\n    sys.stdout.flush(); time.sleep(0.02); sys.stdout.write('B')\n"
                       "sys.stdout.write('END'); sys.stdout.flush(); time.sleep(30)\n")
    program.chmod(0o755)
    monkeypatch.setenv("TOASTERCLI", str(program))


# A settle time well above the stand-in's pauses, so that a busy machine cannot fake a still screen.
SETTLE = 0.5


def test_a_screen_wait_returns_once_the_drawing_stops(toaster, tmp_path, monkeypatch):
    drawing(tmp_path, monkeypatch, 40)
    app = toaster()
    app.settle = SETTLE
    assert app.wait_for_screen("A").splitlines()[0] == "A" + "B" * 40 + "END"


def test_a_screen_that_never_settles_fails_the_wait(toaster, tmp_path, monkeypatch):
    drawing(tmp_path, monkeypatch, 100000)
    app = toaster()
    app.settle = SETTLE
    with pytest.raises(ToasterFailure, match=rf"waiting for the screen to show 'A' \(shown, but the screen has not been still for {SETTLE} s"):
        app.wait_for_screen("A", timeout=2)
