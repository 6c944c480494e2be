// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses for WidgetRender's readers of untrusted bytes: WidgetData's parsers, the
// PNG reader, the screen layout parser and the APNG assembler. A package of its own, so that they are not products of WidgetRender; it
// depends on WidgetRender by path and uses only its products, as a user's package would.
//
// scripts/fuzz.sh builds each with `-sanitize=fuzzer,address -parse-as-library -DFUZZING` and
// runs it (docs/FUZZING.md). Built plainly (`swift build --package-path Fuzz`), each replays the
// files it is given: a regression runner for saved crashes.
let targets: [(product: String, target: String)] = [
    ("fuzz-binance", "FuzzBinance"),
    ("fuzz-coinbase", "FuzzCoinbase"),
    ("fuzz-kraken", "FuzzKraken"),
    ("fuzz-cryptowatch", "FuzzCryptowatch"),
    ("fuzz-ohlc-csv", "FuzzOHLCCSV"),
    ("fuzz-diseasesh", "FuzzDiseaseSh"),
    ("fuzz-jhu", "FuzzJHU"),
    ("fuzz-long-csv", "FuzzLongCSV"),
    ("fuzz-series-reader", "FuzzSeriesReader"),
    ("fuzz-csv", "FuzzCSV"),
    ("fuzz-json", "FuzzJSON"),
    ("fuzz-generic", "FuzzGeneric"),
    ("fuzz-candles", "FuzzCandles"),
    ("fuzz-compressed", "FuzzCompressed"),
    ("fuzz-png", "FuzzPNG"),
    ("fuzz-screen-layout", "FuzzScreenLayout"),
    ("fuzz-animated-png", "FuzzAnimatedPNG"),
]

let package = Package(
    name: "WidgetRenderFuzz",
    platforms: [.macOS(.v14)],
    products: targets.map { .executable(name: $0.product, targets: [$0.target]) },
    dependencies: [
        .package(name: "WidgetRender", path: "..")
    ],
    targets: [
        // The harnesses' shared code: the rules every reader keeps, libFuzzer's entry and replay.
        .target(
            name: "WidgetDataFuzzing",
            dependencies: [.product(name: "WidgetData", package: "WidgetRender")],
            path: "WidgetDataFuzzing"
        )
    ]
        + targets.map { item in
            .executableTarget(
                name: item.target,
                dependencies: ["WidgetDataFuzzing"]
                    + (["FuzzPNG", "FuzzScreenLayout", "FuzzAnimatedPNG"].contains(item.target)
                        ? [.product(name: "WidgetRender", package: "WidgetRender")] : []),
                path: "Targets/\(item.target)"
            )
        }
)
