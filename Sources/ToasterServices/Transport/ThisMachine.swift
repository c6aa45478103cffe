import Glibc

/// Whether a URL's host is this machine, where Apple's rate for its lookup means nothing: a
/// test server, a replay, toaster-server. Read from the host as written — `localhost` and
/// `*.localhost` (RFC 6761 §6.3), a loopback or unspecified address, an address of one of this
/// machine's interfaces — without a name lookup, so that it costs nothing and cannot hang.
enum ThisMachine {
    static func isNamed(by host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        guard let address = address(name) else { return false }
        if address.count == 4 ? address[0] == 127 : address == Array(repeating: 0, count: 15) + [1] { return true }
        if address.allSatisfy({ $0 == 0 }) { return true }
        return interfaceAddresses().contains(address)
    }

    /// The bytes of a numeric IPv4 or IPv6 address (an IPv4-mapped IPv6 one as IPv4); nil for a name.
    private static func address(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        return bytes.prefix(12) == Array(repeating: 0, count: 10) + [0xFF, 0xFF] ? Array(bytes.suffix(4)) : bytes
    }

    /// The addresses of this machine's interfaces, as `address(_:)` gives them.
    private static func interfaceAddresses() -> [[UInt8]] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [[UInt8]] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let socket = entry.pointee.ifa_addr else { continue }
            switch Int32(socket.pointee.sa_family) {
            case AF_INET:
                addresses.append(socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) } })
            case AF_INET6:
                addresses.append(socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) } })
            default:
                continue
            }
        }
        return addresses
    }
}
