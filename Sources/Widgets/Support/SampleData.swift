import Foundation
import WidgetAssets
import WidgetData

/// Loads a widget's data: the user's `--data` source when given, else the embedded sample.
enum SampleData {
    /// The bytes and the name to report them by.
    static func load(_ override: String?, sample: String) throws -> (data: Data, source: String) {
        if let override {
            return (try DataLoader().load(override), override)
        }
        let url = try WidgetAssets.url("samples/\(sample)")
        return (try DataLoader().load(url.path), "Assets/samples/\(sample)")
    }
}
