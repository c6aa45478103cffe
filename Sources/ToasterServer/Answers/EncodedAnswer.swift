import FoundationEssentials
import HTTPTypes
import Hummingbird
import ToasterWire

/// An answer's bytes, ETag and headers, made once when a policy is loaded rather than per request.
struct EncodedAnswer: Sendable {
    let body: ByteBuffer
    let eTag: String
    /// `ETag`, `Cache-Control: no-cache` (clients may keep the answer but must revalidate) and
    /// `Content-Type`.
    let headers: HTTPFields

    init(_ value: some Encodable, contentType: String = "application/json; charset=utf-8") {
        // As the wire writes it: the same policy gives the same bytes, so that ETags match.
        let bytes = (try? WireJSON.encode(value)) ?? Data("{}".utf8)
        body = ByteBuffer(bytes: bytes)
        eTag = ETag.of(bytes)
        headers = [.eTag: eTag, .cacheControl: "no-cache", .contentType: contentType]
    }

    /// A JSON document as it was stored (the policy), with its ETag.
    init(document: Data, eTag: String) {
        body = ByteBuffer(bytes: document)
        self.eTag = eTag
        headers = [.eTag: eTag, .cacheControl: "no-cache", .contentType: "application/json; charset=utf-8"]
    }
}
