import Foundation
import Testing
import ToasterTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One reader of templates: the same bad document is refused by `check --template` (status 1,
/// JSON `error`), by `toaster-server --check-policy` and by `PUT /admin/policy` with the same
/// sentence, its place the template's own path (within the policy on the server's side).
@Suite(.offThePool) struct TemplateRefusalTests {
    /// The example export with `original` replaced by `replacement`, which must occur.
    private static func example(replacing original: String, with replacement: String) throws -> String {
        let text = try String(contentsOf: Examples.template, encoding: .utf8)
        guard text.contains(original) else { throw TestFailure(description: "the example template has no \(original)") }
        return text.replacingOccurrences(of: original, with: replacement)
    }

    /// The example export with the minimum's value for `jp_ios_old` (the last `"2.0.0"` before
    /// the minimum's description) made `2.0.O`: a branch a device in the US does not reach.
    private static func exampleWithABadBranch() throws -> String {
        let text = try String(contentsOf: Examples.template, encoding: .utf8)
        guard let description = text.range(of: "Below this version"),
              let value = text.range(of: #""2.0.0""#, options: .backwards, range: text.startIndex..<description.lowerBound) else {
            throw TestFailure(description: "the example template's minimum changed shape")
        }
        return text.replacingCharacters(in: value, with: #""2.0.O""#)
    }

    /// Each case: the document, and the sentence's place in it and its words.
    private static func documents() throws -> [(name: String, text: String, path: String, problem: String)] {
        [
            ("empty", "{}", "", "not a Remote Config template: it has no parameters, parameterGroups or conditions"),
            ("a policy", try String(contentsOf: Examples.policy, encoding: .utf8), "",
             #"not a Remote Config template: it is a toaster-server policy (it has "apps")"#),
            ("a fetch answer", #"{"entries": {"min_required_version": "1.0.0", "latest_version": "2.0.0"}, "state": "UPDATE"}"#, "",
             #"not a Remote Config template: it is a fetch answer (it has "entries" and "state")"#),
            ("a misspelt key", try example(replacing: #""parameterGroups""#, with: #""paramterGroups""#), "paramterGroups",
             #""paramterGroups" is not a Remote Config template key; did you mean `parameterGroups`?"#),
            ("a branch the device does not reach", try exampleWithABadBranch(),
             "parameterGroups.force_update.parameters.min_required_version.conditionalValues.jp_ios_old.value",
             #"invalid version "2.0.O""#),
            ("a misspelt version key", try example(replacing: #""min_required_version""#, with: #""min_required_verison""#),
             "parameterGroups.force_update.parameters.min_required_verison",
             #"no parameter is named "min_required_version", which the app reads as its minimum version; did you mean "min_required_verison"? "#
                + "Rename it, or name the parameter the app reads with --rc-min-key"),
            ("an undefined condition", try example(replacing: #""jp_ios_old": {"#, with: #""jp_old": {"#),
             "parameterGroups.force_update.parameters.min_required_version.conditionalValues.jp_old",
             #"no condition is named "jp_old" in conditions"#),
        ]
    }

    /// The sentence that follows `marker` in `text`, to the end of its line.
    private static func sentence(after marker: String, in text: String) -> String? {
        guard let start = text.range(of: marker) else { return nil }
        return String(text[start.upperBound...].prefix { $0 != "\n" })
    }

    @Test func theSameBadDocumentIsRefusedEverywhereWithTheSameSentence() async throws {
        let server = try ServerProcess()
        for document in try Self.documents() {
            let inTemplate = (document.path.isEmpty ? "top level" : document.path) + ": " + document.problem
            let inPolicy = "apps[0].remoteConfig.template" + (document.path.isEmpty ? "" : "." + document.path) + ": " + document.problem

            let file = try TemplateFixtures.file(document.text)
            let checked = try Toolchain.run([Toolchain.toastercli, "check", "--template", file, "--app-version", "1.9.0", "--country", "us",
                                             "--format", "json", "--exit-code"])
            #expect(checked.status == 1, "\(document.name): \(checked.stdout)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any], "\(document.name)")
            let error = try #require(object["error"] as? String, "\(document.name)")
            #expect(error.contains("is unusable: " + inTemplate), "\(document.name): \(error)")
            let checkSentence = try #require(Self.sentence(after: "is unusable: ", in: checked.stderr), "\(document.name): \(checked.stderr)")

            let policy = try Examples.policy(template: document.text)
            let policyFile = try PreflightFixtures.file(policy, "policy.json")
            let validated = try Toolchain.run([Toolchain.toasterServer, "--check-policy", policyFile])
            #expect(validated.status == 1, "\(document.name)")
            #expect(validated.stderr.contains(inPolicy), "\(document.name): \(validated.stderr)")
            let serverSentence = try #require(Self.sentence(after: "apps[0].remoteConfig.template", in: validated.stderr), "\(document.name)")
            // The same words after the place: the policy's path ends where the template's begins.
            #expect(checkSentence.hasPrefix("top level: ") ? serverSentence == checkSentence.dropFirst("top level".count)
                    : serverSentence == "." + checkSentence, "\(document.name): \(checkSentence) / \(serverSentence)")

            var request = URLRequest(url: URL(string: server.adminURL + "/admin/policy")!)
            request.httpMethod = "PUT"
            request.setValue("Bearer \(ServerProcess.adminToken)", forHTTPHeaderField: "Authorization")
            request.httpBody = Data(policy.utf8)
            let (body, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400, "\(document.name)")
            let answer = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any], "\(document.name)")
            let message = try #require(answer["message"] as? String, "\(document.name): \(answer)")
            #expect(message.contains("apps[0].remoteConfig.template" + serverSentence), "\(document.name): \(message)")
        }
        #expect(try await server.servedVersion() == "2.0.0", "no refused document changed what is served")
    }
}
