/// A helper that could not do its part, or a wait that ran out, with what it saw last.
package struct TestFailure: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) { self.description = description }
}
