import Testing
import WidgetCore
import WidgetLayout

@Suite("WidgetMetrics")
struct WidgetMetricsTests {
    @Test("medium on the default device is 364×170 pt, 1092×510 px at @3x")
    func mediumDefault() throws {
        let metrics = try WidgetMetrics(family: .systemMedium, device: .default)
        #expect(metrics.size == Size(width: 364, height: 170))
        #expect(metrics.scale == 3)
        #expect(metrics.pixelWidth == 1092)
        #expect(metrics.pixelHeight == 510)
        #expect(metrics.deviceID == "iphone-430x932")
        #expect(metrics.family == .systemMedium)
    }

    @Test("an explicit scale overrides the device's", arguments: [(1, 364, 170), (2, 728, 340), (3, 1092, 510)])
    func scaleOverride(scale: Int, width: Int, height: Int) throws {
        let metrics = try WidgetMetrics(family: .systemMedium, device: .default, scale: scale)
        #expect(metrics.scale == scale)
        #expect(metrics.size == Size(width: 364, height: 170))
        #expect(metrics.pixelWidth == width)
        #expect(metrics.pixelHeight == height)
    }

    @Test("iPad extra large is 634.5×305.5 pt, 1269×611 px at @2x")
    func iPadExtraLarge() throws {
        let metrics = try WidgetMetrics(family: .systemExtraLarge, device: try DeviceProfile.named("ipad-768x1024"))
        #expect(metrics.size == Size(width: 634.5, height: 305.5))
        #expect(metrics.scale == 2)
        #expect(metrics.pixelWidth == 1269)
        #expect(metrics.pixelHeight == 611)
    }

    @Test("half-point sizes round to whole pixels at @1x and @3x")
    func halfPointRounding() throws {
        let device = try DeviceProfile.named("ipad-768x1024")
        let one = try WidgetMetrics(family: .systemMedium, device: device, scale: 1)  // 305.5×141
        #expect(one.pixelWidth == 306)  // 305.5 rounds half away from zero
        #expect(one.pixelHeight == 141)
        let three = try WidgetMetrics(family: .systemMedium, device: device, scale: 3)
        #expect(three.pixelWidth == 917)  // 916.5
        #expect(three.pixelHeight == 423)
    }

    @Test("an iPhone has no extra large widget")
    func iPhoneHasNoExtraLarge() throws {
        #expect(throws: LayoutError.familyUnavailable(.systemExtraLarge, device: "iphone-430x932")) {
            try WidgetMetrics(family: .systemExtraLarge, device: .default)
        }
        let text = LayoutError.familyUnavailable(.systemExtraLarge, device: "iphone-430x932").description
        #expect(text.contains("iphone-430x932"))
        #expect(text.contains("extraLarge"))
    }

    @Test("an iPad has no accessory widgets")
    func iPadHasNoAccessory() throws {
        let device = try DeviceProfile.named("ipad-768x1024")
        #expect(throws: LayoutError.familyUnavailable(.accessoryCircular, device: "ipad-768x1024")) {
            try WidgetMetrics(family: .accessoryCircular, device: device)
        }
    }

    @Test("scales outside 1...3 are rejected", arguments: [4, 0, -1])
    func invalidScale(scale: Int) {
        #expect(throws: LayoutError.invalidScale(scale)) {
            try WidgetMetrics(family: .systemMedium, device: .default, scale: scale)
        }
    }

    @Test("an unavailable family is reported before a bad scale")
    func familyCheckedFirst() {
        #expect(throws: LayoutError.familyUnavailable(.systemExtraLarge, device: "iphone-430x932")) {
            try WidgetMetrics(family: .systemExtraLarge, device: .default, scale: 4)
        }
    }

    @Test(
        "system families have 16 pt margins on every edge",
        arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge])
    func systemMargins(family: WidgetFamily) throws {
        let metrics = try WidgetMetrics(family: family, device: .default)
        #expect(metrics.contentMargins == EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))
    }

    @Test("iPad extra large has 16 pt margins too")
    func extraLargeMargins() throws {
        let metrics = try WidgetMetrics(family: .systemExtraLarge, device: try DeviceProfile.named("ipad-768x1024"))
        #expect(metrics.contentMargins == EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))
    }

    @Test(
        "accessory families have no margins",
        arguments: [WidgetFamily.accessoryCircular, .accessoryRectangular, .accessoryInline])
    func accessoryMargins(family: WidgetFamily) throws {
        let metrics = try WidgetMetrics(family: family, device: .default)
        #expect(metrics.contentMargins == EdgeInsets())
        #expect(metrics.contentRect == metrics.bounds)
    }

    @Test("contentRect is the bounds inset by 16 pt")
    func contentRect() throws {
        let metrics = try WidgetMetrics(family: .systemMedium, device: .default)
        #expect(metrics.bounds == Rect(x: 0, y: 0, width: 364, height: 170))
        #expect(metrics.contentRect == Rect(x: 16, y: 16, width: 332, height: 138))
        let small = try WidgetMetrics(family: .systemSmall, device: .default)
        #expect(small.contentRect == Rect(x: 16, y: 16, width: 138, height: 138))
    }

    @Test("a circular accessory is clipped to a circle; rectangular and inline are square-cornered")
    func cornerRadii() throws {
        let circular = try WidgetMetrics(family: .accessoryCircular, device: .default)
        #expect(circular.cornerRadius == circular.size.width / 2)
        #expect(try WidgetMetrics(family: .accessoryRectangular, device: .default).cornerRadius == 0)
        #expect(try WidgetMetrics(family: .accessoryInline, device: .default).cornerRadius == 0)
        #expect(try WidgetMetrics(family: .systemSmall, device: .default).cornerRadius > 0)
    }
}
