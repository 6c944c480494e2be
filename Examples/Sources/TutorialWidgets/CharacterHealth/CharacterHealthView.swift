import WidgetRender

struct CharacterHealthView: View {
    var entry: CharacterEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.healthLevel) {
                Text(entry.character.name)
            } currentValueLabel: {
                Text(entry.character.emoji)
            }
            .gaugeStyle(.accessoryCircularCapacity)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 3) {
                Label {
                    Text(entry.character.name)
                } icon: {
                    Text(entry.character.emoji)
                }
                .font(.headline).lineLimit(1)
                ProgressView(value: entry.healthLevel)
                FullHealthText(date: entry.character.fullHealthDate).font(.caption).lineLimit(1)
                    .foregroundStyle(.secondary)
            }
        case .accessoryInline:
            Label("\(entry.character.name) \(percentText(entry.healthLevel))", systemImage: "heart.fill")
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

/// The hero's emoji on a disc of its colour, sized to the avatar's frame.
struct AvatarView: View {
    var character: CharacterDetail

    var body: some View {
        GeometryReader { proxy in
            ZStack {
                Circle().fill(character.color.opacity(0.25))
                Text(character.emoji).font(.system(size: min(proxy.size.width, proxy.size.height) * 0.55))
            }
        }
        .widgetAccentable()
    }
}

struct CharacterNameView: View {
    var entry: CharacterEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(entry.character.name).font(.headline).lineLimit(1)
            Label("Health \(percentText(entry.healthLevel))", systemImage: "heart.fill").font(.caption)
                .foregroundStyle(.secondary)
            ProgressView(value: entry.healthLevel).tint(entry.character.color).widgetAccentable()
            FullHealthText(date: entry.character.fullHealthDate).font(.caption2).foregroundStyle(.secondary)
        }
    }
}

/// "Full in 2 hours, 12 minutes", counted from the time the screen shows.
struct FullHealthText: View {
    var date: Date
    @Environment(\.date) var now

    var body: some View {
        if date > now {
            Text("Full in ") + Text(date, style: .relative)
        } else {
            Text("Fully healed")
        }
    }
}
