import WidgetRender

/// The state of a turn-based game, as a game server reports it.
public struct GameStatus: Sendable, Hashable {
    /// Whose turn it is, as shown on the widget.
    public var headline: String
    /// The opponent's name.
    public var opponent: String
    /// The current turn.
    public var turn: Int
    /// What happened on the last turn.
    public var lastTurn: String
    /// Games won and lost against this opponent.
    public var wins: Int
    /// Games lost against this opponent.
    public var losses: Int

    /// Games won, lost and played, with the colour each is shown in.
    var statistics: [(label: String, value: Int, color: Color)] {
        [("Won", wins, .green), ("Lost", losses, .red), ("Played", wins + losses, .primary)]
    }

    /// The status shown in the gallery and in tests: a game in progress.
    public static let sample = GameStatus(
        headline: "Your turn", opponent: "Mira", turn: 12, lastTurn: "Mira took your knight", wins: 7, losses: 4)
}
