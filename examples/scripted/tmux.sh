#!/usr/bin/env bash
# A scripted test in bash and tmux: the forced update alert cannot be dismissed (keys, focus
# out and in, the App Store round trip), the optional one can. Waits on the screen and on the
# trace with a deadline, never on a fixed sleep.
#
#   TOASTERCLI=/path/to/toastercli examples/scripted/tmux.sh     (default: toastercli on PATH)
set -euo pipefail
toastercli=${TOASTERCLI:-toastercli}
work=$(mktemp -d)
socket="$work/tmux.sock"
trap 'tmux -S "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

fail() { echo "FAIL: $*" >&2; echo "--- screen" >&2; screen >&2 || true; echo "--- trace" >&2; cat "$work/trace.jsonl" >&2 || true; exit 1; }
screen() { tmux -S "$socket" capture-pane -p; }
# wait_until DESCRIPTION COMMAND...: polls COMMAND until it succeeds, for at most 15 seconds.
wait_until() {
    local what=$1 deadline=$((SECONDS + 15)); shift
    until "$@"; do
        [ $SECONDS -lt $deadline ] || fail "timed out waiting for $what"
        sleep 0.05
    done
}
on_screen() { screen | grep -qF -- "$1"; }
not_on_screen() { ! on_screen "$1"; }
trace_count() { grep -c -- "$1" "$work/trace.jsonl" 2>/dev/null || true; }
trace_has() { [ "$(trace_count "$1")" -ge "${2:-1}" ]; }
keys() { tmux -S "$socket" send-keys "$@"; }
focus_out() { tmux -S "$socket" send-keys -H 1b 5b 4f; }   # ESC [ O
focus_in() { tmux -S "$socket" send-keys -H 1b 5b 49; }    # ESC [ I (a detached tmux sends none itself)

# start ARGS...: toastercli in a fixed 80x24 terminal; its exit status lands in $work/status.
start() {
    rm -f "$work/trace.jsonl" "$work/status"
    # remain-on-exit keeps the last screen readable after the program ends, with no process
    # left in the pane to outlive kill-server.
    tmux -S "$socket" -f /dev/null new-session -d -x 80 -y 24 \
        "env TERM=xterm-256color LANG=C.UTF-8 '$toastercli' --launch-screen-ms 0 --state-dir '$work/state' \
         --trace '$work/trace.jsonl' $*; echo \$? > '$work/status'" \; \
        set-option -g remain-on-exit on \; set-option -g status off
}
server_gone() { ! tmux -S "$socket" has-session 2>/dev/null; }
stop() { tmux -S "$socket" kill-server; wait_until "the tmux server to end" server_gone; }
has_exited() { [ -s "$work/status" ]; }
exit_status() { cat "$work/status"; }

# The forced alert: only 업데이트, and nothing but 업데이트 leaves it.
start
wait_until "the forced alert" on_screen "최신 버전으로 업데이트 하시겠어요?"
on_screen "다음에" && fail "a forced alert must not offer 다음에"
keys Escape q Left Tab BTab
focus_out                                    # input is read in order: once the scene is
wait_until "the scene to resign" trace_has "sceneWillResignActive"   # inactive, every key before was handled
focus_in
wait_until "the scene to be active again" trace_has "sceneDidBecomeActive" 2
trace_has alertDismissed && fail "a key or focus change dismissed the forced alert"
on_screen "최신 버전으로 업데이트 하시겠어요?" || fail "the forced alert is gone"

keys Enter                                   # 업데이트 opens the App Store ...
wait_until "the App Store" trace_has '"openURL"'
keys Escape                                  # ... and coming back without updating
wait_until "the forced alert to come back" trace_has '"alertPresented","type":"ForceUpdate"' 2
wait_until "the forced alert on screen" on_screen "최신 버전으로 업데이트 하시겠어요?"
keys C-c
wait_until "the exit" has_exited
[ "$(exit_status)" = 130 ] || fail "Ctrl-C should exit with 130, not $(exit_status)"
stop

# The optional alert: Esc means 다음에, and it stays away for the rest of the run.
start --app-version 1.9.0 --store-version 1.10.0
wait_until "the optional alert" on_screen "지금 바로 업데이트해보세요"
on_screen "다음에" || fail "an optional alert offers 다음에"
keys Escape
wait_until "the answer" trace_has '"alertDismissed","button":"다음에"'
wait_until "the alert to close" not_on_screen "지금 바로 업데이트해보세요"
focus_out; focus_in
wait_until "the scene to be active again" trace_has "sceneDidBecomeActive" 2
[ "$(trace_count alertPresented)" = 1 ] || fail "the optional alert came back after 다음에"
keys q
wait_until "the exit" has_exited
[ "$(exit_status)" = 0 ] || fail "q should exit with 0, not $(exit_status)"
stop
echo "tmux.sh: forced alert held, optional alert dismissed"
