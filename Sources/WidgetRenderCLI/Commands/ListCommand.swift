import ArgumentParser
import Foundation
import WidgetRender

/// `list`: the bundle's widgets with their families and parameters, or the devices.
struct ListCommand<Bundle: WidgetBundle, Options: WidgetCommandOptions>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandName.current
        return CommandConfiguration(
            commandName: "list",
            abstract: "List the widgets (or the devices) and their options.",
            discussion: """
                Examples:
                  \(name) list
                  \(name) list --json
                  \(name) list --devices
                """)
    }

    @Flag(help: "Print JSON: an array of {kind, displayName, description, families, parameters}.")
    var json = false

    @Flag(help: "List the devices and their widget sizes in points instead.")
    var devices = false

    init() {}

    func run() throws {
        if devices {
            printDevices()
            return
        }
        let widgets: [AnyWidget]
        do {
            widgets = try Bundle().resolvedWidgets()
        } catch {
            throw Console.fail(.invalidBundle("\(Bundle.self): \(error.description)"))
        }
        if json {
            print(String(decoding: try WidgetList.json(widgets), as: UTF8.self))
            return
        }
        for widget in widgets {
            print("\(widget.kind) — \(widget.displayName)")
            if !widget.description.isEmpty { print("  \(widget.description)") }
            print("  families: \(widget.supportedFamilies.map(\.shortName).joined(separator: ", "))")
            if widget.parameters.isEmpty {
                print("  parameters: none")
            } else {
                print("  parameters:")
                for parameter in widget.parameters {
                    let summary = parameter.summary.isEmpty ? "" : " \(parameter.summary)"
                    print(
                        "    --param \(parameter.key)=…  \(parameter.title):\(summary) Allowed: \(Self.allowed(parameter)). Default: \(parameter.defaultValue.isEmpty ? "(empty)" : parameter.defaultValue)."
                    )
                }
            }
            print("")
        }
    }

    /// The allowed values, with their labels where a label says more (`panda (Power Panda)`).
    static func allowed(_ parameter: WidgetParameter) -> String {
        guard case .choice(let choices) = parameter.kind else { return parameter.allowedDescription }
        return choices.map { $0.label.lowercased() == $0.value.lowercased() ? $0.value : "\($0.value) (\($0.label))" }
            .joined(separator: ", ")
    }

    private func printDevices() {
        for device in DeviceProfile.all {
            let marker = device.id == DeviceProfile.defaultID ? " (default)" : ""
            print("\(device.id)\(marker) @\(device.scale)x — \(device.models.joined(separator: ", "))")
            if let panel = device.panel {
                let pixels = "\(Int(device.screen.width) * device.scale)×\(Int(device.screen.height) * device.scale) px"
                let ink =
                    panel.palette.isEmpty
                    ? "\(panel.greys ?? 256) greys" : panel.palette.map(\.name).joined(separator: ", ")
                print(
                    "  e-ink, \(panel.orientation), \(pixels), \(ink); writes \(panel.bitDepth)-bit \(panel.format) by default"
                )
            }
            let sizes = device.families.compactMap { family in
                device.size(of: family).map { "\(family.shortName) \($0)" }
            }
            print("  \(sizes.joined(separator: ", "))")
        }
    }
}

/// The bundle's widgets as `list --json` prints them (and `serve` answers `GET /widgets`): an
/// array of {kind, displayName, description, families, parameters}.
package enum WidgetList {
    struct ParameterInfo: Encodable {
        var key: String
        var title: String
        var summary: String
        var type: String
        var allowed: [String]
        var `default`: String
    }

    struct WidgetInfo: Encodable {
        var kind: String
        var displayName: String
        var description: String
        var families: [String]
        var parameters: [ParameterInfo]
    }

    /// The JSON, pretty-printed with sorted keys.
    package static func json(_ widgets: [AnyWidget]) throws -> Data {
        let infos = widgets.map { widget in
            WidgetInfo(
                kind: widget.kind, displayName: widget.displayName, description: widget.description,
                families: widget.supportedFamilies.map(\.shortName),
                parameters: widget.parameters.map {
                    ParameterInfo(
                        key: $0.key, title: $0.title, summary: $0.summary, type: $0.typeName,
                        allowed: $0.allowedValues, default: $0.defaultValue)
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(infos)
    }
}
