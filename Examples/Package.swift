// swift-tools-version:6.0
import PackageDescription

// A client of WidgetRender, as your own package would be: it depends on it by path and uses
// only its products. The widgets port three WidgetKit tutorials; the command renders them;
// the tests snapshot them.
let package = Package(
    name: "WidgetRenderExamples",
    platforms: [.macOS(.v14)],
    dependencies: [
        // By path, the package's name must be given; by URL it is the repository's name:
        // .package(url: "https://github.com/widgetrender/WidgetRender", from: "0.2.0")
        .package(name: "WidgetRender", path: "..")
    ],
    targets: [
        // The widgets: what a widget extension's target holds on iOS.
        .target(
            name: "TutorialWidgets",
            dependencies: [
                .product(name: "WidgetRender", package: "WidgetRender"),
                // Swift Charts' vocabulary: `import Charts`, as on iOS.
                .product(name: "Charts", package: "WidgetRender"),
            ]
        ),
        // `@main` over the bundle: render, list, gallery, timeline and bench, and `serve`.
        .executableTarget(
            name: "tutorial-widgets",
            dependencies: [
                "TutorialWidgets",
                .product(name: "WidgetRenderCLI", package: "WidgetRender"),
                .product(name: "WidgetRenderServer", package: "WidgetRender"),
            ]
        ),
        // The tutorials' app side: saves data to the App Group container and calls
        // WidgetCenter.shared.reloadTimelines(ofKind:), reaching a running `watch`.
        .executableTarget(name: "tutorial-app", dependencies: ["TutorialWidgets"]),
        // The smallest widget, in one file, with its own `@main` command.
        .executableTarget(
            name: "hello-widget",
            dependencies: [.product(name: "WidgetRenderCLI", package: "WidgetRender")]
        ),
        .testTarget(
            name: "TutorialWidgetsTests",
            dependencies: [
                "TutorialWidgets",
                .product(name: "WidgetSnapshotTesting", package: "WidgetRender"),
                // The README's "Render in memory" renders a built-in widget too.
                .product(name: "ChartWidgets", package: "WidgetRender"),
            ],
            exclude: ["__Snapshots__", "Fixtures"]
        ),
    ]
)
