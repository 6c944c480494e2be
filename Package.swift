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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
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

        // The framework, bottom up. Each arrow points down; nothing here knows the chart widgets.
        .target(name: "WidgetDates"),
        .target(name: "WidgetCore", dependencies: ["WidgetDates"]),
        .target(name: "WidgetLayout", dependencies: ["WidgetCore"]),
        .target(name: "WidgetRendering", dependencies: ["WidgetDates", "WidgetLayout", "CCairo", "PNGCodec"]),
        .target(
            name: "WidgetAssets",
            path: "Assets",
            exclude: ["README.md"],
            sources: ["WidgetAssets.swift"],
            resources: [.copy("samples"), .copy("fonts"), .copy("reference")]
        ),
        .target(
            name: "WidgetRender",
            dependencies: ["WidgetDates", "WidgetCore", "WidgetLayout", "WidgetRendering", "WidgetAssets"]
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

        // The built-in widgets: a client of the framework like any user's package.
        .target(name: "WidgetData", exclude: ["DATA-RULES.md"]),
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
    ]
)
