import Foundation
import Testing
import WidgetCore

private struct AccentKey: EnvironmentKey {
    static let defaultValue = "none"
}

extension EnvironmentValues {
    fileprivate var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

/// A view of the kind a user writes: a `body` reading the environment.
private struct FamilyLabel: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.accent) var accent

    var body: some View {
        Text("\(family.shortName) \(accent)")
    }
}

private struct Row: View {
    var title: String

    var body: some View {
        HStack {
            Text(title)
            FamilyLabel()
        }
    }
}

/// Views with a `body` compose like SwiftUI's, and `@Environment` reads the values where they are placed.
@Suite struct EnvironmentTests {
    static func environment(_ family: WidgetFamily) -> EnvironmentValues {
        ViewContext(family: family, displaySize: Size(width: 170, height: 170)).environment
    }

    @Test func aBodyIsEvaluatedWithTheEnvironmentOfItsPlace() {
        let view = VStack {
            FamilyLabel()
            FamilyLabel().environment(\.accent, "orange")
            Row(title: "a")
        }
        let small = view.node.resolved(in: Self.environment(.systemSmall))
        #expect(
            describe(small)
                == "V[Text(small none), Env[custom](Text(small orange)), H[Text(a), Text(small none)]]")
        let inline = view.node.resolved(in: Self.environment(.accessoryInline))
        #expect(describe(inline).hasPrefix("V[Text(accessoryInline none)"))
    }

    @Test func aContextsScreenDeviceIsTheEnvironments() {
        #expect(Self.environment(.dashboardQuadrant).screenDevice == nil)
        var context = ViewContext(family: .dashboardQuadrant, displaySize: Size(width: 400, height: 240))
        context.screenDevice = ScreenDeviceStatus(id: "AA:BB", batteryVoltage: 3.9, rssi: -70)
        #expect(context.environment.screenDevice == ScreenDeviceStatus(id: "AA:BB", batteryVoltage: 3.9, rssi: -70))
        #expect(ScreenDeviceStatus().isEmpty)
        #expect(!ScreenDeviceStatus(firmwareVersion: "1.6.5").isEmpty)
    }

    @Test func compositeViewsStayUnevaluatedUntilLaidOut() {
        #expect(describe(Row(title: "x").node) == "Composite(Row)")
        #expect(describe(ViewNode(Text("plain"))) == "Text(plain)")
    }

    /// What a text says in an environment, as layout measures and draws it.
    static func string(_ text: Text, in environment: EnvironmentValues) -> String? {
        guard case .primitive(let behavior, _) = text.node.kind, let spec = behavior as? TextSpec else { return nil }
        return spec.string(in: environment)
    }

    @Test func textWithADateIsWrittenForTheTimeShown() {
        let deadline = Date(timeIntervalSince1970: 1_767_258_000)
        var environment = Self.environment(.systemSmall)
        environment.date = deadline.addingTimeInterval(-(2 * 3600 + 5 * 60))
        #expect(Self.string(Text(deadline, style: .relative), in: environment) == "2 hours, 5 minutes")
        #expect(Self.string(Text(deadline, style: .offset), in: environment) == "+2 hours")
        environment.locale = Locale(identifier: "ja")
        #expect(Self.string(Text(deadline, style: .relative), in: environment) == "2時間5分")
        environment.date = deadline.addingTimeInterval(-152)
        #expect(Self.string(Text(deadline, style: .timer), in: environment) == "2:32")
        environment.timeZone = TimeZone(identifier: "Asia/Tokyo") ?? .utc
        #expect(Self.string(Text(deadline, style: .time), in: environment) == "18:00")
        #expect(Self.string(Text(deadline, style: .date), in: environment) == "2026年1月1日")
    }

    @Test func outsideARenderTheEnvironmentHasItsDefaults() {
        #expect(FamilyLabel().family == .systemSmall)
        #expect(FamilyLabel().accent == "none")
    }
}

/// Families can grow without breaking a user's `switch`; names round-trip.
@Suite struct WidgetFamilyShapeTests {
    @Test func familiesEncodeAsWidgetKitNames() throws {
        let data = try JSONEncoder().encode([WidgetFamily.systemMedium, .accessoryInline])
        #expect(String(decoding: data, as: UTF8.self) == #"["systemMedium","accessoryInline"]"#)
        #expect(try JSONDecoder().decode([WidgetFamily].self, from: data) == [.systemMedium, .accessoryInline])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([WidgetFamily].self, from: Data(#"["huge"]"#.utf8))
        }
    }
}
