// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "toastercli",
    products: [
        .executable(name: "toastercli", targets: ["toastercli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "CTerminalSupport"),
        .target(name: "ToasterCore"),
        .target(
            name: "ToasterTerminal",
            dependencies: ["ToasterCore", "CNcursesw", "CTerminalSupport"]
        ),
        .target(name: "ToasterServices", dependencies: ["ToasterCore"]),
        .executableTarget(
            name: "toastercli",
            dependencies: [
                "ToasterCore", "ToasterTerminal", "ToasterServices",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ToasterCoreTests", dependencies: ["ToasterCore"]),
        .testTarget(name: "ToasterServicesTests", dependencies: ["ToasterServices"]),
        // Depends on the executable so that `swift test` builds the binary it drives.
        .testTarget(name: "ToasterPTYTests", dependencies: ["toastercli", "ToasterCore"]),
    ],
    swiftLanguageModes: [.v6]
)
