#!/usr/bin/env bash
# A scripted test in bash and tmux: the forced update alert cannot be dismissed (keys, focus
# out and in, the App Store round trip), the optional one can. Waits on the screen and on the
# trace with a deadline, never on a fixed sleep (helpers: lib/toaster.bash).
#
#   TOASTERCLI=/path/to/toastercli examples/scripted/tmux.sh     (default: toastercli on PATH)
set -euo pipefail
. "$(dirname "$0")/lib/toaster.bash"

# The forced alert: only 업데이트, and nothing but 업데이트 leaves it.
toaster_start
wait_event alertPresented type=ForceUpdate
wait_screen "최신 버전으로 업데이트 하시겠어요?"
[ "$(event_count alertPresented 'buttonIds:=["update"]')" = 1 ] || fail "a forced alert offers only update"
send_key Escape q Left Tab BTab
send_key FocusOut                                 # input is read in order: once the scene is
wait_event lifecycle "name=sceneWillResignActive(_:)"  # inactive, every key before was handled
send_key FocusIn
wait_event lifecycle "name=sceneDidBecomeActive(_:)" --times 2
[ "$(event_count alertDismissed)" = 0 ] || fail "a key or focus change dismissed the forced alert"
_on_screen "최신 버전으로 업데이트 하시겠어요?" || fail "the forced alert is gone"

send_key Enter                                    # 업데이트 opens the App Store ...
wait_event storePage button=update
send_key Escape                                   # ... and coming back without updating
wait_event alertPresented type=ForceUpdate --times 2
wait_screen "최신 버전으로 업데이트 하시겠어요?"
send_key C-c
[ "$(toaster_exit_status)" = 130 ] || fail "Ctrl-C should exit with 130"
toaster_stop

# The optional alert: Esc means 다음에, and it stays away for the rest of the run.
toaster_start --app-version 1.9.0 --store-version 1.10.0
wait_screen "지금 바로 업데이트해보세요"
_on_screen "다음에" || fail "an optional alert offers 다음에"
send_key Escape
wait_event alertDismissed buttonId=nextTime
send_key FocusOut FocusIn
wait_event lifecycle "name=sceneDidBecomeActive(_:)" --times 2
[ "$(event_count alertPresented)" = 1 ] || fail "the optional alert came back after 다음에"
send_key q
[ "$(toaster_exit_status)" = 0 ] || fail "q should exit with 0"
toaster_stop
echo "tmux.sh: forced alert held, optional alert dismissed"
