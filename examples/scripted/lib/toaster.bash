# Helpers for scripted toastercli tests in bash and tmux; source this file (docs/11).
#
#   toaster_start ARGS...        toastercli in a private 80x24 tmux, with a trace and a state folder
#   wait_event EVENT [KEY=VALUE...] [--times N]   a trace line with "event":EVENT and each "KEY":"VALUE"
#   wait_screen TEXT             TEXT on the screen
#   send_key NAME...             tmux key names (Enter, Escape, Left, C-c, q, …), FocusIn, FocusOut
#   toaster_exit_status          the exit status, once toastercli ended (waits for it)
#   toaster_stop                 ends tmux; also done on exit
# Every wait polls for at most $TOASTER_DEADLINE seconds (15), then prints the screen and the trace.
toaster_bin=${TOASTERCLI:-toastercli}
toaster_work=$(mktemp -d)
toaster_socket="$toaster_work/tmux.sock"
toaster_trace="$toaster_work/trace.jsonl"
TOASTER_DEADLINE=${TOASTER_DEADLINE:-15}
trap 'tmux -S "$toaster_socket" kill-server 2>/dev/null || true; rm -rf "$toaster_work"' EXIT

toaster_screen() { tmux -S "$toaster_socket" capture-pane -p; }

fail() {
    echo "FAIL: $*" >&2
    echo "--- screen" >&2; toaster_screen >&2 || true
    echo "--- trace" >&2; cat "$toaster_trace" >&2 2>/dev/null || true
    exit 1
}

# wait_until DESCRIPTION COMMAND...: polls COMMAND until it succeeds, or fails the test.
wait_until() {
    local what=$1 deadline=$((SECONDS + TOASTER_DEADLINE)); shift
    until "$@"; do
        [ $SECONDS -lt $deadline ] || fail "timed out waiting for $what"
        sleep 0.05
    done
}

# event_count EVENT [KEY=VALUE...]: trace lines with the event and every member given (a
# string value, or a bare word after KEY:= such as buttonId:=null).
event_count() {
    local patterns=("\"event\":\"$1\"") pair; shift
    for pair in "$@"; do
        case $pair in
            *:=*) patterns+=("\"${pair%%:=*}\":${pair#*:=}") ;;
            *) patterns+=("\"${pair%%=*}\":\"${pair#*=}\"") ;;
        esac
    done
    [ -f "$toaster_trace" ] || { echo 0; return; }
    awk -v n=${#patterns[@]} 'BEGIN { for (i = 1; i < ARGC; i++) p[i] = ARGV[i]; ARGC = 1 }
        { for (i = 1; i <= n; i++) if (index($0, p[i]) == 0) next; found++ } END { print found + 0 }' \
        "${patterns[@]}" < "$toaster_trace"
}

wait_event() {
    local times=1 arguments=()
    while [ $# -gt 0 ]; do
        if [ "$1" = --times ]; then times=$2; shift 2; else arguments+=("$1"); shift; fi
    done
    _event_seen() { [ "$(event_count "${arguments[@]}")" -ge "$times" ]; }
    wait_until "${arguments[*]} x$times in the trace" _event_seen
}

_on_screen() { toaster_screen | grep -qF -- "$1"; }
wait_screen() { wait_until "\"$1\" on the screen" _on_screen "$1"; }

send_key() {
    local key
    for key in "$@"; do
        case $key in
            FocusOut) tmux -S "$toaster_socket" send-keys -H 1b 5b 4f ;;   # ESC [ O
            FocusIn) tmux -S "$toaster_socket" send-keys -H 1b 5b 49 ;;    # ESC [ I: a detached tmux sends none itself
            *) tmux -S "$toaster_socket" send-keys "$key" ;;
        esac
    done
}

toaster_start() {
    rm -f "$toaster_trace" "$toaster_work/status"
    local arguments=""
    [ $# -eq 0 ] || printf -v arguments ' %q' "$@"
    # remain-on-exit keeps the last screen readable after the program ends, with no process left
    # in the pane to outlive kill-server.
    tmux -S "$toaster_socket" -f /dev/null new-session -d -x 80 -y 24 \
        "env TERM=xterm-256color LANG=C.UTF-8 $(printf %q "$toaster_bin") --launch-screen-ms 0 \
         --state-dir '$toaster_work/state' --trace '$toaster_trace'$arguments; echo \$? > '$toaster_work/status'" \; \
        set-option -g remain-on-exit on \; set-option -g status off
}

_has_exited() { [ -s "$toaster_work/status" ]; }
toaster_exit_status() { wait_until "the exit" _has_exited; cat "$toaster_work/status"; }

_server_gone() { ! tmux -S "$toaster_socket" has-session 2>/dev/null; }
toaster_stop() { tmux -S "$toaster_socket" kill-server 2>/dev/null || true; wait_until "the tmux server to end" _server_gone; }
