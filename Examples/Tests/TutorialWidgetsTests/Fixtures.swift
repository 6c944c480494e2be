import Foundation
import WidgetRender

/// Fixed times and the app group folders the tests use.
enum Fixtures {
    /// 2026-01-01 09:00 UTC: an hour after the heroes' daily fight.
    static let morning = Date(timeIntervalSince1970: 1_767_258_000)

    /// `Fixtures/<name>` beside this file.
    static func folder(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    /// The to-do app's group mapped to a fixture folder.
    static func todoGroup(_ name: String) -> AppGroupContainers {
        AppGroupContainers(folders: ["group.com.example.todo": folder(name)])
    }

    /// The COVID tracker's group mapped to its fixture container (`covid.json` and `bg.png`).
    static var covidGroup: AppGroupContainers {
        AppGroupContainers(folders: ["group.com.example.covid": folder("covid/container")])
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tutorial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
