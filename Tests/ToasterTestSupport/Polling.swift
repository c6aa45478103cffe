/// How long every wait polls — a screen, a trace, a file, a process — before it fails: long
/// enough for a loaded machine, short enough that a hang fails the run.
package enum Polling {
    package static let deadline: Duration = .seconds(15)
}
