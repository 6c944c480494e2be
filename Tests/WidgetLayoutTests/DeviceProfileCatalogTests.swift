import Foundation
import Testing
import WidgetAssets
import WidgetCore
import WidgetLayout

/// One device row of `Assets/reference/widget-families.json`, read with JSONSerialization.
struct ReferenceDevice: CustomStringConvertible {
    var id: String
    var models: [String]
    var screen: Size
    var scale: Int
    var confidence: String?
    /// Keyed by WidgetKit name (`systemMedium`).
    var families: [String: Size]
    var homeScreen: [String: Size]?

    var description: String { id }
}

enum ReferenceFile {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func pair(_ value: Any?, _ what: String) throws -> Size {
        guard let numbers = value as? [NSNumber], numbers.count == 2 else {
            throw Malformed(description: "\(what): expected [width, height]")
        }
        return Size(width: numbers[0].doubleValue, height: numbers[1].doubleValue)
    }

    static func sizes(_ value: Any?, _ what: String) throws -> [String: Size]? {
        guard let object = value as? [String: Any] else { return nil }  // absent or null
        var result: [String: Size] = [:]
        for (key, raw) in object { result[key] = try pair(raw, "\(what).\(key)") }
        return result
    }

    /// Every device in the file's `devices` array that has `families` (some rows hold `null`).
    static func devicesWithFamilies() throws -> [ReferenceDevice] {
        let data = try Data(contentsOf: try WidgetAssets.url("reference/widget-families.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let devices = try #require(root["devices"] as? [[String: Any]])
        #expect(!devices.isEmpty)
        return try devices.compactMap { object -> ReferenceDevice? in
            let id = try #require(object["id"] as? String)
            guard let families = try sizes(object["families"], "\(id).families") else { return nil }
            return ReferenceDevice(
                id: id, models: object["models"] as? [String] ?? [],
                screen: try pair(object["screen_pt"], "\(id).screen_pt"),
                scale: try #require((object["scale"] as? NSNumber)?.intValue),
                confidence: object["confidence"] as? String, families: families,
                homeScreen: try sizes(object["home_screen_scaled"], "\(id).home_screen_scaled"))
        }
    }
}

@Suite("DeviceProfile catalog against the reference JSON")
struct DeviceProfileCatalogTests {
    @Test("the reference file has devices with families, and rows without families are skipped")
    func referenceIsReadable() throws {
        let devices = try ReferenceFile.devicesWithFamilies()
        #expect(devices.count >= 2)
        #expect(devices.contains { $0.id.hasPrefix("iphone-") })
        #expect(devices.contains { $0.id.hasPrefix("ipad-") })
    }

    @Test("every reference device with families is in the catalog with identical numbers")
    func referenceDevicesInCatalog() throws {
        let catalog = DeviceProfile.all
        for reference in try ReferenceFile.devicesWithFamilies() {
            guard let device = catalog.first(where: { $0.id == reference.id }) else {
                Issue.record("\(reference.id) is in widget-families.json but not in DeviceProfile.all")
                continue
            }
            #expect(device.scale == reference.scale, "\(reference.id) scale")
            #expect(device.screen == reference.screen, "\(reference.id) screen")
            #expect(device.models == reference.models, "\(reference.id) models")
            #expect(device.confidence == reference.confidence, "\(reference.id) confidence")

            var expected: [WidgetFamily: Size] = [:]
            for (name, size) in reference.families {
                guard let family = WidgetFamily.allCases.first(where: { $0.rawValue == name }) else {
                    Issue.record("\(reference.id): '\(name)' is not a WidgetKit family name")
                    continue
                }
                expected[family] = size
            }
            #expect(device.familySizes == expected, "\(reference.id) family sizes")

            let expectedHome = reference.homeScreen.map { sizes in
                Dictionary(
                    uniqueKeysWithValues: sizes.compactMap { name, size in
                        WidgetFamily.allCases.first(where: { $0.rawValue == name }).map { ($0, size) }
                    })
            }
            #expect(device.homeScreenSizes == expectedHome, "\(reference.id) home screen sizes")
        }
    }

    @Test("every catalog device is a reference device with families, in the same order")
    func catalogDevicesInReference() throws {
        let referenceIDs = try ReferenceFile.devicesWithFamilies().map(\.id)
        let catalogIDs = DeviceProfile.phonesAndTablets.map(\.id)
        #expect(DeviceProfile.all.map(\.id) == catalogIDs + DeviceProfile.screens.map(\.id))
        for id in catalogIDs where !referenceIDs.contains(id) {
            Issue.record("\(id) is in DeviceProfile.all but not (with families) in widget-families.json")
        }
        #expect(catalogIDs == referenceIDs)
    }

    @Test("catalog identifiers are unique")
    func uniqueIDs() {
        let ids = DeviceProfile.all.map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test("the default device is iphone-430x932 and is in the catalog")
    func defaultDevice() throws {
        #expect(DeviceProfile.defaultID == "iphone-430x932")
        #expect(DeviceProfile.default.id == "iphone-430x932")
        #expect(DeviceProfile.all.contains { $0.id == DeviceProfile.defaultID })
        let reference = try #require(try ReferenceFile.devicesWithFamilies().first { $0.id == "iphone-430x932" })
        #expect(DeviceProfile.default.scale == reference.scale)
    }

    @Test("named finds a device case-insensitively and rejects unknown ids with the known list")
    func named() throws {
        #expect(try DeviceProfile.named("ipad-768x1024").id == "ipad-768x1024")
        #expect(try DeviceProfile.named("IPHONE-393X852").id == "iphone-393x852")
        let error = #expect(throws: LayoutError.self) { try DeviceProfile.named("iphone-1x1") }
        #expect(error == .unknownDevice("iphone-1x1", known: DeviceProfile.all.map(\.id)))
        let text = try #require(error).description
        #expect(text.contains("iphone-1x1"))
        #expect(text.contains("iphone-430x932"))
    }

    @Test("families are listed in WidgetKit order; iPhones have no extra large, iPads no accessories")
    func familiesPerDevice() throws {
        for device in DeviceProfile.all {
            #expect(
                device.families == WidgetFamily.allCases.filter { device.size(of: $0) != nil }, "\(device.id)")
            #expect(
                device.families.filter { !$0.isToday }
                    == WidgetFamily.allCases.filter {
                        device.familySizes[$0] != nil
                    }, "\(device.id)")
            if device.id.hasPrefix("iphone-") {
                #expect(device.size(of: .systemExtraLarge) == nil, "\(device.id)")
            }
            if device.id.hasPrefix("ipad-") {
                let accessory = device.families.filter { $0.isAccessory }
                #expect(accessory.isEmpty, "\(device.id)")
            }
        }
        let phone = try DeviceProfile.named("iphone-393x852")
        #expect(phone.size(of: .systemMedium) == Size(width: 338, height: 158))
    }

    @Test("the legacy Today families follow the reference file's rule: iPhones only, screen − 16 wide")
    func todayFamilies() throws {
        let data = try Data(contentsOf: try WidgetAssets.url("reference/widget-families.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let today = try #require(root["today_extension_legacy"] as? [String: Any])
        let rule = try #require(today["widgetrender_sizes"] as? [String: Any])
        let compact = try #require((rule["compact_height_pt"] as? NSNumber)?.doubleValue)
        let expanded = try #require((rule["expanded_height_pt"] as? NSNumber)?.doubleValue)
        let published = try #require((today["compact_height_pt"] as? [String: Any])?["value"] as? NSNumber)
        #expect(compact == published.doubleValue)
        #expect(compact == DeviceProfile.todayCompactHeight)
        #expect(expanded == DeviceProfile.todayExpandedHeight)
        let margins = try #require(rule["content_margins_pt"] as? [String: NSNumber])
        let metrics = try WidgetMetrics(family: .todayCompact, device: try DeviceProfile.named("iphone-320x568"))
        #expect(metrics.contentMargins.top == margins["top"]?.doubleValue)
        #expect(metrics.contentMargins.leading == margins["leading"]?.doubleValue)
        #expect(metrics.cornerRadius == (rule["corner_radius_pt"] as? NSNumber)?.doubleValue)
        #expect(metrics.size == Size(width: 304, height: 110))
        #expect(metrics.pixelWidth == 608)
        for device in DeviceProfile.all {
            if device.id.hasPrefix("iphone-") {
                #expect(device.size(of: .todayCompact) == Size(width: device.screen.width - 16, height: compact))
                #expect(device.size(of: .todayExpanded) == Size(width: device.screen.width - 16, height: expanded))
            } else {
                #expect(device.size(of: .todayCompact) == nil, "\(device.id)")
            }
        }
        #expect(WidgetFamily(name: "todayCompact") == .todayCompact)
        #expect(WidgetFamily.todayCompact.isToday && !WidgetFamily.todayCompact.isAccessory)
    }
}

/// `Assets/reference/eink-screens.json` against ``DeviceProfile/screens``.
@Suite("E-ink screens against the reference JSON")
struct ScreenCatalogTests {
    static func reference() throws -> [[String: Any]] {
        let data = try Data(contentsOf: try WidgetAssets.url("reference/eink-screens.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(root["screens"] as? [[String: Any]])
    }

    static func colour(_ hex: Any?) throws -> Color.RGBA {
        let text = try #require(hex as? String)
        return Color.RGBA(hex: try #require(UInt32(text, radix: 16)))
    }

    @Test("every screen of the reference file is in the catalogue, in its order, with its pixels, scale and panel")
    func screensMatchTheReference() throws {
        let reference = try Self.reference()
        #expect(DeviceProfile.screens.map(\.id) == reference.compactMap { $0["id"] as? String })
        #expect(reference.count == 11)
        for object in reference {
            let id = try #require(object["id"] as? String)
            let device = try DeviceProfile.named(id)
            let pixels = try #require(object["pixels"] as? [NSNumber]).map(\.intValue)
            let scale = try #require((object["scale"] as? NSNumber)?.intValue)
            #expect(device.scale == scale, "\(id)")
            #expect(device.models == object["models"] as? [String], "\(id)")
            let full = try WidgetMetrics(family: .dashboardFull, device: device)
            #expect([full.pixelWidth, full.pixelHeight] == pixels, "\(id)")
            let panel = try #require(device.panel, "\(id) has no panel")
            #expect(panel.greys == (object["greys"] as? NSNumber)?.intValue, "\(id) greys")
            #expect(panel.bitDepth == (object["bit_depth"] as? NSNumber)?.intValue, "\(id) bit depth")
            #expect(panel.format == object["format"] as? String, "\(id) format")
            #expect(panel.orientation == object["orientation"] as? String, "\(id) orientation")
            let inks = (object["palette"] as? [[String: Any]]) ?? []
            #expect(panel.palette.count == inks.count, "\(id) palette")
            for (ink, expected) in zip(panel.palette, inks) {
                #expect(ink.name == expected["name"] as? String)
                #expect(ink.nominal == (try Self.colour(expected["nominal"])), "\(id) \(ink.name)")
                #expect(ink.measured == (try Self.colour(expected["measured"])), "\(id) \(ink.name)")
            }
            #expect(!(object["source"] as? [String] ?? []).isEmpty, "\(id) names no source")
        }
    }

    @Test("a screen's dashboard families halve it in whole pixels, the left or top half rounded down; no phone family")
    func dashboardFamiliesHalveTheScreen() throws {
        for device in DeviceProfile.screens {
            let full = try WidgetMetrics(family: .dashboardFull, device: device)
            let (width, height) = (full.pixelWidth, full.pixelHeight)
            let expected: [WidgetFamily: (Int, Int)] = [
                .dashboardHalfHorizontal: (width, height / 2), .dashboardHalfVertical: (width / 2, height),
                .dashboardQuadrant: (width / 2, height / 2),
            ]
            for (family, size) in expected {
                let metrics = try WidgetMetrics(family: family, device: device)
                #expect(metrics.pixelWidth == size.0 && metrics.pixelHeight == size.1, "\(device.id) \(family)")
                #expect(metrics.cornerRadius == 0)
                #expect(metrics.contentMargins == EdgeInsets(all: WidgetMetrics.dashboardMargin))
            }
            #expect(device.families == WidgetFamily.dashboardFamilies, "\(device.id)")
        }
        for device in DeviceProfile.phonesAndTablets {
            #expect(!device.families.contains { $0.isDashboard }, "\(device.id)")
            #expect(device.panel == nil)
        }
    }

    @Test("dashboard families go by TRMNL's short names and their full names")
    func names() {
        #expect(WidgetFamily(name: "quadrant") == .dashboardQuadrant)
        #expect(WidgetFamily(name: "dashboardHalfVertical") == .dashboardHalfVertical)
        #expect(WidgetFamily(name: "halfhorizontal") == .dashboardHalfHorizontal)
        #expect(WidgetFamily.dashboardFull.shortName == "full")
        #expect(WidgetFamily.dashboardFull.screenSpan! == (2, 2))
        #expect(WidgetFamily.dashboardHalfHorizontal.screenSpan! == (2, 1))
        #expect(WidgetFamily.systemSmall.screenSpan == nil)
        #expect(!WidgetFamily.systemSmall.isDashboard && WidgetFamily.dashboardQuadrant.isDashboard)
    }
}
