import Foundation
import Testing
import WidgetRender

/// A device's battery and signal reach a view's environment through the render request.
@Suite("Screen device status")
struct ScreenDeviceStatusTests {
    /// What a dashboard's corner shows of the device: its battery and signal, or a dash.
    struct DeviceLabel: View {
        @Environment(\.screenDevice) var device

        var body: some View {
            VStack {
                Text(device?.batteryVoltage.map { String(format: "%.2f V", $0) } ?? "no battery")
                Text(device?.rssi.map { "\($0) dBm" } ?? "no signal")
            }
        }
    }

    static func texts(_ status: ScreenDeviceStatus?) async throws -> [String] {
        var request = RenderRequest(kind: "", family: .systemSmall)
        request.screenDevice = status
        let rendered = try await RenderEngineTests.engine.render(DeviceLabel(), in: request, as: nil)
        return rendered.displayList.content.compactMap { item -> String? in
            guard case .text(let text) = item else { return nil }
            return text.string
        }
    }

    @Test func theRequestsStatusIsTheViewsEnvironment() async throws {
        #expect(try await Self.texts(nil) == ["no battery", "no signal"])
        #expect(
            try await Self.texts(ScreenDeviceStatus(batteryVoltage: 3.91, rssi: -67)) == ["3.91 V", "-67 dBm"])
        #expect(try await Self.texts(ScreenDeviceStatus(batteryVoltage: 4.2)) == ["4.20 V", "no signal"])
    }

    @Test func twoBatteriesAreTwoImages() async throws {
        var request = RenderRequest(kind: "", family: .systemSmall)
        request.screenDevice = ScreenDeviceStatus(batteryVoltage: 3.5)
        let low = try await RenderEngineTests.engine.render(DeviceLabel(), in: request)
        request.screenDevice = ScreenDeviceStatus(batteryVoltage: 4.1)
        let high = try await RenderEngineTests.engine.render(DeviceLabel(), in: request)
        #expect(try #require(low.image).pixelsCRC64 != (try #require(high.image).pixelsCRC64))
    }
}
