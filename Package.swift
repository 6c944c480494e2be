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

        // --- data-robustness: libFuzzer harnesses for WidgetData (scripts/fuzz.sh, docs/FUZZING.md) ---
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
        // --- end data-robustness ---
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),

        // --- data-robustness: property tests for WidgetData ---
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // --- end data-robustness ---
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

        .target(name: "WidgetCore"),
        .target(name: "WidgetLayout", dependencies: ["WidgetCore"]),
        .target(name: "WidgetData", exclude: ["DATA-RULES.md"]),
        .target(name: "WidgetRendering", dependencies: ["WidgetLayout", "CCairo", "PNGCodec"]),
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

        // --- data-robustness: fuzzing and property tests for WidgetData ---
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
        .testTarget(
            name: "WidgetDataPropertyTests",
            dependencies: ["WidgetData", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // --- end data-robustness ---
    ]
)
