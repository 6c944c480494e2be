import Testing
import WidgetCore

@Suite("WidgetFamily")
struct WidgetFamilyTests {
    @Test(
        "short names find their family",
        arguments: [
            ("small", WidgetFamily.systemSmall), ("medium", .systemMedium), ("large", .systemLarge),
            ("extraLarge", .systemExtraLarge), ("accessoryCircular", .accessoryCircular),
            ("accessoryRectangular", .accessoryRectangular), ("accessoryInline", .accessoryInline),
        ])
    func shortNames(name: String, family: WidgetFamily) {
        #expect(WidgetFamily(name: name) == family)
        #expect(family.shortName == name)
    }

    @Test(
        "WidgetKit names find their family",
        arguments: [
            ("systemSmall", WidgetFamily.systemSmall), ("systemMedium", .systemMedium), ("systemLarge", .systemLarge),
            ("systemExtraLarge", .systemExtraLarge), ("accessoryCircular", .accessoryCircular),
            ("accessoryRectangular", .accessoryRectangular), ("accessoryInline", .accessoryInline),
        ])
    func widgetKitNames(name: String, family: WidgetFamily) {
        #expect(WidgetFamily(name: name) == family)
        #expect(family.rawValue == name)
    }

    @Test(
        "names are matched case-insensitively",
        arguments: [
            ("MEDIUM", WidgetFamily.systemMedium), ("Small", .systemSmall), ("extralarge", .systemExtraLarge),
            ("SYSTEMLARGE", .systemLarge), ("AccessoryInline", .accessoryInline),
        ])
    func caseInsensitive(name: String, family: WidgetFamily) {
        #expect(WidgetFamily(name: name) == family)
    }

    @Test(
        "unknown names give nil",
        arguments: ["", "huge", "extra-large", "system", "accessory", "circular", "systemHuge", " medium", "medium "])
    func unknownNames(name: String) {
        #expect(WidgetFamily(name: name) == nil)
    }

    @Test("every family round-trips through both of its names", arguments: WidgetFamily.allCases)
    func roundTrip(family: WidgetFamily) {
        #expect(WidgetFamily(name: family.shortName) == family)
        #expect(WidgetFamily(name: family.rawValue) == family)
    }

    @Test("only the Lock Screen families are accessory")
    func isAccessory() {
        #expect(WidgetFamily.accessoryCircular.isAccessory)
        #expect(WidgetFamily.accessoryRectangular.isAccessory)
        #expect(WidgetFamily.accessoryInline.isAccessory)
        #expect(!WidgetFamily.systemSmall.isAccessory)
        #expect(!WidgetFamily.systemMedium.isAccessory)
        #expect(!WidgetFamily.systemLarge.isAccessory)
        #expect(!WidgetFamily.systemExtraLarge.isAccessory)
    }

    @Test("the system families are the four Home Screen sizes, in order")
    func systemFamilies() {
        #expect(WidgetFamily.systemFamilies == [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge])
        #expect(WidgetFamily.systemFamilies.allSatisfy { !$0.isAccessory })
        // Every family is a system family, an accessory one or a legacy Today one.
        #expect(
            WidgetFamily.allCases.filter(\.isAccessory).count + WidgetFamily.systemFamilies.count
                + WidgetFamily.todayFamilies.count + WidgetFamily.dashboardFamilies.count == WidgetFamily.allCases.count
        )
        #expect(WidgetFamily.todayFamilies.allSatisfy { $0.isToday && !$0.isAccessory })
    }

    @Test("short names are unique")
    func shortNamesUnique() {
        let names = WidgetFamily.allCases.map { $0.shortName.lowercased() }
        #expect(Set(names).count == names.count)
    }
}
