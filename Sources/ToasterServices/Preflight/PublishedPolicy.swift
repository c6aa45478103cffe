import FoundationEssentials
import ToasterCore
import ToasterFiles
import ToasterPolicy

/// The policy about to be published, read from where a team keeps it: a Remote Config answer,
/// a CMS force-update object, or a toaster-server policy file. Each becomes one `PolicyLayer`.
public enum PublishedPolicy {
    /// `FILE` or `URL`: a bare path is a file.
    public static func location(_ text: String, trust: CertificateTrust) throws(SourceError) -> SourceLocation {
        text.contains("://") ? try SourceLocation(parsing: text, trust: trust) : .file(path: text)
    }

    public static func remoteConfig(_ text: String, appID: String, timeout: Duration, trust: CertificateTrust) throws(SourceError) -> PolicyLayer {
        let source = RemoteConfigSource(location: try location(text, trust: trust), keys: .default, appID: appID, timeout: timeout)
        return PolicyLayer(name: "Remote Config \(text)", answer: try source.fetchAnswer())
    }

    public static func cms(_ text: String, apiKey: String?, timeout: Duration, trust: CertificateTrust) throws(SourceError) -> PolicyLayer {
        let source = CMSSource(location: try location(text, trust: trust), apiKey: apiKey, timeout: timeout)
        return PolicyLayer(name: "CMS \(text)", answer: try source.fetchAnswer())
    }

    /// The app's entries in a toaster-server policy file, validated as the server validates it:
    /// its `minRequiredVersion` (as Remote Config serves it) and its `forced` object (as the CMS
    /// serves it).
    public static func serverPolicy(_ path: String, appID: String?, bundleID: String?) throws(SourceError) -> [PolicyLayer] {
        let data: Data, policy: ServicePolicy
        do { data = try BoundedFile.read(path, limit: ServicePolicy.maximumBytes) } catch {
            throw SourceError(.misconfigured, "--policy \(path): \(error.description)")
        }
        do { policy = try ServicePolicy.validated(from: data) } catch { throw SourceError(.misconfigured, "--policy \(path): \(error.description)") }
        guard let app = policy.apps.first(where: { app in
            appID.map { String(app.trackId) == $0 } ?? false || bundleID.map { app.bundleId == $0 } ?? false
        }) else {
            throw SourceError(.misconfigured, "--policy \(path) has no app with \(appID.map { "trackId \($0)" } ?? "bundleId \(bundleID ?? "")")")
        }
        var layers: [PolicyLayer] = []
        if let minimum = app.minRequiredVersion {
            layers.append(PolicyLayer(name: "policy \(path) minRequiredVersion",
                                      answer: SourceAnswer(minimumRequiredVersion: minimum)))
        }
        if let forced = app.forced {
            layers.append(PolicyLayer(name: "policy \(path) forced", answer: forced.sourceAnswer))
        }
        return layers
    }
}
