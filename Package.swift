// swift-tools-version:6.0
import PackageDescription

// WidgetRender is a framework first and a command second, as WidgetKit is: the framework
// takes the user's `WidgetBundle`; the built-in chart widgets are one user of it.
//
// Products a user names in their Package.swift:
//   WidgetRender           the model, the view vocabulary, layout, drawing and the render pipeline
//   WidgetRenderCLI        `@main` over your bundle: render, list, gallery, timeline and bench
//   WidgetSnapshotTesting  swift-snapshot-testing strategies for widgets and views
//   WidgetRenderServer     `serve`: the widgets over HTTP, on Hummingbird (add it to your command)
//   ChartWidgets, WidgetData  the built-in price and COVID-19 widgets and their data readers
//   widgetrender           the command over the built-in widgets
//   widgetrender-server    `serve` over the built-in widgets (kept apart: widgetrender links no server)
// The libFuzzer harnesses are a package of their own, in Fuzz/ (docs/FUZZING.md).
let package = Package(
    name: "WidgetRender",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WidgetRender", targets: ["WidgetRender"]),
        .library(name: "WidgetRenderCLI", targets: ["WidgetRenderCLI"]),
        .library(name: "WidgetSnapshotTesting", targets: ["WidgetSnapshotTesting"]),
        .library(name: "ChartWidgets", targets: ["ChartWidgets"]),
        .library(name: "WidgetData", targets: ["WidgetData"]),
        .library(name: "Charts", targets: ["Charts"]),
        .library(name: "WidgetRenderServer", targets: ["WidgetRenderServer"]),
        .executable(name: "widgetrender", targets: ["WidgetRenderTool"]),
        .executable(name: "widgetrender-server", targets: ["WidgetRenderServerTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `serve` (the WidgetRenderServer product only; the framework does not depend on it).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // Property tests for WidgetData.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
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
        // libjpeg(-turbo), for JPEG photos a widget shows; a thin C layer catches its longjmp errors.
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]
        ),
        .target(name: "JPEGCodec", dependencies: ["CJPEG"]),
        // ISA-L's igzip and CRC-32, for the PNG writer built for widget images.
        .systemLibrary(
            name: "CISAL",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"])]
        ),
        // OpenSSL's SHA-256 (SHA-NI where the CPU has it) for the digests in manifest.json.
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // Premultiplied ARGB32 → PNG scanlines (AVX2 when the CPU has it, scalar otherwise), deflated
        // by igzip level 1, chunks written directly.
        .target(name: "ISALPNG", dependencies: ["CISAL"]),

        // The framework, bottom up. Each arrow points down; nothing here knows the chart widgets.
        .target(name: "WidgetDates"),
        .target(name: "WidgetCore", dependencies: ["WidgetDates"]),
        .target(name: "WidgetLayout", dependencies: ["WidgetCore"]),
        // Swift Charts' vocabulary (`import Charts`), drawn with WidgetCore's display list.
        .target(name: "Charts", dependencies: ["WidgetCore"]),
        .target(
            name: "WidgetDrawing",
            dependencies: [
                "WidgetDates", "WidgetCore", "WidgetLayout", "CCairo", "CPNG", "PNGCodec", "ISALPNG", "JPEGCodec",
            ]
        ),
        .target(
            name: "WidgetAssets",
            path: "Assets",
            exclude: ["README.md"],
            sources: ["WidgetAssets.swift"],
            resources: [.copy("samples"), .copy("fonts"), .copy("reference"), .copy("photos"), .copy("strings")]
        ),
        .target(
            name: "WidgetRender",
            dependencies: ["WidgetDates", "WidgetCore", "WidgetLayout", "WidgetDrawing", "WidgetAssets", "CCrypto"]
        ),
        .target(
            name: "WidgetRenderCLI",
            dependencies: [
                "WidgetRender", "WidgetCore", "WidgetLayout", "WidgetDrawing", "WidgetAssets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `serve`: the widgets over HTTP, a product of its own on Hummingbird.
        .target(
            name: "WidgetRenderServer",
            dependencies: [
                "WidgetRenderCLI", "WidgetRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // `make loadtest`'s yardstick: a minimal Hummingbird route answering a fixed 304.
        .executableTarget(
            name: "LoadtestBaseline",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
        // Snapshot strategies for users' test targets (and ours): widget → pixels → reference PNG.
        .target(
            name: "WidgetSnapshotTesting",
            dependencies: [
                "WidgetRender", "WidgetDrawing",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),

        // libcurl, loaded with dlopen on the first URL fetch rather than linked: a process that
        // fetches nothing never maps it and its two dozen dependencies (README, Speed › Cold start).
        // Its header comes from libcurl4-openssl-dev; the library from libcurl4, at run time.
        .target(name: "CCurlLoader"),

        // The built-in widgets: a client of the framework like any user's package.
        .target(name: "WidgetData", dependencies: ["CCurlLoader", "CISAL"], exclude: ["DATA-RULES.md"]),
        .target(name: "ChartWidgets", dependencies: ["WidgetRender", "WidgetData", "WidgetAssets", "Charts"]),
        // The built-in widgets' data options, shared by their two commands.
        .target(
            name: "BuiltInCommand",
            dependencies: [
                "WidgetRenderCLI", "ChartWidgets", "WidgetData",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `widgetrender` executable: `@main` over the built-in widgets, with their data options.
        .executableTarget(
            name: "WidgetRenderTool",
            dependencies: [
                "WidgetRenderCLI", "BuiltInCommand", "ChartWidgets", "WidgetData",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `widgetrender-server`: `serve` over the built-in widgets.
        .executableTarget(
            name: "WidgetRenderServerTool",
            dependencies: ["WidgetRenderServer", "BuiltInCommand", "ChartWidgets", "WidgetRenderCLI"]
        ),

        .testTarget(name: "WidgetDatesTests", dependencies: ["WidgetDates"]),
        .testTarget(name: "WidgetCoreTests", dependencies: ["WidgetCore"], exclude: ["Fixtures"]),
        .testTarget(name: "WidgetLayoutTests", dependencies: ["WidgetCore", "WidgetLayout", "WidgetAssets"]),
        .testTarget(name: "ChartWidgetsTests", dependencies: ["ChartWidgets", "WidgetData", "WidgetRender"]),
        .testTarget(
            name: "ChartsTests", dependencies: ["Charts", "WidgetCore", "WidgetLayout", "WidgetSnapshotTesting"],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "WidgetDataTests", dependencies: ["WidgetData", "WidgetAssets"], exclude: ["Fixtures"]),
        .testTarget(
            name: "WidgetRenderTests",
            dependencies: [
                "WidgetRender", "WidgetCore", "WidgetLayout", "WidgetDrawing", "WidgetAssets", "ChartWidgets",
                "WidgetSnapshotTesting", "CCairo", "ISALPNG",
            ],
            exclude: ["__Snapshots__", "Fixtures"]
        ),
        .testTarget(
            name: "WidgetSnapshotTestingTests",
            dependencies: ["WidgetSnapshotTesting", "WidgetDrawing"]
        ),
        .testTarget(
            name: "WidgetRenderCLITests",
            dependencies: [
                "WidgetRenderCLI", "WidgetDrawing", "ChartWidgets", "WidgetSnapshotTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `serve` answering real requests on 127.0.0.1.
        .testTarget(
            name: "WidgetRenderServerTests",
            dependencies: [
                "WidgetRenderServer", "ChartWidgets", "WidgetRender",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The built `widgetrender` binary run end to end: stdout, stderr, exit codes and files.
        .testTarget(name: "WidgetRenderToolTests", dependencies: ["WidgetRender", "WidgetDrawing"]),

        // Property tests for WidgetData.
        .testTarget(
            name: "WidgetDataPropertyTests",
            dependencies: ["WidgetData", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ]
)
