import Charts
import Foundation
import Testing
import WidgetSnapshotTesting

/// Charts written as Apple's Swift Charts documentation writes them, each a golden in a medium
/// widget at @2x: light in English, dark in Japanese, and accented. Each names the page it comes from and the lines changed to build here:
/// `import Charts` stays; `CGFloat` is `Double`; dates are made in UTC's Gregorian calendar
/// instead of `Calendar.autoupdatingCurrent` (so the goldens do not depend on the machine), and
/// the pages' `!` after a calendar's date is `?? .distantPast` (the project's lint forbids `!`);
/// where the page elides data (`// ...`), the data is completed and says so.
@Suite("Ported charts")
struct PortedChartTests {
    /// The chart in English and light; in Japanese and dark (the axes' dates and numbers as
    /// Japanese writes them); and accented, as a tinted Home Screen draws it.
    private func check(_ chart: ViewNode, _ name: String = #function) {
        let view = chart.padding(12).node
        assertSnapshot(of: view, as: .image(family: .systemMedium, scale: 2), named: "light", testName: name)
        assertSnapshot(
            of: view,
            as: .image(family: .systemMedium, scale: 2, colorScheme: .dark, locale: Locale(identifier: "ja")),
            named: "ja-dark", testName: name)
        assertSnapshot(
            of: view, as: .image(family: .systemMedium, scale: 2, renderingMode: .accented), named: "accented",
            testName: name)
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        return calendar
    }()

    // MARK: LineMark

    struct MonthlyHoursOfSunshine: Identifiable {
        var id: Date { date }
        var date: Date
        var hoursOfSunshine: Double

        init(month: Int, hoursOfSunshine: Double) {
            // Changed: `Calendar.autoupdatingCurrent` → UTC Gregorian.
            self.date = PortedChartTests.calendar.date(from: DateComponents(year: 2020, month: month)) ?? .distantPast
            self.hoursOfSunshine = hoursOfSunshine
        }
    }

    /// https://developer.apple.com/documentation/charts/linemark — the first example; the
    /// twelve values are the page's figure's. Lines changed: 1 (the calendar).
    @Test func lineMarkHoursOfSunshine() {
        let data: [MonthlyHoursOfSunshine] = [74, 99, 154, 201, 247, 234, 304, 248, 197, 122, 77, 62].enumerated().map {
            MonthlyHoursOfSunshine(month: $0.offset + 1, hoursOfSunshine: $0.element)
        }
        check(
            Chart(data) {
                LineMark(
                    x: .value("Month", $0.date),
                    y: .value("Hours of Sunshine", $0.hoursOfSunshine)
                )
            }.node)
    }

    struct ProfitOverTime {
        var week: Int
        var profit: Double
    }

    /// The Swift Charts overview page's two lines and a threshold, as quoted in
    /// https://developer.apple.com/forums/thread/707646 (data as given; the threshold's value,
    /// cut off there, is 20). Lines changed: 0.
    @Test func twoLinesAndAThreshold() {
        let departmentAProfile: [ProfitOverTime] = [
            .init(week: 1, profit: 21.5), .init(week: 2, profit: 19.2), .init(week: 3, profit: 18.4),
            .init(week: 4, profit: 21.0), .init(week: 5, profit: 19.7), .init(week: 6, profit: 14.7),
            .init(week: 7, profit: 22.1), .init(week: 8, profit: 18.0),
        ]
        let departmentBProfile: [ProfitOverTime] = [
            .init(week: 1, profit: 5.7), .init(week: 2, profit: 12.0), .init(week: 3, profit: 11.9),
            .init(week: 4, profit: 18.0), .init(week: 5, profit: 15.9), .init(week: 6, profit: 16.7),
            .init(week: 7, profit: 12.1), .init(week: 8, profit: 19.0),
        ]
        check(
            Chart {
                ForEach(departmentAProfile, id: \.week) {
                    LineMark(
                        x: .value("Week", $0.week),
                        y: .value("Profit A", $0.profit),
                        series: .value("Company", "A")
                    )
                    .foregroundStyle(.blue)
                }
                ForEach(departmentBProfile, id: \.week) {
                    LineMark(
                        x: .value("Week", $0.week),
                        y: .value("Profit B", $0.profit),
                        series: .value("Company", "B")
                    )
                    .foregroundStyle(.green)
                }
                RuleMark(
                    y: .value("Threshold", 20)
                )
                .foregroundStyle(.red)
            }.node)
    }

