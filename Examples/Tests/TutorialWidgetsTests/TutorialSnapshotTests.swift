import Foundation
import Testing
import TutorialWidgets
import WidgetSnapshotTesting

/// Golden PNGs of the tutorial widgets in every family they support, taken the way a widget
/// author would: `assertSnapshot(of: MyWidget(), as: .widget(…))`.
@Suite
struct TutorialSnapshotTests {
    @Test func gameStatus() async {
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            await assertSnapshot(
                of: GameStatusWidget(), as: .widget(family: family, at: Fixtures.morning), named: family.shortName)
        }
        await assertSnapshot(
            of: GameStatusWidget(), as: .widget(family: .systemMedium, at: Fixtures.morning, colorScheme: .dark),
            named: "medium-dark")
    }

    /// A widget with a Swift Charts bar chart, as its iOS original writes it.
    @Test func pancakeSales() async {
        for family in [WidgetFamily.systemSmall, .systemMedium] {
            await assertSnapshot(
                of: PancakeSalesWidget(), as: .widget(family: family, at: Fixtures.morning), named: family.shortName)
        }
        await assertSnapshot(
            of: PancakeSalesWidget(), as: .widget(family: .systemMedium, at: Fixtures.morning, colorScheme: .dark),
            named: "medium-dark")
    }

    @Test func characterHealth() async {
        for family in [
            WidgetFamily.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline,
        ] {
            await assertSnapshot(
                of: CharacterHealthWidget(), as: .widget(family: family, at: Fixtures.morning),
                named: family.shortName)
        }
        // Another hero, chosen through the intent's parameter.
        await assertSnapshot(
            of: CharacterHealthWidget(),
            as: .widget(family: .systemSmall, at: Fixtures.morning, parameters: ["hero": "egghead"]),
            named: "egghead")
    }

    @Test func characterHealthInTheTintedAndLockScreenModes() async {
        for (family, mode) in [(WidgetFamily.systemSmall, WidgetRenderingMode.accented), (.systemMedium, .vibrant)] {
            await assertSnapshot(
                of: CharacterHealthWidget(), as: .widget(family: family, at: Fixtures.morning, renderingMode: mode),
                named: "\(family.shortName)-\(mode)")
        }
    }

    @Test func characterHealthLaterOn() async {
        // Asked at 09:00 and shown at 11:30: past the 11:00 reload, so the second request's entry.
        await assertSnapshot(
            of: CharacterHealthWidget(),
            as: .widget(
                family: .systemSmall, at: Fixtures.morning, shownAt: Fixtures.morning.addingTimeInterval(2.5 * 3600)),
            named: "small-1130")
    }

    /// The COVID tracker tutorial: no country chosen falls back to the United States; a country
    /// chosen through the intent; the global widget over the app's `bg.png` from the container.
    @Test func covidTracker() async {
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            await assertSnapshot(
                of: CovidCountryWidget(),
                as: .widget(family: family, at: Fixtures.morning, appGroups: Fixtures.covidGroup),
                named: "country-\(family.shortName)")
        }
        await assertSnapshot(
            of: CovidCountryWidget(),
            as: .widget(
                family: .systemMedium, at: Fixtures.morning, colorScheme: .dark, parameters: ["country": "JP"],
                appGroups: Fixtures.covidGroup),
            named: "country-medium-japan-dark")
        for family in [WidgetFamily.systemSmall, .systemMedium] {
            await assertSnapshot(
                of: CovidGlobalWidget(),
                as: .widget(family: family, at: Fixtures.morning, appGroups: Fixtures.covidGroup),
                named: "global-\(family.shortName)")
        }
        // Before the app's first fetch: what to do, not zeros.
        await assertSnapshot(
            of: CovidCountryWidget(), as: .widget(family: .systemSmall, at: Fixtures.morning), named: "country-no-data")
    }

    @Test func todoList() async {
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            await assertSnapshot(
                of: TodoListWidget(),
                as: .widget(family: family, at: Fixtures.morning, appGroups: Fixtures.todoGroup("todo")),
                named: family.shortName)
        }
        await assertSnapshot(
            of: TodoListWidget(),
            as: .widget(family: .systemSmall, at: Fixtures.morning, appGroups: Fixtures.todoGroup("todo-corrupt")),
            named: "corrupt")
        // The app named the list in the group's defaults (a binary property list, as iOS writes).
        await assertSnapshot(
            of: TodoListWidget(),
            as: .widget(family: .systemSmall, at: Fixtures.morning, appGroups: Fixtures.todoGroup("todo-renamed")),
            named: "renamed")
        await assertSnapshot(
            of: TodoListWidget(), as: .widget(family: .systemSmall, at: Fixtures.morning, entry: .placeholder),
            named: "placeholder")
    }

    /// A container of the user's own: the flow layout in `Support/FlowLayout.swift`, used as on
    /// iOS 16 (`FlowLayout { … }`).
    @Test func aFlowLayout() {
        let tags = ["Groceries", "Work", "Home", "Errands", "Reading", "Garden", "Health", "Travel"]
        assertSnapshot(
            of: FlowLayout(spacing: 6) {
                ForEach(tags, id: \.self) { tag in
                    Text(tag).font(.caption).padding(.horizontal, 8).padding(.vertical, 3)
                        .background(Capsule().fill(Color.orange.opacity(0.2)))
                }
            },
            as: .image(family: .systemMedium))
    }

    @Test func aView() {
        assertSnapshot(of: Text("42").font(.largeTitle), as: .image(family: .systemSmall))
    }
}
