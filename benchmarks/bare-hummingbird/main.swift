import FoundationEssentials
import Glibc
import HTTPTypes
import Hummingbird

// The ceiling benchmarks/service measures toaster-server against: Hummingbird as its template
// sets it up (a `Router`, its defaults, no middleware), answering `GET /lookup` with the body
// and headers toaster-server answers it with, read once at start. What toaster-server costs
// beyond this is the cost of its own request path (ids, limits, log, metrics, ETags).
// Usage: bare-hummingbird PORT BODY-FILE ['Name: value' ...]
let arguments = CommandLine.arguments
guard arguments.count >= 3, let port = Int(arguments[1]), let body = try? Data(contentsOf: URL(fileURLWithPath: arguments[2])) else {
    print("usage: bare-hummingbird PORT BODY-FILE ['Name: value' ...]")
    exit(64)
}
var headers = HTTPFields()
for field in arguments.dropFirst(3) {
    guard let colon = field.firstIndex(of: ":"), let name = HTTPField.Name(String(field[..<colon])) else {
        print("bare-hummingbird: not a header field: \(field)")
        exit(64)
    }
    headers.append(HTTPField(name: name, value: String(field[field.index(after: colon)...].drop(while: { $0 == " " }))))
}
let buffer = ByteBuffer(bytes: body)
let router = Router()
router.get("lookup") { [headers] _, _ in
    Response(status: .ok, headers: headers, body: .init(byteBuffer: buffer))
}
let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "toaster-server"),
                              onServerRunning: { channel in
                                  // Unbuffered: the benchmark waits for this line (PORT 0: any free port).
                                  let line = Array("bare-hummingbird: listening on \(channel.localAddress?.port ?? port)\n".utf8)
                                  _ = write(STDOUT_FILENO, line, line.count)
                              })
do {
    try await application.runService()
} catch {
    print("bare-hummingbird: \(error)")
    exit(1)
}
