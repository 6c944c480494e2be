import Foundation

/// A fresh, empty folder under the system's temporary folder for one test.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "WidgetDataTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names of the entries in `subfolder` (hidden ones included), sorted; empty when it
    /// does not exist.
    func contents(of subfolder: String? = nil) -> [String] {
        let folder = subfolder.map(appending) ?? url
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
