import WidgetRender

struct GameStatusView: View {
    @Environment(\.widgetFamily) var family: WidgetFamily
    var gameStatus: GameStatus?

    @ViewBuilder
    var body: some View {
        if let gameStatus {
            switch family {
            case .systemSmall: GameTurnSummary(status: gameStatus)
            case .systemMedium: GameStatusWithLastTurnResult(status: gameStatus)
            case .systemLarge: GameStatusWithStatistics(status: gameStatus)
            default: GameDetailsNotAvailable()
            }
        } else {
            GameDetailsNotAvailable()
        }
    }
}

/// Whose turn, against whom, and which turn.
struct GameTurnSummary: View {
    var status: GameStatus

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Label("CHESS", systemImage: "crown.fill").font(.caption2.weight(.semibold)).foregroundStyle(.secondary)
            Spacer(minLength: 0)
            Text(status.headline).font(.title2.weight(.bold)).lineLimit(1).minimumScaleFactor(0.7)
            Text("vs \(status.opponent)").font(.subheadline).foregroundStyle(.secondary)
            Label("Turn \(status.turn)", systemImage: "clock").font(.caption.weight(.semibold)).foregroundStyle(.blue)
                .widgetAccentable()
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
    }
}

struct GameStatusWithLastTurnResult: View {
    var status: GameStatus

    var body: some View {
        HStack(spacing: 16) {
            GameTurnSummary(status: status)
            VStack(alignment: .leading, spacing: 4) {
                Text("LAST TURN").font(.caption2.weight(.semibold)).foregroundStyle(.secondary)
                Text(status.lastTurn).font(.callout).lineLimit(3)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}

struct GameStatusWithStatistics: View {
    var status: GameStatus

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            GameStatusWithLastTurnResult(status: status).frame(height: 140)
            Spacer(minLength: 0)
            VStack(alignment: .leading, spacing: 8) {
                Text("AGAINST \(status.opponent.uppercased())").font(.caption2.weight(.semibold))
                    .foregroundStyle(.secondary)
                HStack(spacing: 12) {
                    ForEach(status.statistics, id: \.label) { statistic in
                        StatisticView(label: statistic.label, value: statistic.value, color: statistic.color)
                    }
                }
            }
        }
    }
}

struct StatisticView: View {
    var label: String
    var value: Int
    var color: Color

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text("\(value)").font(.title.weight(.bold).monospacedDigit()).foregroundStyle(color)
            Text(label).font(.caption).foregroundStyle(.secondary)
        }
        .padding(EdgeInsets(top: 10, leading: 12, bottom: 10, trailing: 12))
        .frame(maxWidth: .infinity, alignment: .leading)
        .background { RoundedRectangle(cornerRadius: 12).fill(Color.secondary.opacity(0.15)) }
    }
}

struct GameDetailsNotAvailable: View {
    var body: some View {
        VStack(spacing: 4) {
            Text("No game").font(.headline)
            Text("Start a game in the app.").font(.caption).foregroundStyle(.secondary)
        }
    }
}
