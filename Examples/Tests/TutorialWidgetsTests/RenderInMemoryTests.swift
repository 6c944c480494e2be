import ChartWidgets
import Foundation
import Testing
import TutorialWidgets
import WidgetRender

/// The README's "Render in memory": a widget of your own, a built-in widget and a bare view to
/// PNG bytes through the render engine, with no file written.
@Suite struct RenderInMemoryTests {
    let morning = Fixtures.morning

    @Test func aWidgetOfYourOwn() async throws {
        // Your bundle's character-health widget, asked at 09:00 and shown at 11:30.
        let engine = try RenderEngine(bundle: TutorialWidgets())
        var request = RenderRequest(kind: "character-health", family: .systemSmall, askedAt: morning)
        request.shownAt = morning.addingTimeInterval(2.5 * 3600)
        request.parameters = ["hero": "egghead"]
        let widget = try await engine.render(request)
        let png: Data? = widget.image?.data
        // The 11:00 reload's timeline is on screen; the 12:00 entry replaces it next.
        print(widget.onScreen.reloads, widget.nextChange?.reason as Any, widget.nextChange?.date as Any)

        let bytes = try #require(png)
        #expect(try PNGFile.decode(bytes).width == 510)
        #expect(widget.onScreen.reloads == 1)
        #expect(widget.nextChange == NextChange(date: morning.addingTimeInterval(3 * 3600), reason: .entry))
    }

    @Test func aBuiltInWidget() async throws {
        // WidgetRender's own price widget, dark, in the libpng encoder's smaller PNG.
        let engine = try RenderEngine(bundle: BuiltInWidgets())
        var request = RenderRequest(kind: "price", family: .systemMedium, askedAt: morning)
        request.colorScheme = .dark
        let widget = try await engine.render(request, as: .libpng)
        let png: Data? = widget.image?.data

        let bytes = try #require(png)
        #expect(try PNGFile.decode(bytes).pixelsCRC64 == widget.image?.pixelsCRC64)
        #expect(widget.metrics.pixelWidth == 1092)
    }

    @Test func aBareView() async throws {
        // Any view, in a family's frame: no widget, no provider.
        let engine = try RenderEngine(widgets: [])
        let badge = VStack {
            Text("42").font(.largeTitle.bold())
            Text("steps to go").foregroundStyle(.secondary)
        }
        let rendered = try await engine.render(badge, in: RenderRequest(kind: "", family: .systemSmall))
        let png: Data? = rendered.image?.data

        let bytes = try #require(png)
        #expect(try PNGFile.decode(bytes).height == 510)
    }

    /// The app renames the list through `UserDefaults(suiteName:)`; the widget's
    /// `@AppStorage` title reads it at the next render.
    @Test func theAppsDefaultsReachTheWidgetsAppStorage() async throws {
        let container = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        try FileManager.default.copyItem(
            at: Fixtures.folder("todo/todos.json"), to: container.appendingPathComponent("todos.json"))
        let engine = try RenderEngine(bundle: TutorialWidgets())
        var request = RenderRequest(kind: "todo-list", family: .systemSmall, askedAt: morning)
        request.appGroups = AppGroupContainers(folders: ["group.com.example.todo": container])
        let before = try #require(try await engine.render(request).image?.pixelsCRC64)

        TodoApp(container: container).rename("Groceries", reloading: false)
        let file = container.appendingPathComponent("Library/Preferences/group.com.example.todo.plist")
        let stored = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
        #expect((stored as? [String: Any])?["listName"] as? String == "Groceries")
        let after = try #require(try await engine.render(request).image?.pixelsCRC64)
        #expect(after != before)
        // The same pixels as the golden drawn from a fixture holding that name.
        request.appGroups = Fixtures.todoGroup("todo-renamed")
        #expect(try await engine.render(request).image?.pixelsCRC64 == after)
    }
}
