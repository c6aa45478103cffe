import Foundation

/// A service on a free loopback port: python3's http.server answering every GET with one JSON
/// body and keeping each request line and Host header as received — a stand-in for a service,
/// or for an HTTP proxy, which receives the absolute URI in its request line. With `tls`, it
/// speaks https with a self-signed certificate for 127.0.0.1 that openssl makes for it: the
/// certificate is its own CA, as a company CA is for an internal service. With `misbehaving`,
/// it is a storefront lookup having a bad day: every request naming jp gets 503, and of the
/// others the first is cut off unanswered, the second gets 429 and the third 503 (each with
/// `Retry-After: 0`) before it answers.
package final class LoopbackService {
    package let folder: URL
    package let baseURL: String
    package let pid: pid_t

    /// The certificate (with `tls`), in PEM: the file to trust.
    package var certificate: String { folder.appendingPathComponent("cert.pem").path }

    /// "GET /lookup?… HTTP/1.1 Host: 127.0.0.1:…", one per request answered so far.
    package var requests: [String] {
        ((try? String(contentsOf: folder.appendingPathComponent("requests"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    private static let script = """
        import http.server, ssl, sys, threading
        answer, log, misbehaving = open(sys.argv[1], "rb").read(), sys.argv[2], sys.argv[3] == "misbehaving"
        count, lock = [0], threading.Lock()
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                with open(log, "a") as requests:
                    requests.write(f"{self.requestline} Host: {self.headers.get('Host')}\\n")
                if misbehaving:
                    with lock:
                        count[0] += 1 if "jp" not in self.path else 0
                        number = count[0]
                    if "jp" in self.path or number in (2, 3):
                        self.send_response(503 if "jp" in self.path or number == 3 else 429)
                        self.send_header("Retry-After", "0")
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                    if number == 1:
                        self.close_connection = True
                        return
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        if len(sys.argv) > 4:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(sys.argv[4], sys.argv[5])
            server.socket = context.wrap_socket(server.socket, server_side=True)
        print("listening on", server.server_address[1], flush=True)
        server.serve_forever()
        """

    package init(answering body: String, tls: Bool = false, misbehaving: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-service-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let answer = folder.appendingPathComponent("answer.json").path
        try body.write(toFile: answer, atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("server.py").path
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        var arguments = ["/usr/bin/env", "python3", script, answer, folder.appendingPathComponent("requests").path,
                         misbehaving ? "misbehaving" : "answering"]
        if tls {
            let key = folder.appendingPathComponent("key.pem").path, certificate = folder.appendingPathComponent("cert.pem").path
            let made = try Toolchain.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                                          "-nodes", "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=toaster test CA",
                                          "-addext", "subjectAltName=IP:127.0.0.1", "-addext", "basicConstraints=critical,CA:TRUE"])
            guard made.status == 0 else { throw TestFailure(description: "openssl could not make a certificate: \(made.stderr)") }
            arguments += [certificate, key]
        }
        let output = folder.appendingPathComponent("output").path
        pid = try Toolchain.spawn(arguments, output: output)
        guard let port = Toolchain.awaitOutput(output, /listening on ([0-9]+)/) else {
            kill(pid, SIGKILL)
            throw TestFailure(description: "the loopback service did not start: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        }
        baseURL = "\(tls ? "https" : "http")://127.0.0.1:\(port)"
    }

    deinit {
        // Not SIGTERM: the test runner's threads block it, python inherits the mask and keeps it.
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: folder)
    }
}
