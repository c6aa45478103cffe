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
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        // No pkgConfig: SwiftPM would warn about (and drop) the -D flags of ncursesw.pc, which
        // shim.h defines itself; Debian's libncursesw.so already pulls in libtinfo.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .target(name: "CTerminalSupport"),
        .target(name: "CHTTPFetch"),
        .target(name: "ToasterCore"),
        .target(name: "ToasterFiles", dependencies: ["ToasterCore"]),
        .target(
            name: "ToasterTerminal",
            dependencies: ["ToasterCore", "CNcursesw", "CTerminalSupport"]
        ),
        .target(
            name: "ToasterServices",
            dependencies: ["ToasterCore", "ToasterFiles", "CHTTPFetch", .product(name: "CSV", package: "CSV.swift")]
        ),
        .target(
            name: "ToasterServer",
            dependencies: [
                "ToasterCore", "ToasterFiles",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .executableTarget(
            name: "toaster-server",
            dependencies: [
                "ToasterServer", "ToasterCore", "ToasterFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "toastercli",
            dependencies: [
                "ToasterCore", "ToasterTerminal", "ToasterServices", "ToasterFiles", "CTerminalSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ToasterCoreTests", dependencies: ["ToasterCore"]),
        // The key decoder, bytes in and keys out: no terminal needed.
        .testTarget(name: "ToasterTerminalTests", dependencies: ["ToasterTerminal", "ToasterCore"]),
        .testTarget(
            name: "ToasterServicesTests",
            dependencies: [
                "ToasterServices", "ToasterServer", "ToasterFiles",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "ToasterServerTests",
            dependencies: [
                "ToasterServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Depends on the executable so that `swift test` builds the binary it drives.
        .testTarget(name: "ToasterPTYTests", dependencies: ["toastercli", "toaster-server", "ToasterCore"]),
    ],
    swiftLanguageModes: [.v6]
)
