import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import ToasterServer
import ToasterPolicy
import ToasterTestSupport

/// The policy as an editor sees it: read with its ETag, replaced only over what was read, and
/// the file kept as the operator made it.
@Suite struct PolicyAdminTests {
    private let bearer: HTTPFields = [.authorization: "Bearer \(ExampleServer.token)"]

    private func lifted(_ document: ByteBuffer, to version: String) -> ByteBuffer {
        ByteBuffer(string: String(buffer: document).replacingOccurrences(of: "\"version\": \"2.0.0\"", with: "\"version\": \"\(version)\""))
    }

    @Test func anEditorReadsThePolicyWithItsETagAndReplacesOnlyWhatItRead() async throws {
        try await ExampleServer.run { client, store in
            try await client.execute(uri: "/admin/policy", method: .get) { response in
                #expect(response.status == .unauthorized)
            }
            let (document, tag) = try await client.execute(uri: "/admin/policy", method: .get, headers: bearer) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                return (response.body, try #require(response.headers[.eTag]))
            }
            #expect(Data(document.readableBytesView) == (try Data(contentsOf: URL(fileURLWithPath: store.path))))
            // Two editors read the same policy; the first to write wins, the second is told.
            var first = bearer, second = bearer
            first[.ifMatch] = tag
            second[.ifMatch] = tag
            let newTag = try await client.execute(uri: "/admin/policy", method: .put, headers: first, body: lifted(document, to: "2.1.0")) { response in
                #expect(response.status == .ok)
                return try #require(response.headers[.eTag])
            }
            #expect(newTag != tag)
            try await client.execute(uri: "/admin/policy", method: .put, headers: second, body: lifted(document, to: "2.2.0")) { response in
                #expect(response.status == .preconditionFailed)
                // The message is JSON: the ETag's quotes come escaped.
                #expect(String(buffer: response.body).contains("the policy changed since the one with ETag \(tag.replacing("\"", with: "\\\"")) was read"))
            }
            #expect(store.policy.apps[0].version == "2.1.0")
            try await client.execute(uri: "/admin/policy", method: .get, headers: bearer) { response in
                #expect(response.headers[.eTag] == newTag)
                #expect(String(buffer: response.body).contains("\"version\": \"2.1.0\""))
            }
            var any = bearer
            any[.ifMatch] = "*"
            try await client.execute(uri: "/admin/policy", method: .put, headers: any, body: lifted(document, to: "2.3.0")) { response in
                #expect(response.status == .ok)
            }
            #expect(store.policy.apps[0].version == "2.3.0")
        }
    }

    /// A minimum above what every storefront serves strands everyone below it: 409 with the
    /// findings and nothing changed, unless the request allows dead ends (a QA demo).
    @Test func aPolicyThatStrandsAStorefrontIsRefusedUnlessAllowed() async throws {
        try await ExampleServer.run { client, store in
            let document = try await client.execute(uri: "/admin/policy", method: .get, headers: bearer) { $0.body }
            let stranding = ByteBuffer(string: String(buffer: document)
                .replacingOccurrences(of: "\"minRequiredVersion\": \"1.5.0\"", with: "\"minRequiredVersion\": \"2.1.0\""))
            #expect(stranding != document)
            for uri in ["/admin/policy", "/admin/policy?allowDeadEnds=false"] {
                try await client.execute(uri: uri, method: .put, headers: bearer, body: stranding) { response in
                    #expect(response.status == .conflict)
                    let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                    let findings = try #require(object["findings"] as? [String])
                    #expect(findings.count == 1)
                    #expect(findings.first?.hasPrefix("apps[0] (com.example.toaster): min-above-store: ") == true, "\(findings)")
                    #expect((object["message"] as? String)?.contains("?allowDeadEnds=true") == true)
                }
            }
            #expect(store.policy.apps[0].minRequiredVersion == "1.5.0", "nothing changed")
            #expect(try String(contentsOfFile: store.path, encoding: .utf8).contains("\"minRequiredVersion\": \"1.5.0\""))
            try await client.execute(uri: "/admin/policy?allowDeadEnds=true", method: .put, headers: bearer, body: stranding) { response in
                #expect(response.status == .ok)
            }
            #expect(store.policy.apps[0].minRequiredVersion == "2.1.0", "allowed: served, for a demo")
        }
    }

