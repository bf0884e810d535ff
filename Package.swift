// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ModalEvents",
    // Observation's floor: the store locks with `os` there, not Synchronization (Store/Internal/Lock.swift).
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "ModalEvents", targets: ["ModalEvents"]),
        .library(name: "ModalProjection", targets: ["ModalProjection"]),
        .library(name: "ModalTesting", targets: ["ModalTesting"]),
        .executable(name: "modal-log", targets: ["modal-log"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "ModalEvents"),
        .target(name: "ModalProjection", dependencies: ["ModalEvents"]),
        // The property-testing harness: app developers test their own modal flows with it.
        .target(name: "ModalTesting", dependencies: ["ModalEvents", "ModalProjection"]),
        // The HTML page's sources are compiled in: the tool stays one file to copy.
        .executableTarget(
            name: "modal-log", dependencies: ["ModalEvents", "ModalProjection", "ModalTesting"],
            resources: [
                .embedInCode("Page/page.html"), .embedInCode("Page/page.css"), .embedInCode("Page/picture.js"),
                .embedInCode("Page/inspector.js"), .embedInCode("Page/chart.js"), .embedInCode("Page/page.js"),
                .embedInCode("Page/live.js"),
            ]),
        // Realistic logs made from a seed, and Foundation's reading of them: what the
        // benchmark measures against and the tests check against. Not a product.
        .target(name: "ModalWorkloads", dependencies: ["ModalEvents", "ModalTesting"]),
        // An app's launches on a log file, for Docs/Store.md's "Relaunch": `swift run modal-demo LOG [--crash]`.
        .executableTarget(name: "modal-demo", dependencies: ["ModalEvents", "ModalProjection"]),
        // Figures for Docs/Performance.md: `swift run -c release modal-bench`.
        .executableTarget(
            name: "modal-bench", dependencies: ["ModalEvents", "ModalProjection", "ModalTesting", "ModalWorkloads"]),
        // Where the tests find the package's logs, and the fuzz targets' checks; not a product.
        .target(name: "TestSupport", dependencies: ["ModalEvents", "ModalProjection"], path: "Tests/TestSupport"),
        .testTarget(name: "ModalEventsTests", dependencies: ["ModalEvents", "TestSupport"]),
        .testTarget(name: "ModalProjectionTests", dependencies: ["ModalEvents", "ModalProjection", "TestSupport"]),
        .testTarget(
            name: "ModalTestingTests",
            dependencies: [
                "ModalTesting", "ModalEvents", "ModalProjection", "modal-log", "ModalWorkloads", "TestSupport",
            ]),
        // The sample logs as tests, as `modal-log export LOG --format swift-test` writes them
        // (Scripts/export-sample-tests): they need the libraries an app's tests have, nothing else.
        .testTarget(name: "ExportedLogTests", dependencies: ["ModalEvents", "ModalProjection", "ModalTesting"]),
        // The Swift examples of the README, Docs/Store.md and Docs/Integration.md, as written there.
        .testTarget(
            name: "ExampleTests", dependencies: ["ModalEvents", "ModalProjection", "ModalTesting", "TestSupport"]),
        .testTarget(
            name: "ModalLogTests",
            dependencies: [
                "modal-log", "modal-demo", "ModalEvents", "ModalProjection", "ModalTesting", "ModalWorkloads",
                "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            // SE-0335: spell out `any` for existential types.
            .enableUpcomingFeature("ExistentialAny"),
            // SE-0409: imports are internal unless marked `public`.
            .enableUpcomingFeature("InternalImportsByDefault"),
            // SE-0444: members of an imported module are visible only where it is imported.
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
