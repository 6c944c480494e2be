import Foundation
import Testing
import WidgetRender

@Suite("Atomic writes")
struct AtomicFileTests {
    @Test func writesCreatesFoldersOverwritesAndLeavesNoTemporaryFile() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("a/b/out.png")
        try AtomicFile.write(Data([1, 2, 3]), to: url)
        try AtomicFile.write(Data([4, 5]), to: url)
        #expect(try Data(contentsOf: url) == Data([4, 5]))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["out.png"])
    }

    @Test func anUnwritableTargetIsAnIOErrorNamingThePath() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file where a folder is needed.
        let blocker = folder.appendingPathComponent("blocker")
        try Data().write(to: blocker)
        let url = blocker.appendingPathComponent("out.png")
        #expect(throws: PipelineError.self) { try AtomicFile.write(Data([1]), to: url) }
        do {
            try AtomicFile.write(Data([1]), to: url)
        } catch {
            #expect(error.exitCode == 74)
            #expect(error.description.contains("blocker"))
        }
    }
}
