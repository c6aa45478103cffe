import Foundation
import Testing
import ToasterCore
@testable import ToasterPolicy
import ToasterTestSupport
import ToasterWire

/// What the policy refuses in a Remote Config template before any device is served it: a
/// document that is no template, and a value the app reads as a version that is none; and the
/// place's key, app and parameter names.
@Suite struct TemplatePolicyTests {
    private static func validated(_ policy: String) -> String? {
        do {
            _ = try ServicePolicy.validated(from: Data(policy.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    /// The example policy with `template` inline and `place` added to its `remoteConfig`.
    private static func policy(template: String, place: String = "") throws -> String {
        try Examples.policy(template: template).replacingOccurrences(of: #""namespace": "firebase", "#, with: #""namespace": "firebase", "# + place)
    }

    @Test(arguments: [
        (#"{"foo": "bar"}"#, #"apps[0].remoteConfig.template.foo: "foo" is not a Remote Config template key (known: conditions, parameters, parameterGroups, version, etag)"#),
        (#"{"paramters": {}}"#, #"apps[0].remoteConfig.template.paramters: "paramters" is not a Remote Config template key; did you mean `parameters`?"#),
        (#"{"version": {"versionNumber": "3"}}"#, "apps[0].remoteConfig.template: not a Remote Config template: it has no parameters, parameterGroups or conditions"),
        ("{}", "apps[0].remoteConfig.template: not a Remote Config template"),
        (#"{"paramterGroups": {}}"#, #"apps[0].remoteConfig.template.paramterGroups: "paramterGroups" is not a Remote Config template key; did you mean `parameterGroups`?"#),
        (#"{"apps": []}"#, #"apps[0].remoteConfig.template: not a Remote Config template: it is a toaster-server policy (it has "apps")"#),
        (#"{"entries": {"min_required_version": "1.0.0"}, "state": "UPDATE"}"#,
         #"apps[0].remoteConfig.template: not a Remote Config template: it is a fetch answer (it has "entries" and "state")"#),
    ])
    func aDocumentThatIsNoTemplateIsRefusedWithItsPath(template: String, problem: String) throws {
        let refused = try #require(Self.validated(try Examples.policy(template: template)))
        #expect(refused.hasPrefix(problem), "\(refused)")
    }

    /// The README's local Firebase serves the example policy with the example export inline:
    /// the same policy, so that the two files never tell different stories.
    @Test func theFirebaseExampleIsTheExamplePolicyWithTheExampleExport() throws {
        let file = try ServicePolicy.validated(from: Data(contentsOf: Examples.firebasePolicy))
        #expect(file == (try ServicePolicy.validated(from: Data(try Examples.policy().utf8))))
    }

    @Test func aTemplateOfConditionsOnlyOrGroupsOnlyIsOne() throws {
        #expect(Self.validated(try Examples.policy(template: #"{"conditions": [{"name": "ios", "expression": "device.os == 'ios'"}]}"#)) == nil)
        #expect(Self.validated(try Examples.policy(template: #"{"parameterGroups": {"g": {"parameters": {"p": {"defaultValue": {"value": "x"}}}}}, "etag": "etag-7"}"#)) == nil)
    }

    @Test(arguments: [
        (#""min_required_version": {"defaultValue": {"value": "two.zero"}}"#,
         #"apps[0].remoteConfig.template.parameters.min_required_version.defaultValue.value: invalid version "two.zero": "two" is not a whole number; the app reads min_required_version as its minimum version (--rc-min-key; remoteConfig.minKey in a toaster-server policy), so every device given this value (the default) would get an unusable answer"#),
        (#""latest_version": {"defaultValue": {"value": "2.0.0"}, "conditionalValues": {"ios": {"value": "2.1"}, "old": {"value": ""}}}"#,
         #"apps[0].remoteConfig.template.parameters.latest_version.conditionalValues.old.value: invalid version "": it is empty; the app reads latest_version as its latest version (--rc-latest-key; remoteConfig.latestKey in a toaster-server policy), so every device given this value (condition "old") would get an unusable answer"#),
    ])
    func aVersionKeysValueThatIsNoVersionIsRefused(parameter: String, problem: String) throws {
        let template = #"{"conditions": [{"name": "ios", "expression": "device.os == 'ios'"}, {"name": "old", "expression": "app.version.<(['2.0'])"}], "#
            + #""parameters": {"# + parameter + "}}"
        let refused = try #require(Self.validated(try Examples.policy(template: template)))
        #expect(refused.hasPrefix(problem), "\(refused)")
    }

    @Test func theExampleExportsVersionsAreVersionsAndOtherKeysAreNotRead() throws {
        #expect(Self.validated(try Examples.policy()) == nil)
        // Only the keys the app reads as versions are held to it.
        let template = #"{"parameters": {"welcome": {"defaultValue": {"value": "two.zero"}}, "force_update_store_url": {"defaultValue": {"value": "x"}}}}"#
        #expect(Self.validated(try Examples.policy(template: template)) == nil)
    }

    @Test func theKeysArereadWhereThePlaceNamesThem() throws {
        let template = #"{"parameters": {"minimum_version": {"defaultValue": {"value": "latest"}}, "min_required_version": {"defaultValue": {"value": "x"}}}}"#
        let refused = try #require(Self.validated(try Self.policy(template: template, place: #""minKey": "minimum_version", "#)))
        #expect(refused.hasPrefix("apps[0].remoteConfig.template.parameters.minimum_version.defaultValue.value: invalid version \"latest\""), "\(refused)")
        #expect(refused.contains("(--rc-min-key; remoteConfig.minKey in a toaster-server policy)"))
        let clash = try #require(Self.validated(try Self.policy(template: #"{"parameters": {}}"#, place: #""latestKey": "min_required_version", "#)))
        #expect(clash.contains("each must be a parameter of its own"), "\(clash)")
    }

    @Test func aParameterGroupsValuesAreReadToo() throws {
        let broken = try Examples.policy().replacingOccurrences(of: #""value": "2.1.0""#, with: #""value": "2.1.O""#)
        let refused = try #require(Self.validated(broken))
        #expect(refused.hasPrefix(#"apps[0].remoteConfig.template.parameterGroups.force_update.parameters.latest_version.conditionalValues.ios_rollout_2_1.value: invalid version "2.1.O""#),
                "\(refused)")
    }

    /// A rollout's value (`rolloutValue`: `rolloutId`, `value`, `percent`) is a value the app
    /// may be given: held to a version like any other, named with its condition and rollout.
    @Test func aRolloutsValueIsReadAsAValue() throws {
        let template = #"{"conditions": [{"name": "c", "expression": "device.os == 'ios'"}], "parameters": {"latest_version": {"#
            + #""defaultValue": {"value": "2.0.0"}, "conditionalValues": {"c": {"rolloutValue": {"rolloutId": "rollout_1", "value": "2.x", "percent": 10}}}}}}"#
        let refused = try #require(Self.validated(try Examples.policy(template: template)))
        #expect(refused.hasPrefix(#"apps[0].remoteConfig.template.parameters.latest_version.conditionalValues.c.rolloutValue.value: invalid version "2.x""#),
                "\(refused)")
        #expect(refused.contains(#"(condition "c", rollout "rollout_1")"#), "\(refused)")
    }

    /// A near miss of a version key the template lacks is refused with the name to use; the
    /// other keys the app reads are no near miss of each other.
    @Test func aNearMissOfAVersionKeyIsRefused() throws {
        let template = #"{"parameterGroups": {"force_update": {"parameters": {"min_required_verison": {"defaultValue": {"value": "2.0.0"}}}}}}"#
        let refused = try #require(Self.validated(try Examples.policy(template: template)))
        #expect(refused.hasPrefix(#"apps[0].remoteConfig.template.parameterGroups.force_update.parameters.min_required_verison: no parameter is named "min_required_version", which the app reads as its minimum version; did you mean "min_required_verison"?"#),
                "\(refused)")
        let neighbours = #"{"parameters": {"max_version": {"defaultValue": {"value": "3.0.0"}}}}"#
        #expect(Self.validated(try Self.policy(template: neighbours, place: #""minKey": "min_version", "latestKey": "max_version", "#)) == nil)
    }

    @Test(arguments: [
        (#""apiKey": "", "#, #"apps[0].remoteConfig.apiKey: "" is not an API key"#),
        (#""allowedBundleIds": ["com.example.toaster"], "#, "apps[0].remoteConfig.allowedBundleIds restricts the API key: give remoteConfig.apiKey too"),
        (#""apiKey": "AIzaK", "allowedBundleIds": [], "#, "apps[0].remoteConfig.allowedBundleIds is empty"),
        (#""appIds": ["1:1234567890:ios"], "#, #"apps[0].remoteConfig.appIds[0]: "1:1234567890:ios" is not a Firebase app ID"#),
        (#""appIds": [], "#, "apps[0].remoteConfig.appIds is empty"),
        (#""minKey": "", "#, "apps[0].remoteConfig.minKey is empty"),
        (#""apiKey": "AIzaK", "allowedBundleId": ["a"], "#, "apps[0].remoteConfig.allowedBundleId: \"allowedBundleId\" is not a policy key; did you mean `allowedBundleIds`?"),
    ])
    func aPlacesKeyAndAppsAreChecked(place: String, problem: String) throws {
        let refused = try #require(Self.validated(try Self.policy(template: #"{"parameters": {}}"#, place: place)))
        #expect(refused.hasPrefix(problem), "\(refused)")
    }

    @Test func aPlaceWithAKeyAndAppsIsValid() throws {
        let place = #""apiKey": "AIzaSyLocal", "allowedBundleIds": ["com.example.toaster"], "appIds": ["1:1234567890:ios:0a1b2c3d4e5f6789", "1:1234567890:web:ab12"], "#
        #expect(Self.validated(try Self.policy(template: #"{"parameters": {}}"#, place: place)) == nil)
    }
}