    // MARK: BarMark

    struct Profit: Identifiable {
        var id: String { department }
        let department: String
        let profit: Double
    }

    static let profits: [Profit] = [
        Profit(department: "Production", profit: 15000),
        Profit(department: "Marketing", profit: 8000),
        Profit(department: "Finance", profit: 10000),
    ]

    /// https://developer.apple.com/documentation/charts/barmark — profit by department (data as
    /// given). Lines changed: 0 (`id:` for `Identifiable`).
    @Test func barMarkProfitByDepartment() {
        check(
            Chart(Self.profits) {
                BarMark(
                    x: .value("Department", $0.department),
                    y: .value("Profit", $0.profit)
                )
            }.node)
    }

    struct ProfitByCategory: Identifiable {
        var id: String { department + productCategory }
        let department: String
        let profit: Double
        let productCategory: String
    }

    /// https://developer.apple.com/documentation/charts/barmark — "Stacked Bar Chart": bars
    /// at the same place stack by category (data completed). Lines changed: 0.
    @Test func barMarkStacked() {
        let data: [ProfitByCategory] = [
            .init(department: "Production", profit: 4000, productCategory: "Gizmos"),
            .init(department: "Production", profit: 5000, productCategory: "Gadgets"),
            .init(department: "Production", profit: 6000, productCategory: "Widgets"),
            .init(department: "Marketing", profit: 2000, productCategory: "Gizmos"),
            .init(department: "Marketing", profit: 1000, productCategory: "Gadgets"),
            .init(department: "Marketing", profit: 5000, productCategory: "Widgets"),
            .init(department: "Finance", profit: 2000, productCategory: "Gizmos"),
            .init(department: "Finance", profit: 3000, productCategory: "Gadgets"),
            .init(department: "Finance", profit: 5000, productCategory: "Widgets"),
        ]
        check(
            Chart(data) {
                BarMark(
                    x: .value("Category", $0.department),
                    y: .value("Profit", $0.profit)
                )
                .foregroundStyle(by: .value("Product Category", $0.productCategory))
            }.node)
    }

    struct Car: Identifiable {
        var id: String { product + type }
        let product: String
        let type: String
        let price: Double
    }

    /// https://developer.apple.com/documentation/charts/chartcontent/position(by:axis:span:) —
    /// a grouped bar chart (data made up; `axis: .horizontal` dropped). Lines changed: 1.
    @Test func groupedBars() {
        let cars: [Car] = [
            .init(product: "Sedan", type: "Petrol", price: 28), .init(product: "Sedan", type: "Electric", price: 41),
            .init(product: "SUV", type: "Petrol", price: 36), .init(product: "SUV", type: "Electric", price: 52),
            .init(product: "Van", type: "Petrol", price: 33), .init(product: "Van", type: "Electric", price: 47),
        ]
        check(
            Chart(cars) {
                BarMark(
                    x: .value("product", $0.product),
                    y: .value("price", $0.price)
                )
                .position(by: .value("type", $0.type))
                .foregroundStyle(by: .value("type", $0.type))
            }.node)
    }

    // MARK: RuleMark

    /// https://developer.apple.com/documentation/charts/rulemark/init(xstart:xend:y:) — a
    /// break-even threshold across bars (data as on the BarMark page). Lines changed: 0.
    @Test func ruleMarkThreshold() {
        check(
            Chart {
                ForEach(Self.profits) {
                    BarMark(
                        x: .value("Department", $0.department),
                        y: .value("Profit", $0.profit)
                    )
                }
                RuleMark(y: .value("Break Even Threshold", 9000))
                    .foregroundStyle(.red)
            }.node)
    }

