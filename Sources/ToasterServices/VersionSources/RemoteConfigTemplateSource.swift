import Foundation
import ToasterCore
import ToasterFiles
import ToasterPercentile

/// `--source remote-config --template FILE`: a Remote Config template evaluated for the
/// simulated device, as the Remote Config backend would answer its fetch, offline. The file
/// is read again at every check, so an edited template shows at the next one.
public struct RemoteConfigTemplateSource: VersionSource {
    public let path: String
    public let keys: RemoteConfigKeys
    /// The device without its clock: `now` comes from `clock` at every check.
    public let device: RemoteConfigDevice
    public let clock: any WallClock

    public init(path: String, keys: RemoteConfigKeys, device: RemoteConfigDevice, clock: any WallClock) {
        (self.path, self.keys, self.device, self.clock) = (path, keys, device, clock)
    }

    public var name: String { "remote-config" }

    public func fetchAnswer() throws(SourceError) -> SourceAnswer {
        let data: Data
        do { data = try BoundedFile.read(path, limit: SourceLocation.maximumBytes) } catch {
            throw SourceError(.misconfigured, "--template: \(error)")
        }
        let what = "Remote Config template \(path)"
        let tree: JSONTree
        do { tree = try StrictJSON.parse(data) } catch { throw SourceError(.unusableAnswer, "\(what) is unusable: \(error)") }
        var evaluated = device
        evaluated.now = clock.now
        let template: RemoteConfigTemplate
        let report: RemoteConfigReport
        do {
            template = try RemoteConfigTemplate(reading: tree, versionKeys: keys)
            // An installation alone is placed where Firebase's hash places it, seed by seed.
            if evaluated.microPercentile == nil, let installation = evaluated.installationID {
                evaluated.seedPercentiles = InstallationPercentile.bySeed(template.percentSeeds, installationID: installation)
            }
            report = try template.evaluate(keys: keys, device: evaluated, zones: SystemTimeZones())
        } catch {
            throw SourceError(.unusableAnswer, "\(what) is unusable: \(error)")
        }
        // The first group's values; where groups differ, the decision takes the most severe's.
        var answer = SourceAnswer(notices: Self.notices(report) + Self.placement(evaluated, seeds: template.percentSeeds)).given(report.chosen, keys: keys)
        answer.remoteConfig = report
        answer.origin = .updateService
        return answer
    }

    /// Where `--installation-id` placed the device, said once: a percentile no one typed.
    private static func placement(_ device: RemoteConfigDevice, seeds: [String]) -> [String] {
        guard device.microPercentile == nil, let installation = device.installationID, !seeds.isEmpty else { return [] }
        let places = seeds.map { seed in
            (seed.isEmpty ? "percent" : "percent(\(quoted(seed)))") + " at \(JSONValue.decimalText(micro: device.seedPercentiles[seed] ?? 0))"
        }
        return ["the installation \(quoted(installation)) is placed by Firebase's hash: " + places.joined(separator: ", ")
                + "; --percentile N pins it elsewhere"]
    }

    /// Keys the template lacks or leaves to the app, rules that read what was not given, and a
    /// percentile that decides without being pinned: nothing of it silent.
    static func notices(_ report: RemoteConfigReport) -> [String] {
        let choices = report.chosen.choices
        var notices: [String] = []
        let absent = choices.filter { !$0.inTemplate }.map(\.key)
        if !absent.isEmpty {
            let held = choices.filter(\.inTemplate).map(\.key)
            notices.append("Remote Config template: no " + absent.map { quoted($0) }.joined(separator: ", no ")
                           + "; it gives " + (held.isEmpty ? "none of the keys read" : held.map(quoted).joined(separator: ", ")))
        }
        for choice in choices where choice.inTemplate && choice.value == nil {
            notices.append("Remote Config template leaves \(quoted(choice.key)) to the app's in-app default ("
                           + (choice.condition.map { "condition \(quoted($0))" } ?? "its default value") + "): the fetch does not carry it")
        }
        if !report.undefined.isEmpty {
            notices.append("Remote Config template: rules on " + report.undefined.joined(separator: ", ")
                           + " were false, as Firebase reads a rule on a value the device does not have")
        }
        if report.dependsOnPercentile {
            let shares = report.outcomes.map { "\(JSONValue.decimalText(micro: RemoteConfigReport.micro($0.share)))%" }
            notices.append("the answer depends on the device's percentile (percent conditions, rollouts): \(shares.count) groups of devices ("
                           + shares.joined(separator: ", ") + "); the decision is the most severe group's; --percentile N pins one device")
        }
        return notices
    }

    private static func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }
}
