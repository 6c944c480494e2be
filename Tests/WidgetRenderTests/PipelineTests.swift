import Foundation
import Testing
import WidgetCore
import ChartWidgets
import WidgetRender

/// The pipeline end to end in process: files, manifest, the entry on screen, and errors.
@Suite("Render pipeline")
struct PipelineTests {
    /// A session of its own: the pipeline awaits providers, so it cannot hold the shared session's lock.
    func run(_ request: RenderBatch) async throws(WidgetRenderError) -> RenderResult {
        try await FolderRenderer(engine: try RenderEngine(bundle: BuiltInWidgets())).run(request)
    }

    @Test func writesOnePNGPerEntryAndAManifest() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = Fixtures.request(kind: "price", out: out)
        request.now = try #require(ISO8601DateFormatter().date(from: "2013-02-28T12:00:00Z"))
        let result = try await run(request)
        #expect(
            result.files.map(\.lastPathComponent) == [
                "0-20130227T000000Z.png", "1-20130228T000000Z.png", "2-20130301T000000Z.png",
            ])
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest == result.manifest)
        let widget = try #require(manifest.widgets.first)
        // 2013-02-28 12:00 shows the 2013-02-28 entry, not the later one.
        #expect(widget.entryShownAtNow == 1)
        #expect(manifest.images.map(\.shownAtNow) == [false, true, false])
        #expect(widget.reloadPolicy == .after)
        #expect(widget.nextReload == ISO8601DateFormatter().date(from: "2013-03-02T00:00:00Z"))
        #expect(widget.parameters == ["range": "auto", "symbol": "", "chart": "line"])
        for image in manifest.images {
            let bytes = try Data(contentsOf: out.appendingPathComponent(image.file))
            #expect(image.sha256 == SHA256.hex(bytes))
            #expect(image.bytes == bytes.count)
            #expect(image.sizePixels == Manifest.Dimensions(width: 1092, height: 510))
            #expect(image.widgetURL?.hasPrefix("widgetrender://price/") == true)
        }
    }

    @Test func nowBeforeTheFirstEntryShowsTheFirst() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = Fixtures.request(kind: "covid-global", out: out)
        request.now = Date(timeIntervalSince1970: 0)
        let result = try await run(request)
        // The one rule: before the first entry, the first is on screen, drawn for the time asked.
        #expect(result.manifest.widgets.first?.entryShownAtNow == 0)
        #expect(result.manifest.widgets.first?.reloadPolicy == .atEnd)
        #expect(result.manifest.images.map(\.shownAtNow) == [true, false, false])
        #expect(result.manifest.images.first?.status == .onScreen)
        #expect(result.manifest.images.first?.shownAt == request.now)
    }

    @Test func unsupportedFamiliesAreSkippedWithANote() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = Fixtures.request(kind: "covid-country", out: out)
        request.families = nil
        let all = try await run(request)
        #expect(
            Set(all.manifest.images.map(\.family))
                == ["small", "medium", "accessoryCircular", "accessoryRectangular", "accessoryInline"])
        request.families = [.systemLarge, .systemSmall]
        let some = try await run(request)
        #expect(some.manifest.images.map(\.family) == ["small"])
        #expect(some.notes.contains { $0.contains("large") && $0.contains("covid-country") })
        #expect(some.manifest.widgets.first?.skipped.map(\.family) == ["large"])
    }

    @Test func nothingToRenderIsAUsageError() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = Fixtures.request(kind: "covid-country", out: out)
        request.families = [.systemLarge]
        await #expect(throws: WidgetRenderError.self) { try await run(request) }
    }

    @Test(arguments: [
        (["country": ""], "invalid value '' for parameter 'country'"),
        (["country": String(repeating: "x", count: 61)], "for parameter 'country'"),
        (["range": "2w"], "invalid value '2w' for parameter 'range'"),
        (["colour": "red"], "unknown parameter 'colour'"),
    ])
    func badParametersAreUsageErrors(parameters: [String: String], message: String) async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = RenderBatch(outputDirectory: out)
        request.parameters = parameters
        do {
            _ = try await run(request)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .invalidRequest)
            #expect(error.description.contains(message))
        }
    }

    @Test func aCountryNotInTheDataIsADataErrorWithCloseMatches() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = Fixtures.request(kind: "covid-country", out: out)
        request.parameters = ["country": "Swedn"]
        do {
            _ = try await run(request)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.description.contains("no country \"Swedn\"; close matches: \"Sweden\""), "\(error)")
        }
        // A country the widget has no translations for is still found, and named as the data names it.
        request.parameters = ["country": "sweden"]
        let sweden = try await run(request)
        #expect(sweden.manifest.images.first?.widgetURL == "widgetrender://covid/country/SWE")
    }

    @Test func countryParameterPicksTheCountry() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = Fixtures.request(kind: "covid-country", out: out)
        request.parameters = ["country": "kor"]
        let korea = try await run(request)
        #expect(korea.manifest.widgets.first?.parameters == ["country": "KOR"])
        #expect(korea.manifest.images.first?.widgetURL == "widgetrender://covid/country/KOR")
    }

    @Test func dataFileErrorsNameTheFileAndUseDataExitCodes() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = Fixtures.request(kind: "price", out: out)
        request.providerValues.chartData = ChartDataOptions(source: out.appendingPathComponent("missing.csv").path)
        do {
            _ = try await run(request)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingInput)
            #expect(error.description.contains("missing.csv"))
        }
        let bad = out.appendingPathComponent("bad.csv")
        try Data("Date,Open,High,Low\n2023-01-01,1,2,3\n".utf8).write(to: bad)
        request.providerValues.chartData = ChartDataOptions(source: bad.path)
        do {
            _ = try await run(request)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.description.contains("bad.csv"))
        }
        // Nothing half-written.
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("price").path))
    }

    @Test func theSharedContainerReachesTheProviderAndABadImageIsItsToHandle() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let container = out.appendingPathComponent("group")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        var request = Fixtures.request(kind: "covid-global", out: out)
        request.appGroups = AppGroupContainers(folders: [BuiltInWidgets.appGroup: container])
        let plain = try await run(request)
        #expect(plain.warnings.isEmpty)
        _ = try Fixtures.backgroundImage(in: container)
        let withImage = try await run(request)
        #expect(withImage.manifest.images.first?.sha256 != plain.manifest.images.first?.sha256)
        // A file that is not a PNG: the widget draws its own background, with a warning naming it.
        try Data("garbage".utf8).write(to: container.appendingPathComponent("bg.png"))
        let garbage = try await run(request)
        #expect(garbage.manifest.images.first?.sha256 == plain.manifest.images.first?.sha256)
        #expect(garbage.warnings.contains { $0.message.contains("bg.png: not a valid PNG or JPEG (no PNG signature") })
        // A PNG whose header claims 20000×20000 pixels is refused by its header, not decoded.
        var huge = try Data(contentsOf: try Fixtures.backgroundImage(in: container))
        huge.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        try huge.write(to: container.appendingPathComponent("bg.png"))
        let oversized = try await run(request)
        #expect(oversized.manifest.images.first?.sha256 == plain.manifest.images.first?.sha256)
        #expect(
            oversized.warnings.contains {
                $0.message.contains("bg.png: 20000×20000 pixels is larger than the 8192×8192 limit")
            }
        )
        // A right header over cut-off data: not drawn, with a warning, never a failed render.
        let whole = try Data(contentsOf: try Fixtures.backgroundImage(in: container))
        try whole.prefix(whole.count / 2).write(to: container.appendingPathComponent("bg.png"))
        let truncated = try await run(request)
        #expect(truncated.manifest.images.first?.sha256 == plain.manifest.images.first?.sha256)
        #expect(truncated.warnings.contains { $0.message.contains("bg.png: not a valid PNG") }, "\(truncated.warnings)")
        // A FIFO named bg.png: never opened (it would block the provider), a warning.
        try FileManager.default.removeItem(at: container.appendingPathComponent("bg.png"))
        #expect(mkfifo(container.appendingPathComponent("bg.png").path, 0o600) == 0)
        let fifo = try await run(request)
        #expect(fifo.manifest.images.first?.sha256 == plain.manifest.images.first?.sha256)
        #expect(fifo.warnings.contains { $0.message.contains("bg.png: is not a regular file (a FIFO)") })
        // A folder that does not exist is the user's mistake: exit 66.
        request.appGroups = AppGroupContainers(defaultFolder: out.appendingPathComponent("nowhere"))
        do {
            _ = try await run(request)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingInput)
            #expect(error.description.contains("nowhere"))
        }
    }

    /// The manifest's images are encoded one at a time (so a 10,000-image manifest never holds
    /// Foundation's tree of all of them) into the very bytes one JSONEncoder pass writes, with
    /// nested empty arrays, escaped newlines and slashes, and optional fields left out.
    @Test func theManifestIsEncodedRecordByRecordIntoTheSameBytes() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = RenderBatch(outputDirectory: out)
        request.families = nil
        request.now = Fixtures.now
        var manifest = try await run(request).manifest
        #expect(manifest.images.count > 20)
        manifest.images[0].locale = "two\nlines / and a \"quote\""
        manifest.images[1].controls = []
        manifest.images += manifest.images
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let whole = try encoder.encode(manifest)
        let spliced = try manifest.encoded()
        #expect(spliced == whole, "\(String(decoding: spliced.prefix(2000), as: UTF8.self))")
        manifest.images = []
        #expect(try manifest.encoded() == (try encoder.encode(manifest)))
    }
}
