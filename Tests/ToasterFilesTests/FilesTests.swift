import Foundation
import Testing
import ToasterFiles

/// Capped reads, secrets from files and atomic replacement, in a folder of the test's own.
@Suite struct FilesTests {
    /// A fresh folder, removed when `body` is done.
    private func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    private func write(_ text: String, to path: String, mode: Int = 0o600) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    private func refusal(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return (error as? FileError)?.description ?? "not a FileError: \(error)" }
    }

    @Test func aBoundedReadRefusesAFileOverItsLimitAndWhatIsNoRegularFile() throws {
        try inFolder { folder in
            try write("12345", to: "\(folder)/five")
            #expect(try BoundedFile.read("\(folder)/five", limit: 5) == Data("12345".utf8))
            #expect(refusal { _ = try BoundedFile.read("\(folder)/five", limit: 4) } == "\(folder)/five is larger than 4 bytes")
            #expect(refusal { _ = try BoundedFile.read(folder, limit: 4) } == "\(folder) is not a regular file")
            #expect(refusal { _ = try BoundedFile.read("\(folder)/none", limit: 4) } == "cannot open \(folder)/none: No such file or directory")
        }
    }

    @Test func aSecretIsItsTextWithoutSurroundingSpaceAndNeverEmpty() throws {
        try inFolder { folder in
            try write("  token\n", to: "\(folder)/secret")
            #expect(try SecretFile.read("\(folder)/secret") == "token")
            try write(" \n", to: "\(folder)/blank")
            #expect(refusal { _ = try SecretFile.read("\(folder)/blank") } == "\(folder)/blank is empty")
            try Data([0xFF, 0xFE]).write(to: URL(fileURLWithPath: "\(folder)/binary"))
            #expect(refusal { _ = try SecretFile.read("\(folder)/binary") } == "\(folder)/binary is not UTF-8 text")
        }
    }

    @Test func aPrivateSecretIsTheOwnersAloneAndLongEnough() throws {
        try inFolder { folder in
            let token = String(repeating: "k", count: 32)
            try write(token, to: "\(folder)/open", mode: 0o644)
            #expect(refusal { _ = try SecretFile.readPrivate("\(folder)/open", minimumBytes: 32) }?.contains("is open to others (mode 644)") == true)
            try write(token, to: "\(folder)/private")
            #expect(try SecretFile.readPrivate("\(folder)/private", minimumBytes: 32) == token)
            #expect(refusal { _ = try SecretFile.readPrivate("\(folder)/private", minimumBytes: 33) }?.contains("holds a token of 32 bytes") == true)
        }
    }

    @Test func aReplacementKeepsTheModeAndWritesThroughALink() throws {
        try inFolder { folder in
            try write("old", to: "\(folder)/policy.json", mode: 0o640)
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/link.json", withDestinationPath: "\(folder)/policy.json")
            try AtomicFile.write(Data("new".utf8), to: "\(folder)/link.json")
            #expect(try String(contentsOfFile: "\(folder)/policy.json", encoding: .utf8) == "new")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/link.json") == "\(folder)/policy.json", "the link stays")
            let mode = try FileManager.default.attributesOfItem(atPath: "\(folder)/policy.json")[.posixPermissions] as? Int
            #expect(mode == 0o640)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["link.json", "policy.json"], "no temporary is left")
        }
    }

    @Test func aCreationMakesTheFileOnceAndNeverReplacesIt() throws {
        try inFolder { folder in
            #expect(try AtomicFile.create(Data("first".utf8), at: "\(folder)/secret", mode: 0o600))
            #expect(try !AtomicFile.create(Data("second".utf8), at: "\(folder)/secret", mode: 0o600))
            #expect(try String(contentsOfFile: "\(folder)/secret", encoding: .utf8) == "first")
            try AtomicFile.append(Data("+".utf8), to: "\(folder)/secret", mode: 0o600)
            #expect(try String(contentsOfFile: "\(folder)/secret", encoding: .utf8) == "first+")
        }
    }

    @Test func anAbandonedTemporaryIsRemovedAndALiveProcesssIsNot() throws {
        try inFolder { folder in
            try write("x", to: "\(folder)/policy.json")
            // No process has pid 2^22 + 1 (above Linux's pid_max ceiling); this one is alive.
            try write("half", to: "\(folder)/policy.json.tmp-4194305")
            try write("mine", to: "\(folder)/policy.json.tmp-\(getpid())")
            #expect(AtomicFile.removeAbandonedTemporaries(of: "\(folder)/policy.json") == ["\(folder)/policy.json.tmp-4194305"])
            #expect(FileManager.default.fileExists(atPath: "\(folder)/policy.json.tmp-\(getpid())"))
        }
    }
}
