import Foundation

/// An HTTPS server on a free loopback port (python3's http.server wrapped in its ssl module),
/// with a self-signed certificate for 127.0.0.1 that openssl makes for it: the certificate is
/// also its own CA, as a company CA would be for an internal service.
final class TLSServer {
    let folder: URL
    let baseURL: String
    let pid: pid_t

    /// The certificate, in PEM: the file to trust.
    var certificate: String { folder.appendingPathComponent("cert.pem").path }

    private static let script = """
        import http.server, ssl, sys
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = open(sys.argv[3], "rb").read()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print("listening on", server.server_address[1], flush=True)
        server.serve_forever()
        """

    init(answering body: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let key = folder.appendingPathComponent("key.pem").path, certificate = folder.appendingPathComponent("cert.pem").path
        let made = try Toolchain.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                                      "-nodes", "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=toaster test CA",
                                      "-addext", "subjectAltName=IP:127.0.0.1", "-addext", "basicConstraints=critical,CA:TRUE"])
        guard made.status == 0 else { throw PTYError(description: "openssl could not make a certificate: \(made.stderr)") }
        let answer = folder.appendingPathComponent("answer.json").path
        try body.write(toFile: answer, atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("server.py").path
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("output").path
        pid = try Toolchain.spawn(["/usr/bin/env", "python3", script, certificate, key, answer], output: output)
        guard let port = Toolchain.awaitOutput(output, /listening on ([0-9]+)/) else {
            kill(pid, SIGKILL)
            throw PTYError(description: "the TLS server did not start: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        }
        baseURL = "https://127.0.0.1:\(port)"
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: folder)
    }
}
