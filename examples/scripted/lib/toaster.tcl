# Helpers for scripted toastercli tests in expect (Tcl); source this file (docs/11).
#
#   toaster_start ?ARGS...?          toastercli in an 80x24 pty, with a trace and a state folder
#   wait_event EVENT ?KEY VALUE ...? ?-times N?   a trace line with "event":"EVENT" and each "KEY":"VALUE"
#   wait_screen TEXT                 TEXT written on the screen (white space aside)
#   send_key NAME ...                tmux's key names (Enter, Escape, Left, C-c, q, ...), FocusIn, FocusOut
#   event_count EVENT ?KEY VALUE ...?  how many trace lines match
#   toaster_exit_status              the exit status, once toastercli ended
# Every wait polls for at most $TOASTER_DEADLINE seconds (15), then prints the trace.
log_user 0
set toaster(bin) [expr {[info exists env(TOASTERCLI)] ? $env(TOASTERCLI) : "toastercli"}]
set toaster(work) [exec mktemp -d]
set toaster(trace) "$toaster(work)/trace.jsonl"
set toaster(output) ""
set toaster(deadline) [expr {[info exists env(TOASTER_DEADLINE)] ? $env(TOASTER_DEADLINE) : 15}]
set env(TERM) xterm-256color
set env(LANG) C.UTF-8
set stty_init "rows 24 cols 80"
array set toaster_keys {
    Enter "\r" Escape "\033" Space " " Tab "\t" BTab "\033\[Z" Left "\033\[D" Right "\033\[C"
    Up "\033\[A" Down "\033\[B" Home "\033\[H" End "\033\[F" C-c "\003" C-z "\032"
    FocusOut "\033\[O" FocusIn "\033\[I"
}

proc fail {message} {
    global toaster
    puts stderr "FAIL: $message"
    if {[file exists $toaster(trace)]} { puts stderr "--- trace\n[exec cat $toaster(trace)]" }
    file delete -force $toaster(work)
    exit 1
}

proc event_count {event args} {
    global toaster
    if {![file exists $toaster(trace)]} { return 0 }
    set patterns [list "\"event\":\"$event\""]
    foreach {key value} $args { lappend patterns "\"$key\":\"$value\"" }
    set channel [open $toaster(trace)]
    fconfigure $channel -encoding utf-8
    set found 0
    foreach line [split [read $channel] "\n"] {
        set all 1
        foreach pattern $patterns { if {[string first $pattern $line] < 0} { set all 0; break } }
        incr found $all
    }
    close $channel
    return $found
}

# Reads what the program wrote so far (it must never block on a full pty), escapes and white space taken out.
proc toaster_drain {} {
    global toaster spawn_id
    expect -timeout 0 -re {.+} { append toaster(output) $expect_out(buffer) } eof {}
    after 50
}

proc toaster_text {text} {
    regsub -all {\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78MDEc]|\s} $text "" text
    return $text
}

proc toaster_wait {what condition} {
    global toaster
    set deadline [expr {[clock milliseconds] + round($toaster(deadline) * 1000)}]
    while {![uplevel 1 [list expr $condition]]} {
        if {[clock milliseconds] > $deadline} { fail "timed out waiting for $what" }
        toaster_drain
    }
}

proc wait_event {event args} {
    set times 1
    if {[set at [lsearch -exact $args -times]] >= 0} {
        set times [lindex $args [expr {$at + 1}]]
        set args [lreplace $args $at [expr {$at + 1}]]
    }
    toaster_wait "$event $args x$times" "\[event_count [list $event] {*}[list $args]\] >= $times"
}

proc wait_screen {text} {
    global toaster
    set wanted [toaster_text $text]
    toaster_wait "\"$text\" on the screen" "\[string first [list $wanted] \[toaster_text \$::toaster(output)\]\] >= 0"
}

proc send_key {args} {
    global toaster_keys spawn_id
    foreach name $args {
        send -- [expr {[info exists toaster_keys($name)] ? $toaster_keys($name) : $name}]
    }
}

proc toaster_start {args} {
    global toaster spawn_id
    file delete $toaster(trace)
    set toaster(output) ""
    spawn -noecho $toaster(bin) --launch-screen-ms 0 --state-dir "$toaster(work)/state" --trace $toaster(trace) {*}$args
}

proc toaster_exit_status {} {
    global toaster spawn_id
    expect -timeout [expr {round($toaster(deadline))}] eof {} timeout { fail "the program did not exit" }
    lassign [wait] pid id os_error value
    return $value
}
