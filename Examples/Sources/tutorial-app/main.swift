// The tutorials' app side, as a command: what the iOS apps do when their data changes — save it
// to the App Group container and call WidgetCenter.shared.reloadTimelines(ofKind:), which
// reaches every running `tutorial-widgets watch` of this user.
//
//   tutorial-app todo add TITLE --container DIR [--pause]
//   tutorial-app todo toggle TITLE --container DIR
//   tutorial-app todo rename NAME --container DIR
//   tutorial-app covid fetch --from API_DIR --container DIR
//
// --pause saves, prints "saved", and waits for a line on stdin before it reloads (tests use it
// to check that a saved file alone changes nothing, as on iOS).
import Foundation
import TutorialWidgets

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tutorial-app: \(message)\n".utf8))
    exit(64)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

nonisolated(unsafe) var arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}
func flag(_ name: String) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
}

guard let containerPath = option("--container") else { fail("give --container DIR (the App Group folder)") }
let container = URL(fileURLWithPath: containerPath, isDirectory: true)
let source = option("--from")
let pause = flag("--pause")

do {
    switch (arguments.first, arguments.dropFirst().first) {
    case ("todo", "add"), ("todo", "toggle"):
        guard arguments.count == 3 else { fail("todo \(arguments[1]) takes one title") }
        let app = TodoApp(container: container)
        if arguments[1] == "add" {
            try app.add(arguments[2], reloading: !pause)
        } else {
            try app.toggle(arguments[2], reloading: !pause)
        }
        say("saved")
        if pause {
            _ = readLine()
            TodoApp.reloadWidget()
            say("reloaded")
        }
    case ("todo", "rename"):
        guard arguments.count == 3 else { fail("todo rename takes one name") }
        TodoApp(container: container).rename(arguments[2])
        say("saved")
    case ("covid", "fetch"):
        guard let source else { fail("covid fetch takes --from API_DIR (all.json and countries.json)") }
        let snapshot = try CovidApp.fetch(from: URL(fileURLWithPath: source, isDirectory: true), into: container)
        say("saved \(snapshot.countries.count) countries; reloaded")
    default:
        fail(
            "use: todo add TITLE | todo toggle TITLE | todo rename NAME | covid fetch --from DIR, with --container DIR")
    }
} catch {
    FileHandle.standardError.write(Data("tutorial-app: \(error)\n".utf8))
    exit(65)
}
