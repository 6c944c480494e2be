import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetRender

/// `UserDefaults(suiteName:)` and `@AppStorage(_, store:)` over an App Group's folder, as a
/// widget reads what its app stored.
@Suite("UserDefaults and AppStorage over App Groups")
struct UserDefaultsTests {
    typealias Defaults = AppGroupDefaults

    static let group = "group.com.example.todo"

    /// A folder standing in for the group, with the binary property list iOS would have written.
    static func container() throws -> URL {
        let folder = try Fixtures.temporaryDirectory()
        let preferences = folder.appendingPathComponent("Library/Preferences")
        try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ImageDataTests.fixtures.appendingPathComponent("\(group).plist"),
            to: preferences.appendingPathComponent("\(group).plist"))
        return folder
    }

    @Test func anAppsBinaryPropertyListIsReadWithEveryAccessor() throws {
        let folder = try Self.container()
        defer { try? FileManager.default.removeItem(at: folder) }
        try AppGroupContainers.$current.withValue(AppGroupContainers(folders: [Self.group: folder])) {
            let defaults = try #require(Defaults(suiteName: Self.group))
            #expect(defaults.integer(forKey: "openCount") == 3)
            #expect(defaults.string(forKey: "openCount") == "3")
            #expect(defaults.string(forKey: "title") == "Groceries")
            #expect(defaults.bool(forKey: "done"))
            #expect(defaults.double(forKey: "ratio") == 0.75)
            #expect(defaults.stringArray(forKey: "tags") == ["milk", "eggs"])
            #expect(defaults.object(forKey: "updated") as? Date == Date(timeIntervalSince1970: 1_795_770_000))
            #expect(defaults.data(forKey: "items") == Data(#"[{"title":"Milk","done":false}]"#.utf8))
            #expect(defaults.url(forKey: "homeURL") == URL(string: "https://example.com/todo"))
            #expect(defaults.object(forKey: "missing") == nil)
            #expect(defaults.integer(forKey: "missing") == 0)
            #expect(defaults.dictionaryRepresentation().count == 9)
        }
    }

    @Test func writesLandInTheGroupsFolderAndAreReadByAnotherInstanceAndAfterAnExternalChange() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Library/Preferences/\(Self.group).plist")
        // Made before any mapping, as a `static let` in widget code is.
        let shared = try #require(Defaults(suiteName: Self.group))
        try AppGroupContainers.$current.withValue(AppGroupContainers(folders: [Self.group: folder])) {
            shared.set(5, forKey: "openCount")
            shared.set("Chores", forKey: "title")
            shared.set(["a", "b"], forKey: "tags")
            shared.set(URL(fileURLWithPath: "/tmp/photo.jpg"), forKey: "photo")
            #expect(FileManager.default.fileExists(atPath: file.path))
            let other = try #require(Defaults(suiteName: Self.group))
            #expect(other.integer(forKey: "openCount") == 5)
            #expect(other.url(forKey: "photo") == URL(fileURLWithPath: "/tmp/photo.jpg"))
            // The file is a property list any reader takes.
            let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
            #expect((plist as? [String: Any])?["title"] as? String == "Chores")

            // The app changes the file while the widget runs: the next read sees it.
            let changed: [String: Any] = ["openCount": 42]
            try PropertyListSerialization.data(fromPropertyList: changed, format: .binary, options: 0)
                .write(to: file)
            #expect(shared.integer(forKey: "openCount") == 42)
            // A rewrite of the same size within the same moment is seen too (a new inode).
            try PropertyListSerialization.data(fromPropertyList: ["openCount": 43], format: .binary, options: 0)
                .write(to: file, options: .atomic)
            #expect(shared.integer(forKey: "openCount") == 43)
            #expect(shared.string(forKey: "title") == nil)
            shared.removeObject(forKey: "openCount")
            #expect(shared.object(forKey: "openCount") == nil)
        }
    }

    @Test func aBrokenFileReadsAsEmptyWithAWarningAndBadNamesAreRefused() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let preferences = folder.appendingPathComponent("Library/Preferences")
        try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
        try Data("{ not a plist".utf8).write(to: preferences.appendingPathComponent("group.broken.plist"))
        try Data(count: 5 << 20).write(to: preferences.appendingPathComponent("group.huge.plist"))
        let diagnostics = Diagnostics()
        try AppGroupContainers.$warnings.withValue(diagnostics) {
            try AppGroupContainers.$current.withValue(AppGroupContainers(folders: ["group.broken": folder])) {
                let defaults = try #require(Defaults(suiteName: "group.broken"))
                #expect(defaults.integer(forKey: "openCount") == 0)
                defaults.set(Defaults.standard, forKey: "notAPlistValue")
                #expect(defaults.object(forKey: "notAPlistValue") == nil)
            }
            let huge = AppGroupContainers.$current.withValue(AppGroupContainers(folders: ["group.huge": folder])) {
                Defaults(suiteName: "group.huge")?.object(forKey: "openCount")
            }
            #expect(huge == nil)
        }
        let messages = diagnostics.drain()
        #expect(messages.contains { $0.contains("group.broken.plist is not a property list") }, "\(messages)")
        #expect(messages.contains { $0.contains("'notAPlistValue'") && $0.contains("not a property-list value") })
        #expect(messages.contains { $0.contains("group.huge.plist is larger than 4 MiB") })
        #expect(Defaults(suiteName: "") == nil)
        #expect(Defaults(suiteName: "../etc") == nil)
        #expect(Defaults(suiteName: "NSGlobalDomain") == nil)
    }

    enum Theme: String { case light, dark }
    enum Sort: Int { case byDate = 0, byTitle = 1 }

    struct Counter: View {
        @AppStorage("openCount", store: Defaults(suiteName: UserDefaultsTests.group)) var openCount = 0
        @AppStorage("title", store: Defaults(suiteName: UserDefaultsTests.group)) var title = "Untitled"
        @AppStorage("theme", store: Defaults(suiteName: UserDefaultsTests.group)) var theme = Theme.light
        @AppStorage("sort", store: Defaults(suiteName: UserDefaultsTests.group)) var sort = Sort.byTitle
        @AppStorage("note", store: Defaults(suiteName: UserDefaultsTests.group)) var note: String?
        @AppStorage("ratio", store: Defaults(suiteName: UserDefaultsTests.group)) var ratio = 0.0

        var body: some View {
            VStack {
                Text("\(title): \(openCount)")
                Text("\(theme.rawValue) \(sort.rawValue) \(note ?? "none") \(ratio)")
            }
        }
    }

    /// A view's `@AppStorage` reads the group's file when the engine lays it out, and the
    /// declared defaults where nothing is stored.
    @Test func appStorageInAViewReadsTheGroupsValuesWhenRendered() async throws {
        let folder = try Self.container()
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = try RenderEngine(widgets: [])
        var request = RenderRequest(kind: "", family: .systemMedium)
        request.appGroups = AppGroupContainers(folders: [Self.group: folder])
        let rendered = try await engine.render(Counter(), in: request, as: nil)
        let texts = rendered.displayList.content.compactMap { item -> String? in
            guard case .text(let text) = item else { return nil }
            return text.string
        }
        #expect(texts == ["Groceries: 3", "dark 1 none 0.75"])
        // Assigning writes through to the group's file.
        let (count, sort) = AppGroupContainers.$current.withValue(request.appGroups) {
            let counter = Counter()
            counter.openCount = 4
            counter.sort = .byDate
            return (Defaults(suiteName: Self.group)?.integer(forKey: "openCount"), Counter().sort)
        }
        #expect(count == 4)
        #expect(sort == .byDate)
    }
}
