import ArgumentParser

/// `--source cms`: what the CMS needs besides `--url`.
struct CMSOptions: ParsableArguments {
    @Option(help: "A file holding the CMS API key (else the TOASTER_CMS_API_KEY environment variable).")
    var cmsApiKeyFile: String?
}
