import Foundation
import Testing
import WidgetCore
import WidgetLayout
import WidgetRender

/// `screen --layout`: slots filled left to right, top to bottom, tiling the screen exactly (#33).
@Suite("Screen layouts")
struct ScreenLayoutTests {
    @Test func theIssuesMashupFillsTheLeftHalfThenTheRightQuarters() throws {
        let layout = try ScreenLayout(
            parsing: "price:halfVertical,covid-country?country=JPN:quadrant,covid-country?country=KOR:quadrant")
        #expect(layout.slots.map(\.kind) == ["price", "covid-country", "covid-country"])
        #expect(layout.slots.map(\.family) == [.dashboardHalfVertical, .dashboardQuadrant, .dashboardQuadrant])
        #expect(layout.slots.map { [$0.column, $0.row] } == [[0, 0], [1, 0], [1, 1]])
        #expect(layout.slots[1].parameters == ["country": "JPN"])
        #expect(layout.slots[2].parameters == ["country": "KOR"])
        #expect(try ScreenLayout(parsing: layout.description) == layout, "the description reads back")
    }

    @Test(
        "layouts that tile the screen",
        arguments: [
            ("a:full", [[0, 0]]),
            ("a:halfHorizontal,b:halfHorizontal", [[0, 0], [0, 1]]),
            ("a:halfVertical,b:halfVertical", [[0, 0], [1, 0]]),
            ("a:quadrant,b:quadrant,c:quadrant,d:quadrant", [[0, 0], [1, 0], [0, 1], [1, 1]]),
            ("a:halfHorizontal,b:quadrant,c:quadrant", [[0, 0], [0, 1], [1, 1]]),
            ("a:quadrant,b:quadrant,c:halfHorizontal", [[0, 0], [1, 0], [0, 1]]),
            ("a:quadrant,b:halfVertical,c:quadrant", [[0, 0], [1, 0], [0, 1]]),
            ("a:dashboardQuadrant,b:DASHBOARDQUADRANT,c:dashboardHalfHorizontal", [[0, 0], [1, 0], [0, 1]]),
        ])
    func tiles(_ text: String, _ places: [[Int]]) throws {
        let layout = try ScreenLayout(parsing: text)
        #expect(layout.slots.map { [$0.column, $0.row] } == places)
    }

    @Test(
        "layouts that do not tile the screen, or cannot be read, say why",
        arguments: [
            ("price:halfVertical,covid-global:halfHorizontal", "does not fit at the top right quarter"),
            ("price:quadrant,covid-global:halfVertical", "leaves the bottom left quarter empty"),
            ("price:quadrant", "leaves the top right quarter and bottom left quarter and bottom right quarter empty"),
            ("price:full,covid-global:quadrant", "fill the screen already"),
            ("price:medium", "'medium' is not a slot"),
            ("price", "names no slot"),
            ("?country=JPN:full", "names no widget"),
            ("covid-country?country:full", "'country' is not key=value"),
            ("covid-country?country=JPN&country=KOR:full", "country is given twice"),
            ("a:quadrant,b:quadrant,c:quadrant,d:quadrant,e:quadrant", "one to four widgets"),
            ("", "names no slot"),
        ])
    func refuses(_ text: String, _ reason: String) {
        let error = #expect(throws: WidgetRenderError.self) { try ScreenLayout(parsing: text) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "no error")")
    }

    @Test func parameterValuesArePercentDecoded() throws {
        let layout = try ScreenLayout(parsing: "price?symbol=BRK%2EB%20x:full")
        #expect(layout.slots[0].parameters == ["symbol": "BRK.B x"])
        // A value holding the layout's own punctuation is written back encoded (a fuzzer's find:
        // "RK%2cE" read back as two slots).
        let punctuated = try ScreenLayout(parsing: "price?symbol=RK%2CE%26x%3Dy%3A%25:full")
        #expect(punctuated.slots[0].parameters == ["symbol": "RK,E&x=y:%"])
        #expect(try ScreenLayout(parsing: punctuated.description) == punctuated, "\(punctuated.description)")
    }

    @Test func oddScreensPutTheFarSlotsAgainstTheFarEdge() throws {
        // Inkplate 10 is 1200×825: the top half is 412 pixels, the bottom slot starts at 413.
        let layout = try ScreenLayout(parsing: "a:quadrant,b:quadrant,c:halfHorizontal")
        let frames = layout.slots.map { ScreenLayout.pixelFrame(of: $0, width: 1200, height: 825) }
        #expect(
            frames.map { [$0.x, $0.y, $0.width, $0.height] } == [
                [0, 0, 600, 412], [600, 0, 600, 412], [0, 413, 1200, 412],
            ])
        let metrics = try WidgetMetrics(family: .dashboardQuadrant, device: try DeviceProfile.named("inkplate-10"))
        #expect(metrics.pixelWidth == 600 && metrics.pixelHeight == 412, "the family's size is the slot's")
    }
}
