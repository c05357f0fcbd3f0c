// swift-tools-version:6.0
import PackageDescription

// The release build adds `-static-stdlib`, the SONAME and the export list on the command line
// (see the Makefile): putting them in linkerSettings would break `swift test`.
let package = Package(
    name: "MessageComposer",
    products: [
        .library(name: "message_composer", type: .dynamic, targets: ["ComposerCAPI"]),
    ],
    targets: [
        .target(name: "ComposerCore"),
        .target(name: "ComposerCAPI", dependencies: ["ComposerCore"]),
        .executableTarget(name: "generate-header", dependencies: ["ComposerCAPI"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "ComposerCoreTests", dependencies: ["ComposerCore"]),
    ]
)
