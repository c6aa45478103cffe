import Foundation

/// A stand-in in front of a service on a free loopback port: python3's http.server passing
/// every GET on to `target` (the Host header kept, so that the links it answers point back
/// here), except that the requests whose path holds `failing`, numbered from 1, get 503 with
/// `Retry-After: 0` while their number is in `numbers` — an App Store Connect that is down for
/// one round, say.
package final class FailingProxy {
    package let folder: URL
    package let baseURL: String
    package let pid: pid_t

    private static let script = """
        import http.server, sys, threading, urllib.error, urllib.request
        target, failing, first, last = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        count, lock = [0], threading.Lock()
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if failing in self.path:
                    with lock:
                        count[0] += 1
                        number = count[0]
                    if first <= number <= last:
                        self.send_response(503)
                        self.send_header("Retry-After", "0")
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                kept = {name: value for name, value in self.headers.items() if name.lower() in ("authorization", "accept", "host")}
                try:
                    with opener.open(urllib.request.Request(target + self.path, headers=kept)) as answer:
                        status, body, kind = answer.status, answer.read(), answer.headers.get("Content-Type")
                except urllib.error.HTTPError as error:
                    status, body, kind = error.code, error.read(), error.headers.get("Content-Type")
                self.send_response(status)
                self.send_header("Content-Type", kind or "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print("listening on", server.server_address[1], flush=True)
        server.serve_forever()
        """

    package init(to target: String, failing: String, numbers: ClosedRange<Int>) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-proxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("proxy.py").path
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("output").path
        pid = try Toolchain.spawn(["/usr/bin/env", "python3", script, target, failing, "\(numbers.lowerBound)", "\(numbers.upperBound)"],
                                  output: output)
        guard let port = Toolchain.awaitOutput(output, /listening on ([0-9]+)/) else {
            kill(pid, SIGKILL)
            throw TestFailure(description: "the proxy did not start: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        }
        baseURL = "http://127.0.0.1:\(port)"
    }

    deinit {
        // Not SIGTERM: the test runner's threads block it, python inherits the mask and keeps it.
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: folder)
    }
}
