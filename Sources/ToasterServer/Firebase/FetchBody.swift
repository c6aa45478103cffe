import CZlib
import ToasterCore

/// A Firebase request body as it arrives: standard JSON (the REST API's camelCase, toastercli's
/// snake_case), or what the iOS SDK sends its fetch as (`RCNConfigSettings.m`,
/// `-nextRequestWithUserProperties:`, gzipped by `RCNConfigFetch.m`): keys without quotes and
/// values in single quotes, `{key:'1.9.0', …}`, with user properties as standard JSON inside.
/// Google reads both; so does this, the one reader of that syntax.
enum FetchBody {
    /// gzip's first two bytes (RFC 1952), which no JSON text begins with.
    static let gzipMagic: [UInt8] = [0x1F, 0x8B]

    /// The body as a JSON tree, inflated first when its bytes are gzip's. The bytes decide, not
    /// `Content-Encoding`: the iOS SDK gzips and says so, the web SDK says gzip over plain
    /// JSON (`rest_client.ts`, `realtime_handler.ts`), and Google reads both.
    static func tree(_ bytes: [UInt8], limit: Int) throws(TemplateFetch.Refusal) -> JSONTree {
        var text = bytes
        if bytes.starts(with: gzipMagic) {
            guard let inflated = inflate(bytes, limit: limit) else {
                throw TemplateFetch.Refusal(message: "the body is not whole gzip, or is larger than \(limit) bytes once inflated")
            }
            text = inflated
        }
        if text.isEmpty { return .object([]) }
        do { return try JSONTree.parse(standardJSON(text)) } catch {
            throw TemplateFetch.Refusal(message: "the body is not JSON: \(error)")
        }
    }

    /// The SDK's syntax rewritten as standard JSON in one pass, each byte read at most twice (a
    /// word's trailing spaces are looked past to see whether a colon makes it a key): a bare
    /// key is quoted, a single-quoted value becomes a JSON string (the SDK escapes nothing
    /// inside, so the next single quote ends it), and standard JSON passes through unchanged.
    static func standardJSON(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                let start = offset
                offset += 1
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
                    offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
                }
                offset = min(offset + 1, bytes.count)
                output += bytes[start..<offset]
            case UInt8(ascii: "'"):
                offset += 1
                output.append(UInt8(ascii: "\""))
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "'") {
                    let inside = bytes[offset]
                    switch inside {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), inside]
                    case 0..<0x20: output += Array("\\u00".utf8) + [hex(inside >> 4), hex(inside & 0xF)]
                    default: output.append(inside)
                    }
                    offset += 1
                }
                // An unclosed value stays unclosed, and the JSON reader says so.
                if offset < bytes.count {
                    output.append(UInt8(ascii: "\""))
                    offset += 1
                }
            case _ where isWord(byte):
                let start = offset
                while offset < bytes.count, isWord(bytes[offset]) { offset += 1 }
                var next = offset
                while next < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[next]) {
                    next += 1
                }
                let isKey = next < bytes.count && bytes[next] == UInt8(ascii: ":")
                if isKey { output.append(UInt8(ascii: "\"")) }
                output += bytes[start..<offset]
                if isKey { output.append(UInt8(ascii: "\"")) }
            default:
                output.append(byte)
                offset += 1
            }
        }
        return output
    }

    private static func isWord(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || [UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte)
    }

    private static func hex(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// A gzip stream inflated by zlib; nil when it is not one, or is longer than `limit`.
    static func inflate(_ compressed: [UInt8], limit: Int) -> [UInt8]? {
        guard !compressed.isEmpty else { return nil }
        var stream = z_stream()
        // 15 + 16: the largest window, and a gzip header and trailer rather than zlib's.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = compressed
        // One byte more than allowed: a body that fills it is too large.
        var output = [UInt8](repeating: 0, count: limit + 1)
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        let length = Int(stream.total_out)
        guard status == Z_STREAM_END, length <= limit else { return nil }
        return Array(output[..<length])
    }
}
