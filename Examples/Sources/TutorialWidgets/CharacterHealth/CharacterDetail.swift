import WidgetRender

/// A hero of the game, whose health recovers after a fight, after Apple's Emoji Rangers.
public struct CharacterDetail: Sendable, Hashable {
    /// The hero's name.
    public var name: String
    /// The hero's face, an emoji, as in Apple's Emoji Rangers.
    public var emoji: String
    /// The hero's colour.
    public var color: Color
    /// Health right after the fight, 0…1.
    public var healthAfterFight: Double
    /// When the fight ended.
    public var foughtAt: Date
    /// When health is full again.
    public var fullHealthDate: Date

    /// Health at `date`: from ``healthAfterFight`` when the fight ended to full at ``fullHealthDate``.
    public func healthLevel(at date: Date) -> Double {
        let total = fullHealthDate.timeIntervalSince(foughtAt)
        guard total > 0 else { return 1 }
        let progress = min(1, max(0, date.timeIntervalSince(foughtAt) / total))
        return healthAfterFight + (1 - healthAfterFight) * progress
    }
}

/// A health level as a whole percentage, `0%` to `100%` (clamped, so no value can trap).
public func percentText(_ level: Double) -> String {
    let clamped = level.isFinite ? min(1, max(0, level)) : 0
    return "\(Int((clamped * 100).rounded()))%"
}

/// The heroes a person can pick, as an `AppEnum` for the widget's intent.
public enum Hero: String, AppEnum {
    case panda, spouty, egghead

    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Hero"
    public static let caseDisplayRepresentations: [Hero: DisplayRepresentation] = [
        .panda: "Power Panda", .spouty: "Spouty", .egghead: "Egghead",
    ]

    /// The hero as the game server knows it at `now`: the heroes fight every day at 08:00 UTC
    /// and take some hours to heal.
    public func detail(at now: Date) -> CharacterDetail {
        let day = (now.timeIntervalSince1970 - 8 * 3600) / 86_400
        let fight = Date(timeIntervalSince1970: day.rounded(.down) * 86_400 + 8 * 3600)
        switch self {
        case .panda:
            return CharacterDetail(
                name: "Power Panda", emoji: "🐼", color: .teal, healthAfterFight: 0.1, foughtAt: fight,
                fullHealthDate: fight.addingTimeInterval(5 * 3600))
        case .spouty:
            return CharacterDetail(
                name: "Spouty", emoji: "🐳", color: .blue, healthAfterFight: 0.4, foughtAt: fight,
                fullHealthDate: fight.addingTimeInterval(3 * 3600))
        case .egghead:
            return CharacterDetail(
                name: "Egghead", emoji: "🥚", color: .orange, healthAfterFight: 0.7, foughtAt: fight,
                fullHealthDate: fight.addingTimeInterval(2 * 3600))
        }
    }
}
