// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WidgetRender",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "WidgetRender", targets: ["WidgetRender"]),
        .library(name: "WidgetCore", targets: ["WidgetCore"]),
        .library(name: "WidgetSnapshotTesting", targets: ["WidgetSnapshotTesting"]),
        .executable(name: "widgetrender", targets: ["widgetrender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // System libraries, found through pkg-config; `providers` tells SwiftPM what to suggest.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // libpng reports errors with longjmp, which Swift cannot catch: a thin C layer does.
        .target(name: "PNGCodec", dependencies: ["CPNG"]),
        // --- png-writer: the PNG writer built for widget images (ISA-L's igzip and CRC-32). ---
        // Also adds "ISALPNG" to WidgetRendering's dependencies below.
        .systemLibrary(
            name: "CISAL",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"])]
        ),
        // Premultiplied ARGB32 → PNG scanlines (AVX2 when the CPU has it, scalar otherwise), deflated
        // by igzip level 1, chunks written directly.
        .target(name: "ISALPNG", dependencies: ["CISAL"]),
        // --- end png-writer ---

        .target(name: "WidgetCore"),
        .target(name: "WidgetLayout", dependencies: ["WidgetCore"]),
        .target(name: "WidgetData", exclude: ["DATA-RULES.md"]),
        .target(name: "WidgetRendering", dependencies: ["WidgetLayout", "CCairo", "PNGCodec", "ISALPNG"]),
        .target(
            name: "WidgetAssets",
            path: "Assets",
            exclude: ["README.md"],
            sources: ["WidgetAssets.swift"],
            resources: [.copy("samples"), .copy("fonts"), .copy("reference")]
        ),
        .target(name: "Widgets", dependencies: ["WidgetCore", "WidgetData", "WidgetAssets"]),
        .target(
            name: "WidgetRender",
            dependencies: ["Widgets", "WidgetRendering", "WidgetLayout", "WidgetData", "WidgetCore", "WidgetAssets"]
        ),
        // Snapshot assertions for users' test targets (and ours): widget → PNG → reference.
        .target(
            name: "WidgetSnapshotTesting",
            dependencies: ["WidgetRender", "WidgetRendering", "WidgetLayout", "WidgetCore"]
        ),
        .executableTarget(
            name: "widgetrender",
            dependencies: [
                "WidgetRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "WidgetCoreTests", dependencies: ["WidgetCore"]),
        .testTarget(name: "WidgetLayoutTests", dependencies: ["WidgetLayout", "WidgetAssets"]),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "WidgetCore", "WidgetData"]),
        .testTarget(name: "WidgetDataTests", dependencies: ["WidgetData", "WidgetAssets"], exclude: ["Fixtures"]),
        .testTarget(
            name: "WidgetRenderTests",
            dependencies: ["WidgetRender", "WidgetRendering", "Widgets", "WidgetSnapshotTesting"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "WidgetSnapshotTestingTests",
            dependencies: ["WidgetSnapshotTesting", "WidgetRendering", "WidgetCore"]
        ),
        .testTarget(name: "widgetrenderTests", dependencies: ["WidgetRender", "WidgetRendering"]),
    ]
)
