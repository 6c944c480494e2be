// swift-tools-version:6.0
import PackageDescription

// WidgetRender is a framework first and a command second, as WidgetKit is: the framework
// takes the user's `WidgetBundle`; the built-in chart widgets are one user of it.
//
// Products a user names in their Package.swift:
//   WidgetRender           the model, the view vocabulary, layout, rendering and the pipeline
//   WidgetRenderCommand    `@main` over your bundle: render, list, gallery, bench, timeline
//   WidgetSnapshotTesting  swift-snapshot-testing strategies for widgets and views
//   ChartWidgets, WidgetData  the built-in price and COVID-19 widgets and their data readers
let package = Package(
    name: "WidgetRender",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WidgetRender", targets: ["WidgetRender"]),
        .library(name: "WidgetRenderCommand", targets: ["WidgetRenderCommand"]),
        .library(name: "WidgetSnapshotTesting", targets: ["WidgetSnapshotTesting"]),
        .library(name: "ChartWidgets", targets: ["ChartWidgets"]),
        .library(name: "WidgetData", targets: ["WidgetData"]),
        .executable(name: "widgetrender", targets: ["widgetrender"]),

        // libFuzzer harnesses for WidgetData's readers (scripts/fuzz.sh, docs/FUZZING.md); not for users.
        .executable(name: "fuzz-binance", targets: ["FuzzBinance"]),
        .executable(name: "fuzz-coinbase", targets: ["FuzzCoinbase"]),
        .executable(name: "fuzz-kraken", targets: ["FuzzKraken"]),
        .executable(name: "fuzz-cryptowatch", targets: ["FuzzCryptowatch"]),
        .executable(name: "fuzz-ohlc-csv", targets: ["FuzzOHLCCSV"]),
        .executable(name: "fuzz-diseasesh", targets: ["FuzzDiseaseSh"]),
        .executable(name: "fuzz-jhu", targets: ["FuzzJHU"]),
        .executable(name: "fuzz-long-csv", targets: ["FuzzLongCSV"]),
        .executable(name: "fuzz-series-reader", targets: ["FuzzSeriesReader"]),
        .executable(name: "fuzz-csv", targets: ["FuzzCSV"]),
        .executable(name: "fuzz-json", targets: ["FuzzJSON"]),
        .executable(name: "fuzz-generic", targets: ["FuzzGeneric"]),
        .executable(name: "fuzz-png", targets: ["FuzzPNG"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
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
        .target(
            name: "WidgetRendering", dependencies: ["WidgetDates", "WidgetLayout", "CCairo", "PNGCodec", "ISALPNG"]),
        .target(
            name: "WidgetAssets",
            path: "Assets",
            exclude: ["README.md"],
            sources: ["WidgetAssets.swift"],
            resources: [.copy("samples"), .copy("fonts"), .copy("reference"), .copy("photos")]
        ),
        .target(
            name: "WidgetRender",
            dependencies: ["WidgetDates", "WidgetCore", "WidgetLayout", "WidgetRendering", "WidgetAssets", "CCrypto"]
        ),
        .target(
            name: "WidgetRenderCommand",
            dependencies: [
                "WidgetRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Snapshot strategies for users' test targets (and ours): widget → pixels → reference PNG.
        .target(
            name: "WidgetSnapshotTesting",
            dependencies: [
                "WidgetRender",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),

        // libcurl, loaded with dlopen on the first URL fetch rather than linked: a process that
        // fetches nothing never maps it and its two dozen dependencies (README, Speed › Cold start).
        // Its header comes from libcurl4-openssl-dev; the library from libcurl4, at run time.
        .target(name: "CCurlLoader"),

        // The built-in widgets: a client of the framework like any user's package.
        .target(name: "WidgetData", dependencies: ["CCurlLoader"], exclude: ["DATA-RULES.md"]),
        .target(name: "ChartWidgets", dependencies: ["WidgetRender", "WidgetData", "WidgetAssets"]),
        .executableTarget(
            name: "widgetrender",
            dependencies: ["WidgetRenderCommand", "ChartWidgets", "WidgetData"]
        ),

        .testTarget(name: "WidgetDatesTests", dependencies: ["WidgetDates"]),
        .testTarget(name: "WidgetCoreTests", dependencies: ["WidgetCore"]),
        .testTarget(name: "WidgetLayoutTests", dependencies: ["WidgetLayout", "WidgetAssets"]),
        .testTarget(name: "ChartWidgetsTests", dependencies: ["ChartWidgets", "WidgetData"]),
        .testTarget(name: "WidgetDataTests", dependencies: ["WidgetData", "WidgetAssets"], exclude: ["Fixtures"]),
        .testTarget(
            name: "WidgetRenderTests",
            dependencies: ["WidgetRender", "WidgetRendering", "ChartWidgets", "WidgetSnapshotTesting"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "WidgetSnapshotTestingTests",
            dependencies: ["WidgetSnapshotTesting", "WidgetRendering"]
        ),
        .testTarget(
            name: "WidgetRenderCommandTests",
            dependencies: ["WidgetRenderCommand"]
        ),
        .testTarget(name: "widgetrenderTests", dependencies: ["WidgetRender", "WidgetRendering"]),

        // Fuzzing and property tests for WidgetData.
        // The harnesses' shared code; each fuzz target is one small executable over it. Built
        // plainly, a target replays the files it is given (a regression runner); built by
        // scripts/fuzz.sh with `-sanitize=fuzzer -parse-as-library -DFUZZING`, it is a libFuzzer binary.
        .target(name: "WidgetDataFuzzing", dependencies: ["WidgetData"], path: "Fuzz/WidgetDataFuzzing"),
        .executableTarget(name: "FuzzBinance", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzBinance"),
        .executableTarget(name: "FuzzCoinbase", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzCoinbase"),
        .executableTarget(name: "FuzzKraken", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzKraken"),
        .executableTarget(
            name: "FuzzCryptowatch", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzCryptowatch"),
        .executableTarget(name: "FuzzOHLCCSV", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzOHLCCSV"),
        .executableTarget(
            name: "FuzzDiseaseSh", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzDiseaseSh"),
        .executableTarget(name: "FuzzJHU", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzJHU"),
        .executableTarget(name: "FuzzLongCSV", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzLongCSV"),
        .executableTarget(
            name: "FuzzSeriesReader", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzSeriesReader"),
        .executableTarget(name: "FuzzCSV", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzCSV"),
        .executableTarget(name: "FuzzJSON", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzJSON"),
        .executableTarget(name: "FuzzGeneric", dependencies: ["WidgetDataFuzzing"], path: "Fuzz/Targets/FuzzGeneric"),
        // The PNG reader (bg.png, golden references): the header check, then libpng through Cairo.
        .executableTarget(
            name: "FuzzPNG", dependencies: ["WidgetDataFuzzing", "WidgetRendering"], path: "Fuzz/Targets/FuzzPNG"),
        .testTarget(
            name: "WidgetDataPropertyTests",
            dependencies: ["WidgetData", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ]
)
