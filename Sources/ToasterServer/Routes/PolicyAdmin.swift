import FoundationEssentials
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ToasterCore
import ToasterPolicy

/// The admin answers about the policy itself, after the token is checked: the stored document
/// with its ETag, a replacement that honours `If-Match`, and the metrics.
enum PolicyAdmin {
    /// `GET /admin/policy`: the document as stored, with the ETag a `PUT` sends back as
    /// `If-Match`.
    static func current(_ request: Request, store: PolicyStore) -> Response {
        let served = store.served
        let answer = EncodedAnswer(document: served.document, eTag: served.eTag)
        return ToasterRoutes.answer(request, .ok, answer)
    }

    /// `PUT /admin/policy`: the body validated, stored (only over the policy `If-Match` names,
    /// when given) and served; logged and counted whatever the outcome.
    static func replace(_ request: Request, logger: Logger, store: PolicyStore, metrics: ServerMetrics) async -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: ServicePolicy.maximumBytes)
        } catch is NIOTooManyBytesError {
            metrics.puts("too_large").increment()
            logger.warning("PUT /admin/policy refused: larger than \(ServicePolicy.maximumBytes) bytes")
            return ToasterRoutes.answer(request, .contentTooLarge,
                                        ServiceAnswers.Message(message: "the policy is larger than \(ServicePolicy.maximumBytes) bytes"))
        } catch {
            // The client went away, or a shutdown closed the connection, before the body ended.
            metrics.puts("incomplete").increment()
            logger.warning("PUT /admin/policy refused: the body ended early (\(error))")
            return ToasterRoutes.answer(request, .badRequest, ServiceAnswers.Message(message: "the policy's body ended early"))
        }
        let expected = request.headers[.ifMatch].flatMap(Self.eTags)
        // QA demos a dead end on purpose; anything but exactly `true` keeps the gate.
        let allowDeadEnds = request.uri.queryParameters.get(allowDeadEndsItem) == "true"
        do throws(StoreError) {
            let (served, deadEnds) = try await store.replace(with: Data(body.readableBytesView), ifMatch: expected, allowingDeadEnds: allowDeadEnds)
            metrics.puts("ok").increment()
            logger.info("PUT /admin/policy: policy replaced", metadata: ["etag": "\(served.opaqueETag)", "bytes": "\(body.readableBytes)"])
            if !deadEnds.isEmpty {
                logger.warning("PUT /admin/policy: serving dead ends, as ?\(allowDeadEndsItem)=true asked: \(deadEnds.joined(separator: "; "))")
            }
            var response = ToasterRoutes.answer(request, .ok, ServiceAnswers.Message(message: "policy replaced"))
            response.headers[.eTag] = served.eTag
            return response
        } catch {
            let (status, result): (HTTPResponse.Status, String) = switch error {
            case .refused(let refusal): refusal.kind == .deadEnd ? (.conflict, "dead_end") : (.badRequest, "invalid")
            case .stale: (.preconditionFailed, "stale")
            case .unwritable: (.internalServerError, "unwritable")
            case .unavailable: (.serviceUnavailable, "unavailable")
            }
            metrics.puts(result).increment()
            logger.warning("PUT /admin/policy refused (\(status.code)): \(error)")
            // Where the server keeps the policy is the operator's business: a storage failure's
            // details (a path, a database error) go to the log, not to the client.
            if case .refused(let refusal) = error, refusal.kind == .deadEnd {
                return ToasterRoutes.answer(request, status, ServiceAnswers.DeadEnds(
                    message: refusal.description + "; nothing changed (PUT with ?\(allowDeadEndsItem)=true serves it anyway, to demonstrate a dead end)",
                    findings: refusal.findings))
            }
            let message = switch error {
            case .refused, .stale: error.description
            case .unwritable: "the policy is valid but could not be stored; the server's log says why"
            case .unavailable: "the policy store is unavailable; the server's log says why"
            }
            return ToasterRoutes.answer(request, status, ServiceAnswers.Message(message: message))
        }
    }

    /// The query item that lets a `PUT` serve a policy with dead ends.
    static let allowDeadEndsItem = "allowDeadEnds"

    /// `GET /metrics`, in Prometheus' text format.
    static func metrics(_ metrics: ServerMetrics, serving store: PolicyStore, openStreams: Int) -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: metrics.exposition(serving: store.served, openStreams: openStreams)))
    }

    /// The strong ETags of an `If-Match` list; nil for `*`, which any stored policy matches.
    static func eTags(_ header: String) -> [String]? {
        let tags = header.split(separator: ",").map { String($0.trimmingWhitespace()) }
        return tags.contains("*") ? nil : tags
    }
}
