// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "toastercli",
    products: [
        .executable(name: "toastercli", targets: ["toastercli"]),
        .executable(name: "toaster-server", targets: ["toaster-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // App Store Connect: preflight signs its token with P256; toaster-server verifies it with jwt-kit.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
    ],
    targets: [
        // No pkgConfig: SwiftPM would warn about (and drop) the -D flags of ncursesw.pc, which
        // shim.h defines itself; Debian's libncursesw.so already pulls in libtinfo.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        // zlib: the iOS SDK gzips its Remote Config fetch body, which toaster-server reads.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CTerminalSupport"),
        .target(name: "CHTTPFetch"),
        // Each protocol both sides speak (Firebase, Google's OAuth, the lookup, App Store Connect,
        // the CMS), in one home: Codable shapes and constants, FoundationEssentials only.
        .target(name: "ToasterWire"),
        // The core reads a template, a lookup's and a CMS object's fields by Wire's spellings.
        .target(name: "ToasterCore", dependencies: ["ToasterWire"]),
        .target(name: "ToasterFiles", dependencies: ["ToasterCore"]),
        // Firebase's placement of an installation for a percent condition (SHA-256): one home
        // for toastercli's --installation-id and toaster-server's fetch.
        .target(name: "ToasterPercentile", dependencies: ["ToasterCore", .product(name: "Crypto", package: "swift-crypto")]),
        // toaster-server's policy document and its validation: pure, so preflight reads it too.
        .target(name: "ToasterPolicy", dependencies: ["ToasterCore"]),
        // The one rule for statuses and messages both executables follow (docs/03, 6).
        .target(
            name: "ToasterCommandLine",
            dependencies: ["ToasterCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(
            name: "ToasterTerminal",
            dependencies: ["ToasterCore", "CNcursesw", "CTerminalSupport"]
        ),
        .target(
            name: "ToasterServices",
            dependencies: [
                "ToasterCore", "ToasterFiles", "ToasterPolicy", "ToasterPercentile", "ToasterWire", "CHTTPFetch",
                .product(name: "CSV", package: "CSV.swift"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "ToasterServer",
            dependencies: [
                "ToasterCore", "ToasterFiles", "ToasterPolicy", "ToasterWire", "ToasterPercentile", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
        .executableTarget(
            name: "toaster-server",
            dependencies: [
                "ToasterServer", "ToasterPolicy", "ToasterCore", "ToasterFiles", "ToasterWire", "ToasterCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "toastercli",
            dependencies: [
                "ToasterCore", "ToasterTerminal", "ToasterServices", "ToasterFiles", "ToasterCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The ceiling benchmarks/service measures toaster-server against: Hummingbird with none
        // of our middleware serving the same answer; only benchmarks/service runs it.
        .executableTarget(
            name: "bare-hummingbird",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types")],
            path: "benchmarks/bare-hummingbird"
        ),
        .testTarget(name: "ToasterCoreTests", dependencies: ["ToasterCore"]),
        // One unit target per library module: each module's pure behaviour, no process.
        .testTarget(name: "ToasterFilesTests", dependencies: ["ToasterFiles"]),
        .testTarget(name: "ToasterPercentileTests", dependencies: ["ToasterPercentile"]),
        .testTarget(name: "ToasterCommandLineTests", dependencies: [
            "ToasterCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The policy's validation, read from the example policy the other targets share.
        .testTarget(name: "ToasterPolicyTests", dependencies: ["ToasterPolicy", "ToasterCore", "ToasterWire", "ToasterTestSupport"]),
        // The rules of docs/01 ("Invariants"), checked against the sources themselves.
        .testTarget(name: "ToasterArchitectureTests"),
        // Each wire shape written as the server writes it and read back as the client reads it
        // (Core's strict reader), and real answers read.
        .testTarget(name: "ToasterWireTests", dependencies: ["ToasterWire", "ToasterCore"]),
        // The key decoder, bytes in and keys out: no terminal needed.
        .testTarget(name: "ToasterTerminalTests", dependencies: ["ToasterTerminal", "ToasterCore"]),
        // What the test targets share: fake time, fixtures, the example server in process, the
        // tmux terminal and the helpers that start, wait for and talk to processes. A regular
        // target, since a test target cannot be imported; only the test targets depend on it.
        .target(
            name: "ToasterTestSupport",
            dependencies: [
                "ToasterCore", "ToasterServices", "ToasterServer",
                // Service-account keys made in the test.
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/ToasterTestSupport"
        ),
        .testTarget(
            name: "ToasterServicesTests",
            dependencies: [
                "ToasterServices", "ToasterServer", "ToasterPolicy", "ToasterFiles", "ToasterPercentile", "ToasterTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "ToasterServerTests",
            dependencies: [
                "ToasterServer", "ToasterPolicy", "ToasterWire", "ToasterPercentile", "ToasterTestSupport",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The real binaries as processes, no terminal: their output, statuses and files, and
        // toaster-server in front of traffic. Depends on the executables so that `swift test`
        // builds the binaries it runs.
        .testTarget(name: "ToasterProcessTests", dependencies: ["toastercli", "toaster-server", "ToasterTestSupport"]),
        // The real binary in a real pseudo-terminal (tmux). Depends on the executables for the same reason.
        .testTarget(name: "ToasterPTYTests", dependencies: ["toastercli", "toaster-server", "ToasterCore", "ToasterTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
