import FoundationEssentials
import Hummingbird
import Logging
import ToasterCore
import ToasterWire

/// The admin answers that rehearse real time's failures (docs/06), after the token is checked:
/// a network drop of every open stream, and the next stream requests failed with a status or
/// told to reopen later.
enum RealtimeAdmin {
    /// The most stream requests one fault may cover.
    static let maximumCount = 10_000
    /// The longest `retryIntervalSeconds` asked for: a day.
    static let maximumInterval = 86_400

    /// `POST /admin/realtime/drop`: every open stream's connection closed now, its answer left
    /// unended, as a network drop leaves it.
    static func drop(_ request: Request, streams: RealtimeStreams, logger: Logger) -> Response {
        let dropped = streams.dropAll()
        logger.notice("POST /admin/realtime/drop: \(dropped) real-time streams dropped")
        return ToasterRoutes.answer(request, .ok, ServiceAnswers.Message(message: "dropped \(dropped) real-time stream\(dropped == 1 ? "" : "s")"))
    }

    /// `POST /admin/realtime/fail` with `{"count": N, "status": 503}` or `{"count": N,
    /// "retryIntervalSeconds": S}`: the next N stream requests (those that would open a stream)
    /// are answered with that status, or 200 with that message and the end; `{"count": 0}`
    /// takes back what is left of the last one.
    static func fail(_ request: Request, streams: RealtimeStreams, logger: Logger) async -> Response {
        let interval = RemoteConfigRealtimeAPI.Message.CodingKeys.retryIntervalSeconds.rawValue
        var request = request
        let fault: RealtimeStreams.Fault?, count: Int
        do throws(Refusal) {
            guard let buffer = try? await request.collectBody(upTo: 4096), let tree = try? StrictJSON.parse(Data(buffer.readableBytesView)),
                  case .object(let members) = tree else {
                throw Refusal("the body must be a JSON object such as {\"count\": 3, \"status\": 503} or {\"count\": 3, \"\(interval)\": 5}")
            }
            if let unknown = members.map(\.0).first(where: { !["count", "status", interval].contains($0) }) {
                throw Refusal("\(JSONValue.string(unknown).serialized()) is not a member of a fault: count, and status or \(interval)")
            }
            count = try number(tree, "count", within: 0...maximumCount)
            switch (tree["status"], tree[interval]) {
            case (nil, nil) where count == 0:
                fault = nil
            case (_?, nil):
                let code = try number(tree, "status", within: 400...599)
                let statuses = GoogleAPI.Status.allCases.map(\.httpStatus).sorted()
                guard let status = GoogleAPI.Status.allCases.first(where: { $0.httpStatus == code }) else {
                    throw Refusal("status \(code) is not one a fault answers: \(statuses.map(String.init).joined(separator: ", "))")
                }
                fault = .status(status)
            case (nil, _?):
                fault = .retryInterval(seconds: try number(tree, interval, within: 1...maximumInterval))
            default:
                throw Refusal("give status or \(interval), one of them")
            }
        } catch {
            logger.warning("POST /admin/realtime/fail refused: \(error.message)")
            return ToasterRoutes.answer(request, .badRequest, ServiceAnswers.Message(message: error.message))
        }
        let said = switch fault {
        case .status(let status)?: "the next \(count) stream request\(count == 1 ? " is" : "s are") answered \(status.httpStatus)"
        case .retryInterval(let seconds)?: "the next \(count) stream request\(count == 1 ? " is" : "s are") told to reopen after \(seconds) s"
        case nil: "no stream request is failed"
        }
        streams.fail(fault ?? .status(.unavailable), count: fault == nil ? 0 : count)
        logger.notice("POST /admin/realtime/fail: \(said)")
        return ToasterRoutes.answer(request, .ok, ServiceAnswers.Message(message: said))
    }

    private struct Refusal: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    private static func number(_ tree: JSONTree, _ member: String, within range: ClosedRange<Int>) throws(Refusal) -> Int {
        guard case .number(let text)? = tree[member], let value = Int(text), range.contains(value) else {
            throw Refusal("\(member) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