    struct Pollen: Identifiable {
        var id: String { source }
        var source: String
        var startDate: Date
        var endDate: Date

        init(startMonth: Int, numMonths: Int, source: String) {
            self.source = source
            // Changed: `Calendar.autoupdatingCurrent` → UTC Gregorian.
            let calendar = PortedChartTests.calendar
            self.startDate = calendar.date(from: DateComponents(year: 2020, month: startMonth, day: 1)) ?? .distantPast
            self.endDate = calendar.date(byAdding: .month, value: numMonths, to: startDate) ?? startDate
        }
    }

    /// https://developer.apple.com/documentation/charts/rulemark — "Show Range with Rule Marks":
    /// when each pollen is in the air (data completed). Lines changed: 1 (the calendar).
    @Test func ruleMarkRanges() {
        let data: [Pollen] = [
            Pollen(startMonth: 1, numMonths: 9, source: "Trees"),
            Pollen(startMonth: 12, numMonths: 1, source: "Trees"),
            Pollen(startMonth: 3, numMonths: 8, source: "Grass"),
            Pollen(startMonth: 4, numMonths: 8, source: "Weeds"),
        ]
        check(
            Chart(data) {
                RuleMark(
                    xStart: .value("Start Date", $0.startDate),
                    xEnd: .value("End Date", $0.endDate),
                    y: .value("Pollen Source", $0.source)
                )
                .lineStyle(StrokeStyle(lineWidth: 8, lineCap: .round))
            }.node)
    }

    // MARK: AreaMark

    struct Food: Identifiable {
        let name: String
        let price: Double
        let date: Date
        var id: String { name + "\(date)" }

        init(name: String, price: Double, year: Int) {
            self.name = name
            self.price = price
            // Changed: `Calendar.autoupdatingCurrent` → UTC Gregorian.
            self.date = PortedChartTests.calendar.date(from: DateComponents(year: year)) ?? .distantPast
        }
    }

    static let cheeseburgerCost: [Food] = [
        .init(name: "Cheeseburger", price: 0.15, year: 1960), .init(name: "Cheeseburger", price: 0.20, year: 1970),
        .init(name: "Cheeseburger", price: 0.30, year: 1980), .init(name: "Cheeseburger", price: 0.50, year: 1990),
        .init(name: "Cheeseburger", price: 0.79, year: 2000), .init(name: "Cheeseburger", price: 0.99, year: 2010),
        .init(name: "Cheeseburger", price: 1.10, year: 2020),
    ]

    /// https://developer.apple.com/documentation/charts/areamark — the cheeseburger's cost over
    /// time (the years between 1970 and 2020, elided there, completed). Lines changed: 1.
    @Test func areaMarkCheeseburger() {
        check(
            Chart(Self.cheeseburgerCost) { cost in
                AreaMark(
                    x: .value("Date", cost.date),
                    y: .value("Price", cost.price)
                )
            }.node)
    }

    /// https://developer.apple.com/documentation/charts/areamark — several foods' costs as
    /// stacked areas, coloured by name (data made up). Lines changed: 1.
    @Test func areaMarkStacked() {
        let fries = Self.cheeseburgerCost.map {
            Food(name: "French Fries", price: $0.price * 0.6, year: Self.calendar.component(.year, from: $0.date))
        }
        let shakes = Self.cheeseburgerCost.map {
            Food(name: "Shake", price: $0.price * 0.9, year: Self.calendar.component(.year, from: $0.date))
        }
        check(
            Chart(Self.cheeseburgerCost + fries + shakes) { cost in
                AreaMark(
                    x: .value("Date", cost.date),
                    y: .value("Price", cost.price)
                )
                .foregroundStyle(by: .value("Food Item", cost.name))
            }.node)
    }

    // MARK: PointMark

    struct Insect: Identifiable {
        var id: String { name }
        let name: String
        let family: String
        let wingLength: Double
        let wingWidth: Double
        let weight: Double
    }

