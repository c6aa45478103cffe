import Foundation

/// A realistic force-update template, as a team writes one in the console: a minimum of 1.5.0,
/// 2.0.0 for old versions in jp and kr; the latest version 2.0.0, 2.1.0 for a 10 % rollout on
/// iOS; the forced alert's title and message, in German where the device speaks it.
package enum TemplateFixtures {
    package static let realistic = #"""
        {"conditions": [
           {"name": "jp_kr_old", "expression": "device.country in ['jp', 'kr'] && app.version.<(['2.0.0'])", "tagColor": "ORANGE"},
           {"name": "ios", "expression": "device.os == 'ios'", "tagColor": "INDIGO"},
           {"name": "german", "expression": "device.language in ['de']", "tagColor": "GREEN"}],
         "parameters": {
           "min_required_version": {"defaultValue": {"value": "1.5.0"}, "conditionalValues": {"jp_kr_old": {"value": "2.0.0"}}},
           "latest_version": {"defaultValue": {"value": "2.0.0"},
                              "conditionalValues": {"ios": {"rolloutValue": {"rolloutId": "rollout_7", "value": "2.1.0", "percent": 10}}}},
           "force_update_title": {"defaultValue": {"value": "Update required"}},
           "force_update_message": {"defaultValue": {"value": "This version of Toaster is no longer supported. Please update to keep saving links."},
                                    "conditionalValues": {"german": {"value": "Bitte aktualisieren Sie Toaster."}}}},
         "version": {"versionNumber": "12"}}
        """#

    /// `realistic` in a file of its own.
    package static func file(_ text: String = realistic) throws -> String {
        try PreflightFixtures.file(text, "template.json")
    }
}
