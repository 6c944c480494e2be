import Foundation
import Testing
import WidgetData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Before: `/dev/zero`, a FIFO and a folder as `--data` said "You don't have permission" (even
/// as root) or hung; now each is named for what it is, without blocking, and typed.
@Suite("Special files")
struct SpecialFileTests {
    @Test("/dev/zero is a character device, refused without reading it")
    func deviceZero() throws {
        let error = #expect(throws: DataError.self) { try DataLoader().load("/dev/zero") }
        #expect(error == .notRegularFile(source: "/dev/zero", type: "a character device"))
        #expect(error?.kind == .notRegularFile)
        #expect(error?.description == "/dev/zero: not a regular file (a character device)")
    }

    @Test("a FIFO with no writer is refused at once, not waited on")
    func fifo() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.appending("pipe.csv").path
        #expect(mkfifo(path, 0o600) == 0)
        let error = await #expect(throws: DataError.self) { try await DataFetcher(cacheDirectory: nil).fetch(path) }
        #expect(error == .notRegularFile(source: path, type: "a FIFO"))
    }

    @Test("a folder, through the fetcher too")
    func folder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let error = await #expect(throws: DataError.self) {
            try await DataFetcher(cacheDirectory: nil).fetch(folder.url.path)
        }
        #expect(error?.kind == .notRegularFile)
    }

    @Test("a missing file is missing input, saying so")
    func missing() throws {
        let error = #expect(throws: DataError.self) { try DataLoader().load("/nonexistent/prices.csv") }
        #expect(error == .unreadable(source: "/nonexistent/prices.csv", reason: "no such file"))
        #expect(error?.kind == .missingInput)
    }

    @Test("permission denied is said only when it is so (not as root, who may read anything)")
    func permission() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.appending("secret.csv")
        try Data("date,close\n2024-01-01,1\n".utf8).write(to: file)
        #expect(chmod(file.path, 0) == 0)
        if geteuid() == 0 {
            #expect(try DataLoader().load(file.path).count == 24)
        } else {
            let error = #expect(throws: DataError.self) { try DataLoader().load(file.path) }
            #expect(error == .unreadable(source: file.path, reason: "permission denied"))
        }
    }

    @Test("a newline or an escape in a file name cannot split or colour a message")
    func controlCharactersInNames() throws {
        let name = "/tmp/no such\nwarning: fake\u{1B}[31m.csv"
        let error = #expect(throws: DataError.self) { try DataLoader().load(name) }
        let text = try #require(error?.description)
        #expect(!text.contains("\n") && !text.contains("\u{1B}"))
        #expect(text == #"/tmp/no such\nwarning: fake\u{1B}[31m.csv: no such file"#)
    }
}
