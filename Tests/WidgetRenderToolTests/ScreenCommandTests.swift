import Foundation
import Testing

/// `screen` as a user types it (#33): the panel's own file, a quarter turn, and the usage errors.
@Suite("widgetrender screen")
struct ScreenCommandTests {
    static let mashup = "price:halfVertical,covid-country?country=JPN:quadrant,covid-country?country=KOR:quadrant"

    /// The PNG's width, height, bit depth and colour type, from its IHDR.
    static func header(_ file: URL) throws -> [Int] {
        let data = try Data(contentsOf: file)
        try #require(data.count > 26)
        func int(_ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return [int(16), int(20), Int(data[24]), Int(data[25])]
    }

    @Test func aTRMNLMashupIsOneBitAndItsManifestNamesTheSlots() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run([
            "screen", "--layout", Self.mashup, "--now", "2023-11-14T22:13:20Z", "--max-bytes", "90k", "--out",
            folder.path,
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let png = try #require(result.stdout.split(separator: "\n").first.map(String.init))
        #expect(try Self.header(URL(fileURLWithPath: png)) == [800, 480, 1, 0], "1-bit grey, no alpha or palette")
        let manifest = try String(
            contentsOf: folder.appendingPathComponent("screen/trmnl-og/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"layout\" : \"\(Self.mashup)\""))
        #expect(manifest.contains("\"family\" : \"halfVertical\""))
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
    }

    @Test func aKindleOnItsSideIsLaidOutLandscapeInItsPortraitFile() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run([
            "screen", "--device", "kindle-pw5", "--layout", "covid-global:halfHorizontal,price:halfHorizontal",
            "--rotate", "90", "--out", folder.path,
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("laid out 1648×1236, written 1236×1648"), "\(result.stderr)")
        let png = try #require(result.stdout.split(separator: "\n").first.map(String.init))
        #expect(try Self.header(URL(fileURLWithPath: png)) == [1236, 1648, 8, 0], "the panel's 8-bit grey, portrait")
    }

    @Test(
        "usage errors say what is wrong",
        arguments: [
            (["--layout", "price:halfVertical,covid-global:halfHorizontal"], "does not fit at the top right quarter"),
            (["--layout", "price:full", "--device", "iphone-393x852"], "is a phone or tablet"),
            (["--layout", "price:medium"], "'medium' is not a slot"),
            (["--layout", "price:full", "--image-format", "apng"], "give --to"),
            (["--layout", "price:full", "--animation-speed", "1d"], "is for --image-format apng"),
        ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let result = try CommandRunner.run(["screen"] + arguments + ["--out", "/tmp/never-written"])
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written/screen"))
    }

    @Test func aFamilyTheScreenLacksNamesItsOwn() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run([
            "--device", "trmnl-og", "--family", "medium", "--widget", "price", "--out", folder.path,
        ])
        #expect(
            result.stderr.contains(
                "trmnl-og has no medium widget; its families: full, halfHorizontal, halfVertical, quadrant"),
            "\(result.stderr)")
    }
}
