/// The template (the REST API's `RemoteConfig` resource, the console's downloaded config file):
/// its keys, in one home. ToasterCore's one reader of templates, toaster-server's history and
/// the sources read a template through these, so that no other module spells them.
extension RemoteConfigAPI {
    public enum Template {
        /// The top-level keys, as the REST API writes the resource and the console exports it
        /// (the Admin SDKs' `toJSON` adds `etag`).
        public enum Key: String, CaseIterable, Sendable {
            case conditions, parameters, parameterGroups, version, etag
        }

        /// A condition's keys (`tagColor` is only for the console).
        public enum ConditionKey: String, CaseIterable, Sendable {
            case name, expression, tagColor
        }

        /// A parameter's keys.
        public enum ParameterKey: String, CaseIterable, Sendable {
            case defaultValue, conditionalValues, description, valueType
        }

        /// A value's keys: a value, the app's in-app default, a rollout's value or a
        /// personalization's.
        public enum ValueKey: String, CaseIterable, Sendable {
            case value, useInAppDefault, rolloutValue, personalizationValue
        }

        /// A `rolloutValue`'s keys.
        public enum RolloutKey: String, CaseIterable, Sendable {
            case rolloutId, value, percent
        }
    }
}
