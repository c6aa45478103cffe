"""The update alerts as a QA suite writes them with the pytest kit (pip install ./testkit; docs/11).

    TOASTERCLI=/path/to/toastercli pytest examples/scripted/test_update_alerts.py
"""


def test_forced_alert_holds_through_keys_focus_and_the_app_store(toaster):
    app = toaster()  # app 1.0.0, demo store 2.0.0: a major update, forced
    alert = app.wait_for_alert("forced")
    assert alert.button_ids == ["update"] and alert.focused == "update"
    app.assert_snapshot("forced-alert", colors=True)
    app.press("esc", "q", "tab", "left")
    app.focus_out()  # input is read in order: once the scene resigns, every key before it was handled
    app.wait_for_event("lifecycle", name="sceneWillResignActive(_:)")
    app.focus_in()
    assert app.wait_for_alert("forced") == alert and not app.trace("alertDismissed")
    app.press("enter")  # 업데이트 opens the App Store ...
    app.wait_for_event("storePage", button="update")
    app.press("esc")  # ... and coming back without updating brings the alert back
    assert app.wait_for_alert("forced").presented == 2
    app.press("ctrl-c")
    assert app.exit_status() == 130


def test_optional_alert_answered_by_esc_stays_away(toaster):
    app = toaster("--app-version", "1.9.0", "--store-version", "1.10.0")  # a minor update: optional
    alert = app.wait_for_alert("optional")
    assert alert.button_ids == ["nextTime", "update"] and "지금 바로 업데이트해보세요" in alert.message
    app.press("esc")  # Esc means 다음에
    app.wait_for_event("alertDismissed", buttonId="nextTime")
    app.focus_out()
    app.focus_in()
    app.wait_for_event("lifecycle", name="sceneDidBecomeActive(_:)", count=2)
    assert len(app.trace("alertPresented")) == 1  # it stays away for the rest of the run
    app.wait_for_screen("scene: active")
    app.press("q")
    assert app.exit_status() == 0