    @Test func aPutKeepsTheFilesModeAndWritesThroughASymbolicLink() async throws {
        // A Kubernetes ConfigMap: policy.json -> ..data/policy.json -> ..2026_11_23/policy.json.
        try await ExampleServer.run(place: { folder in
            let version = folder.appendingPathComponent("..2026_11_23")
            try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Examples.policy, to: version.appendingPathComponent("policy.json"))
            chmod(version.appendingPathComponent("policy.json").path, 0o600)
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("..data").path, withDestinationPath: "..2026_11_23")
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("policy.json").path,
                                                       withDestinationPath: "..data/policy.json")
            return folder.appendingPathComponent("policy.json").path
        }) { client, store in
            let document = try Data(contentsOf: URL(fileURLWithPath: store.path))
            try await client.execute(uri: "/admin/policy", method: .put, headers: bearer,
                                     body: lifted(ByteBuffer(bytes: document), to: "2.1.0")) { response in
                #expect(response.status == .ok)
            }
            let folder = URL(fileURLWithPath: store.path).deletingLastPathComponent()
            let target = folder.appendingPathComponent("..2026_11_23/policy.json").path
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.path) == "..data/policy.json")
            #expect(try String(contentsOfFile: target, encoding: .utf8).contains("\"version\": \"2.1.0\""))
            let attributes = try FileManager.default.attributesOfItem(atPath: target)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["..2026_11_23", "..data", "policy.json"])
        }
    }

    @Test func metricsCountRequestsPutsAndTheServedPolicy() async throws {
        try await ExampleServer.run { client, store in
            for _ in 1...3 {
                try await client.execute(uri: "/lookup?id=1234567890&country=kr", method: .get) { _ in }
            }
            try await client.execute(uri: "/nowhere", method: .get) { response in #expect(response.status == .notFound) }
            // Hummingbird's HEAD answers drop the body the count waited for.
            for _ in 1...2 {
                try await client.execute(uri: "/lookup?id=1234567890&country=kr", method: .head) { response in #expect(response.status == .ok) }
            }
            try await client.execute(uri: "/admin/policy", method: .put, headers: bearer, body: ByteBuffer(string: "{")) { _ in }
            await store.reload(because: "a test")
            try "{".write(toFile: store.path, atomically: true, encoding: .utf8)
            await store.reload(because: "a test")
            let metrics = try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                return String(buffer: response.body)
            }
            let lines = Set(metrics.split(separator: "\n").map(String.init))
            // Three GETs and two HEADs.
            #expect(lines.contains(#"toaster_http_requests_total{route="/lookup",status="200"} 5"#), "\(metrics)")
            #expect(lines.contains(#"toaster_http_requests_total{route="unmatched",status="404"} 1"#))
            #expect(lines.contains(#"toaster_http_request_duration_seconds_count{route="/lookup"} 5"#))
            #expect(lines.contains { $0.hasPrefix(#"toaster_http_request_duration_seconds_bucket{route="/lookup",le="0.01"}"#) })
            #expect(lines.contains(#"toaster_policy_puts_total{result="invalid"} 1"#))
            #expect(lines.contains(#"toaster_policy_reloads_total{result="ok"} 1"#))
            #expect(lines.contains(#"toaster_policy_reloads_total{result="refused"} 1"#))
            #expect(lines.contains("toaster_policy_info{etag=\"\(store.served.eTag.filter { $0 != "\"" })\"} 1.0"), "\(metrics)")
            #expect(lines.contains { $0.hasPrefix("toaster_policy_loaded_timestamp_seconds ") })
        }
    }

    @Test func aPolicyOverOneMebibyteIsRefusedAsTooLarge() async throws {
        try await ExampleServer.run { client, store in
            let before = store.served.eTag
            let body = ByteBuffer(repeating: UInt8(ascii: " "), count: ServicePolicy.maximumBytes + 1)
            try await client.execute(uri: "/admin/policy", method: .put, headers: bearer, body: body) { response in
                #expect(response.status == .contentTooLarge)
                #expect(String(buffer: response.body).contains("larger than 1048576 bytes"))
            }
            let metrics = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            #expect(metrics.contains(#"toaster_policy_puts_total{result="too_large"} 1"#), "\(metrics)")
            #expect(!metrics.contains(#"result="incomplete""#))
            #expect(store.served.eTag == before)
        }
    }

    @Test func everyRequestHasAnIdAndOneAccessLogLine() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-access-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let writer = try LineWriter.appending(to: file)
        let observability = Observability(accessLog: AccessLog(format: .json, writer: writer))
        try await ExampleServer.run(observability: observability) { client, _ in
            try await client.execute(uri: "/lookup?id=1234567890&country=kr", method: .get, headers: [.requestID: "edge-42"]) { response in
                #expect(response.headers[.requestID] == "edge-42")
            }
            try await client.execute(uri: "/healthz", method: .get, headers: [.requestID: "a b\r\n<script>"]) { response in
                let made = try #require(response.headers[.requestID])
                #expect((17...32).contains(made.count) && made.allSatisfy(\.isHexDigit), "an unsafe id is replaced by Hummingbird's: \(made)")
            }
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.requestID] != nil)
            }
            // The iOS SDK's fetch carries its API key in the query: never logged.
            try await client.execute(uri: "/v1/projects/toaster/namespaces/firebase:fetch?key=AIzaSyLogMeNot&x=1", method: .post) { response in
                #expect(response.status == .ok)
            }
            observability.draining.store(true, ordering: .relaxed)
            try await client.execute(uri: "/readyz", method: .get) { response in #expect(response.status == .serviceUnavailable) }
        }
        writer.flush()
        let log = try String(contentsOfFile: file, encoding: .utf8)
        #expect(log.contains(#""path":"/v1/projects/toaster/namespaces/firebase:fetch?key=…&x=1""#), "\(log)")
        #expect(!log.contains("AIzaSyLogMeNot"))
        let lines = log.split(separator: "\n")
        #expect(lines.count == 5)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["method"] as? String == "GET")
        #expect(first["path"] as? String == "/lookup?id=1234567890&country=kr")
        #expect(first["status"] as? Int == 200)
        #expect((first["bytes"] as? Int ?? 0) > 100)
        #expect(first["duration_ms"] is Double)
        #expect(first["request_id"] as? String == "edge-42")
        #expect(first["message"] as? String == "request")
        #expect((first["time"] as? String)?.hasSuffix("Z") == true)
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines[4].utf8)) as? [String: Any])
        #expect(last["status"] as? Int == 503)
    }

    @Test func textLinesQuoteOnlyWhatWouldBeAmbiguous() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-text-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let writer = try LineWriter.appending(to: file)
        let logger = Logger(label: "t") { _ in LineLogHandler(format: .text, writer: writer) }
        logger.info("request", metadata: ["path": "/lookup?id=1", "agent": "curl 8.0 \"x\"\n"])
        writer.flush()
        let line = try String(contentsOfFile: file, encoding: .utf8)
        #expect(line.hasSuffix(#" info request agent="curl 8.0 \"x\"\n" path=/lookup?id=1"# + "\n"), "\(line)")
        #expect(line.split(separator: "\n").count == 1)
    }

    /// The access log writes its fields itself; its lines are those of the log handler given the
    /// same message and fields, whatever the value.
    @Test(arguments: LogFormat.allCases) func accessLinesAreTheLogHandlersLines(format: LogFormat) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-access-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let writer = try LineWriter.appending(to: file)
        let logger = Logger(label: "t") { _ in LineLogHandler(format: format, writer: writer) }
        let access = AccessLog(format: format, writer: writer)
        let cases: [(method: String, path: String, status: Int, bytes: Int, microseconds: Int64, id: String)] = [
            ("GET", "/lookup?id=1&country=kr", 200, 431, 3, "b52efe7b083914576af21c22398752b1"),
            ("-", "-", 400, 0, 0, "x"), ("PUT", "/admin/policy", 412, 90, 12_000, "edge-42"),
            ("GET", "/a b\"c\u{7f}\u{1}é", 404, 17, 1_234_567, "id"), ("HEAD", "/healthz", 304, 0, 10_500, "id"),
        ]
        for field in cases {
            logger.info("request", metadata: [
                "method": .string(field.method), "path": .string(field.path), "status": .stringConvertible(field.status),
                "bytes": .stringConvertible(field.bytes), "duration_ms": .stringConvertible(Double(field.microseconds) / 1000),
                "request_id": .string(field.id),
            ])
            access.record(method: field.method, path: field.path, status: field.status, bytes: field.bytes, microseconds: field.microseconds, id: field.id)
        }
        writer.flush()
        // The time is each line's first 24 characters, after `{"time":"` in JSON.
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map { $0.dropFirst(format == .json ? 33 : 24) }
        #expect(lines.count == 2 * cases.count)
        for index in stride(from: 0, to: lines.count, by: 2) {
            #expect(lines[index] == lines[index + 1])
        }
    }
}