    /// https://developer.apple.com/documentation/charts/pointmark — wing length against width,
    /// coloured and shaped by family (the first insect as given, the rest made up). Lines
    /// changed: 0.
    @Test func pointMarkScatter() {
        let data: [Insect] = [
            Insect(name: "Hepialidae", family: "Lepidoptera", wingLength: 61, wingWidth: 52, weight: 22),
            Insect(name: "Danaidae", family: "Lepidoptera", wingLength: 60, wingWidth: 48, weight: 11),
            Insect(name: "Riodinidae", family: "Lepidoptera", wingLength: 53, wingWidth: 43, weight: 30),
            Insect(name: "Carabidae", family: "Coleoptera", wingLength: 32, wingWidth: 26, weight: 60),
            Insect(name: "Cicindelidae", family: "Coleoptera", wingLength: 25, wingWidth: 18, weight: 40),
            Insect(name: "Lucanidae", family: "Coleoptera", wingLength: 44, wingWidth: 30, weight: 82),
            Insect(name: "Apidae", family: "Hymenoptera", wingLength: 15, wingWidth: 8, weight: 12),
            Insect(name: "Vespidae", family: "Hymenoptera", wingLength: 20, wingWidth: 10, weight: 14),
        ]
        check(
            Chart(data) {
                PointMark(
                    x: .value("Wing Length", $0.wingLength),
                    y: .value("Wing Width", $0.wingWidth)
                )
                .foregroundStyle(by: .value("Family", $0.family))
                .symbol(by: .value("Family", $0.family))
            }.node)
    }

    // MARK: RectangleMark

    struct MatrixEntry: Identifiable {
        var id: String { positive + negative }
        var positive: String
        var negative: String
        var num: Double
    }

    /// https://developer.apple.com/documentation/charts/rectanglemark — a confusion matrix as
    /// a heat map coloured by a number (a continuous scale; counts made up). Lines changed: 0.
    @Test func rectangleMarkHeatMap() {
        let data: [MatrixEntry] = [
            MatrixEntry(positive: "+", negative: "+", num: 125),
            MatrixEntry(positive: "+", negative: "-", num: 10),
            MatrixEntry(positive: "-", negative: "-", num: 80),
            MatrixEntry(positive: "-", negative: "+", num: 1),
        ]
        check(
            Chart(data) {
                RectangleMark(
                    x: .value("Positive", $0.positive),
                    y: .value("Negative", $0.negative)
                )
                .foregroundStyle(by: .value("Number", $0.num))
            }.node)
    }

    // MARK: Axes

    struct BatteryLevel: Identifiable {
        var id: Date { date }
        let date: Date
        let level: Double
    }

    /// https://developer.apple.com/documentation/charts/customizing-axes-in-swift-charts — a
    /// day's battery levels: labels at 0, 50 and 100 %, grid lines also at 25 and 75, and
    /// times every three hours (levels made up from the page's description). Lines changed: 1
    /// (`.dateTime.hour()` labels, the article's `.narrow` amPM left out).
    @Test func customizedAxes() {
        let start = Self.calendar.date(from: DateComponents(year: 2022, month: 5, day: 2))!
        let data: [BatteryLevel] = (0..<48).map {
            BatteryLevel(
                date: start.addingTimeInterval(Double($0) * 1_800), level: 40 - Double($0) * 0.8 + ($0 > 30 ? 50 : 0))
        }
        check(
            Chart(data) {
                BarMark(
                    x: .value("Time", $0.date),
                    y: .value("Battery Level", $0.level / 100)
                )
            }
            .chartYScale(domain: 0.0...1.0)
            .chartXAxis {
                AxisMarks(values: .stride(by: .hour, count: 3)) { _ in
                    AxisGridLine()
                    AxisTick()
                    AxisValueLabel(format: .dateTime.hour())
                }
            }
            .chartYAxis {
                AxisMarks(values: [0.0, 0.5, 1.0]) { _ in
                    AxisGridLine()
                    AxisValueLabel(format: .percent)
                }
                AxisMarks(values: [0.25, 0.75]) { _ in
                    AxisGridLine()
                }
            })
    }
}
