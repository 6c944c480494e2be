import Foundation

/// What an e-ink device said about itself when it asked for its screen: its battery, its Wi-Fi
/// signal, its firmware and its id, as a TRMNL sends them in the headers of `GET /api/display`
/// (`Battery-Voltage`, `Percent-Charged`, `RSSI`, `FW-Version`, `Model`, `ID`).
///
/// A widget drawn for such a device reads it from ``EnvironmentValues/screenDevice``. Every value
/// is optional: a device sends only some of them, and a value it sent that could not be read (a
/// voltage that is not a number) is left out rather than refused.
///
/// ```swift
/// let status = ScreenDeviceStatus(batteryVoltage: 3.9, rssi: -67, firmwareVersion: "1.6.5")
/// status.batteryVoltage  // 3.9
/// ```
public struct ScreenDeviceStatus: Sendable, Hashable, Codable {
    /// The device's id: a TRMNL sends its Wi-Fi MAC address (`ID`).
    public var id: String?
    /// The device's model, as its firmware names it (`Model`: `og`, `x`).
    public var model: String?
    /// The battery's voltage, in volts (`Battery-Voltage`; a TRMNL's LiPo cell reads about 4.2
    /// full and 3.3 empty).
    public var batteryVoltage: Double?
    /// The battery's charge, in percent, from a device with a fuel gauge (`Percent-Charged`,
    /// sent by a TRMNL X instead of the voltage).
    public var batteryPercent: Double?
    /// The Wi-Fi signal, in dBm (`RSSI`: -50 is strong, -80 weak).
    public var rssi: Int?
    /// The firmware's version (`FW-Version`).
    public var firmwareVersion: String?

    /// A status; every value is optional.
    ///
    /// - Parameters:
    ///   - id: the device's id (its MAC address).
    ///   - model: its model (`og`, `x`).
    ///   - batteryVoltage: the battery's voltage, in volts.
    ///   - batteryPercent: the battery's charge, in percent.
    ///   - rssi: the Wi-Fi signal, in dBm.
    ///   - firmwareVersion: the firmware's version.
    public init(
        id: String? = nil, model: String? = nil, batteryVoltage: Double? = nil, batteryPercent: Double? = nil,
        rssi: Int? = nil, firmwareVersion: String? = nil
    ) {
        self.id = id
        self.model = model
        self.batteryVoltage = batteryVoltage
        self.batteryPercent = batteryPercent
        self.rssi = rssi
        self.firmwareVersion = firmwareVersion
    }

    /// Whether the device said nothing that could be read.
    public var isEmpty: Bool {
        id == nil && model == nil && batteryVoltage == nil && batteryPercent == nil && rssi == nil
            && firmwareVersion == nil
    }
}
