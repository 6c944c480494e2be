import Foundation
import Testing
import WidgetCore

/// The folder WidgetCenter's sockets live in: this user's, private, checked before use.
@Suite("WidgetCenter's folder")
struct WidgetCenterChannelTests {
    static func scratch() throws -> URL {
        // Short: a Unix socket's path holds at most 107 bytes.
        let url = URL(fileURLWithPath: "/tmp/wc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func isMadePrivateUnderTheRuntimeFolder() throws {
        let runtime = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let folder = try WidgetCenterChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(folder.path == runtime.appendingPathComponent("widgetrender").path)
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test func withoutARuntimeFolderItIsTheUsersFolderInTmp() throws {
        let folder = try WidgetCenterChannel.directory(environment: [:])
        #expect(folder.path == "/tmp/widgetrender-\(getuid())")
    }

    @Test func aFolderOthersMayEnterOrALinkIsRefused() throws {
        let runtime = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let folder = runtime.appendingPathComponent("widgetrender")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let open = #expect(throws: WidgetCenterChannel.ChannelError.self) {
            try WidgetCenterChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        }
        #expect(open?.description.contains("mode 755") == true)
        #expect(open?.description.contains(folder.path) == true)
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: "/tmp")
        let link = #expect(throws: WidgetCenterChannel.ChannelError.self) {
            try WidgetCenterChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])
        }
        #expect(link?.description.contains("not a folder") == true)
    }

    @Test func aStaleSocketIsRemovedAndNothingIsReached() throws {
        let runtime = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        let folder = try WidgetCenterChannel.directory(environment: environment)
        // A listener of a process that is gone: its file stays, nobody accepts.
        let listener = try WidgetCenterListener(bundle: "Gone", environment: environment)
        let stale = folder.appendingPathComponent("Gone.999999.sock").path
        try FileManager.default.moveItem(atPath: listener.path, toPath: stale)
        listener.close()
        try? FileManager.default.removeItem(atPath: listener.path)
        // The moved file is a socket nobody listens on once the listener closed.
        Thread.sleep(forTimeInterval: 0.1)
        let replies = try WidgetCenterChannel.send(.reload(kind: nil), bundle: nil, environment: environment)
        #expect(replies.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: stale), "the stale socket is gone")
    }

    @Test func bundleNamesAreSafeFileNames() {
        #expect(WidgetCenterChannel.socketStem("TutorialBundle") == "TutorialBundle")
        #expect(WidgetCenterChannel.socketStem("SingleWidgetBundle<Hello>") == "SingleWidgetBundle_Hello_")
        #expect(WidgetCenterChannel.socketStem("../x") == "___x")
        #expect(WidgetCenterChannel.socketStem(String(repeating: "a", count: 99)).count == 40)
    }
}
