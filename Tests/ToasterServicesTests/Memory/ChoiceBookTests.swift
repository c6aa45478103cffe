import Foundation
import Testing
import ToasterCore
import ToasterFiles
@testable import ToasterServices
import ToasterTestSupport

/// The remembered choices on disk: round trip, atomic replacement, and unusable files.
@Suite(.offThePool) struct ChoiceBookTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("answers-\(UUID().uuidString)").path
    private let monday = Date(timeIntervalSince1970: 1_795_000_000)

    private func optionalReport() throws -> DecisionReport {
        try UpdateDecider(rules: UpdateRules(parsing: "persistent"), appID: "1").decide(
            current: "1.9.0", answer: SourceAnswer(latestVersion: "1.10.0"), now: monday)
    }

    @Test func answersSurviveARelaunchAndNothingIsLeftHalfWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = ChoiceBook(directory: folder, appKey: "id42")
        #expect(book.loadProblem == nil)
        try book.record(.shown(storeVersion: try Version("1.10.0")), now: monday)
        let relaunched = ChoiceBook(directory: folder, appKey: "id42")
        #expect(relaunched.snapshot.shownAt == monday)
        #expect(relaunched.applying(to: try optionalReport(), now: monday.addingTimeInterval(3600)).heldBack?.name == "frequency")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["id42.json"], "no temporary file is left beside it")
    }

    @Test func theTemporaryFileOfASaveThatNeverFinishedIsRemoved() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // No process has the largest pid: this one's writer is gone. This process's own may be writing.
        let abandoned = folder + "/id42.json.tmp-\(Int32.max)", live = folder + "/id42.json.tmp-\(getpid())"
        try Data("{\"store".utf8).write(to: URL(fileURLWithPath: abandoned))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: live))
        #expect(ChoiceBook(directory: folder, appKey: "id42").loadProblem == nil)
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: live))
    }

    @Test func aCorruptFileIsKeptAsideAndReplaced() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("[1, 2".utf8).write(to: URL(fileURLWithPath: folder + "/id42.json"))
        let book = ChoiceBook(directory: folder, appKey: "id42")
        let problem = try #require(book.loadProblem)
        #expect(problem.hasPrefix("unreadable state file replaced, kept as \(folder)/id42.json.corrupt"))
        #expect(book.snapshot == ChoiceMemory())
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/id42.json.corrupt")) == Data("[1, 2".utf8))
        #expect(ChoiceBook(directory: folder, appKey: "id42").loadProblem == nil, "the replacement reads back")
    }

    @Test func aFolderThatCannotBeMadeIsReportedNotFatal() throws {
        let book = ChoiceBook(directory: "/proc/toastercli-state", appKey: "id42")
        #expect(book.loadProblem?.contains("cannot create the state folder") == true)
        #expect(throws: FileError.self) { try book.record(.skipped(try Version("2.0.0")), now: monday) }
    }

    @Test(arguments: [("id42", "id42.json"), ("com.example.app", "com.example.app.json"), ("../../etc/passwd", "_.._etc_passwd.json"), ("", "app.json")])
    func fileNamesStayInTheFolder(key: String, name: String) {
        #expect(ChoiceBook.fileName(key) == name)
    }
}
