/// Light or dark appearance, as SwiftUI's `ColorScheme`.
public enum ColorScheme: String, CaseIterable, Codable, Sendable {
    case light
    case dark
}
