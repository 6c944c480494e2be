import Foundation
import Testing
import TutorialWidgets
import WidgetRender

/// WidgetKit's time model on the tutorial widgets, through the same engine the command runs.
@Suite struct TimeModelTests {
    func renderer() throws -> FolderRenderer {
        FolderRenderer(engine: try RenderEngine(bundle: TutorialWidgets()))
    }

    @Test func characterHealthOverFourHoursReloadsAfterTwo() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = RenderBatch(outputDirectory: out)
        request.kinds = ["character-health"]
        request.families = [.systemSmall]
        let start = Fixtures.morning
        let result = try await renderer().simulate(
            request, from: start, to: start.addingTimeInterval(4 * 3600))
        let widget = try #require(result.manifest.widgets.first)
        // Asked at 09:00 and again at the 11:00 reload.
        #expect(widget.requests.map(\.askedAt) == [start, start.addingTimeInterval(2 * 3600)])
        #expect(widget.requests.map(\.reloadPolicy) == [.after, .after])
        // The first timeline's 11:00 and 12:00 entries are replaced by the reload before they show.
        #expect(widget.requests[0].entries.map(\.status) == [.shown, .shown, .unreachable, .unreachable])
        // On screen: 09:00 and 10:00 from the first request, 11:00 and 12:00 from the second.
        let screens = result.manifest.images.map {
            ($0.shownAt.timeIntervalSince(start) / 3600, $0.request, $0.entryIndex, $0.reason)
        }
        #expect(screens.map(\.0) == [0, 1, 2, 3])
        #expect(screens.map(\.1) == [0, 0, 1, 1])
        #expect(screens.map(\.2) == [0, 1, 0, 1])
        #expect(screens.map(\.3) == [.start, .entry, .reload, .entry])
        #expect(result.files.count == 4)
    }

    @Test func aCorruptTodoFileShowsTheErrorEntryAndRetriesIn15Minutes() async throws {
        let out = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var request = RenderBatch(outputDirectory: out)
        request.kinds = ["todo-list"]
        request.families = [.systemSmall]
        request.now = Fixtures.morning
        request.appGroups = Fixtures.todoGroup("todo-corrupt")
        let result = try await renderer().run(request)
        let widget = try #require(result.manifest.widgets.first)
        #expect(widget.reloadPolicy == .after)
        #expect(widget.nextReload == Fixtures.morning.addingTimeInterval(15 * 60))
        #expect(result.files.count == 1)

        request.appGroups = Fixtures.todoGroup("todo")
        let good = try await renderer().run(request)
        #expect(good.manifest.widgets.first?.reloadPolicy == .never)
        #expect(good.manifest.widgets.first?.nextReload == nil)
        #expect(good.manifest.images.first?.sha256 != result.manifest.images.first?.sha256)
    }

    @Test func theIntentsParameterIsListedAndChecked() throws {
        let widget = try #require(try TutorialWidgets().resolvedWidgets().first { $0.kind == "character-health" })
        let hero = try #require(widget.parameters.first)
        #expect(hero.key == "hero")
        #expect(hero.title == "Hero")
        #expect(hero.defaultValue == "panda")
        #expect(hero.allowedValues == ["panda", "spouty", "egghead"])
        #expect(throws: ParameterError.self) {
            try WidgetParameters.resolve(["hero": "batman"], against: widget.parameters)
        }
    }
}
