import WidgetRender

struct CharacterHealthView: View {
    var entry: CharacterEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            ZStack {
                Circle().fill(Color.white.opacity(0.2))
                VStack(spacing: 0) {
                    Text(entry.character.initials).font(.caption.weight(.bold))
                    Text(percentText(entry.healthLevel)).font(.caption2.monospacedDigit())
                }
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 2) {
                Text(entry.character.name).font(.headline).lineLimit(1)
                HealthBar(level: entry.healthLevel, color: .white)
                    .frame(height: 6)
                FullHealthText(date: entry.character.fullHealthDate).font(.caption)
            }
        case .accessoryInline:
            Text("\(entry.character.name) \(percentText(entry.healthLevel))")
        case .systemMedium:
            HStack(spacing: 16) {
                AvatarView(character: entry.character).frame(width: 110, height: 110)
                CharacterNameView(entry: entry)
            }
        default:
            VStack(alignment: .leading, spacing: 8) {
                AvatarView(character: entry.character).frame(width: 56, height: 56)
                CharacterNameView(entry: entry)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        }
    }
}

struct AvatarView: View {
    var character: CharacterDetail

    var body: some View {
        ZStack {
            Circle().fill(character.color)
            Text(character.initials).font(.title2.weight(.bold)).foregroundStyle(.white)
        }
    }
}

struct CharacterNameView: View {
    var entry: CharacterEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(entry.character.name).font(.headline).lineLimit(1)
            Text("Health \(percentText(entry.healthLevel))").font(.caption).foregroundStyle(.secondary)
            HealthBar(level: entry.healthLevel, color: entry.character.color).frame(height: 8)
            FullHealthText(date: entry.character.fullHealthDate).font(.caption2).foregroundStyle(.secondary)
        }
    }
}

/// A capsule filled to the health level.
struct HealthBar: View {
    var level: Double
    var color: Color

    var body: some View {
        ZStack(alignment: .leading) {
            Capsule().fill(color.opacity(0.25))
            HStack(spacing: 0) {
                Capsule().fill(color).frame(width: 100 * level)
                Spacer(minLength: 0)
            }
        }
        .frame(width: 100)
    }
}

/// "Full in 2 hours, 12 minutes", counted from the time the screen shows.
struct FullHealthText: View {
    var date: Date
    @Environment(\.date) var now

    var body: some View {
        if date > now {
            HStack(spacing: 3) {
                Text("Full in")
                Text(date, style: .relative)
            }
        } else {
            Text("Fully healed")
        }
    }
}
