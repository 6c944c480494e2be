import WidgetRender

/// A figure with its label: "Deaths" over "1,234".
struct StatView: View {
    var label: String
    var value: Int
    var color: Color

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(label).font(.caption).foregroundStyle(.secondary)
            Text(value, format: .number).font(.headline.monospacedDigit()).foregroundStyle(color)
                .minimumScaleFactor(0.6).lineLimit(1)
        }
    }
}

struct CovidCountryView: View {
    var entry: CovidEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch entry.stats {
        case .failure(let error):
            VStack(alignment: .leading, spacing: 6) {
                Label("COVID-19", systemImage: "cross.case.fill").font(.headline).foregroundStyle(.red)
                Spacer()
                Text(error.message).font(.subheadline).foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .containerBackground(.background, for: .widget)
        case .success(let stats):
            content(stats)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .containerBackground(.background, for: .widget)
                .widgetURL(URL(string: "covidtracker://country/\(stats.code)"))
        }
    }

    @ViewBuilder func content(_ stats: CovidStats) -> some View {
        VStack(alignment: .leading, spacing: family == .systemSmall ? 4 : 8) {
            HStack {
                Text(stats.name).font(.headline).lineLimit(1)
                Spacer(minLength: 4)
                if family != .systemSmall, let updated = entry.updated {
                    Text(updated, style: .date).font(.caption).foregroundStyle(.secondary)
                }
            }
            Text("Confirmed").font(.caption).foregroundStyle(.secondary)
            Text(stats.confirmed, format: .number).font(.title.bold().monospacedDigit()).foregroundStyle(.orange)
                .minimumScaleFactor(0.5).lineLimit(1)
            if family == .systemSmall {
                Spacer(minLength: 0)
                StatView(label: "Deaths", value: stats.deaths, color: .red)
            } else {
                HStack(spacing: 16) {
                    StatView(label: "Deaths", value: stats.deaths, color: .red)
                    StatView(label: "Recovered", value: stats.recovered, color: .green)
                    Spacer(minLength: 0)
                }
                if family == .systemLarge {
                    Divider()
                    OutcomeBar(stats: stats)
                    HStack(spacing: 16) {
                        StatView(label: "Active", value: stats.active, color: .orange)
                        if let rate = stats.fatalityRate, let perThousand = Int(exactly: (rate * 1000).rounded()) {
                            StatView(label: "Deaths per 1,000 cases", value: perThousand, color: .primary)
                        }
                        Spacer(minLength: 0)
                    }
                    Spacer(minLength: 0)
                    Text(entry.isFallback ? "No country chosen: showing \(stats.name)" : "Tap for \(stats.name)'s page")
                        .font(.caption).foregroundStyle(.secondary)
                } else {
                    Spacer(minLength: 0)
                }
            }
        }
    }
}

struct CovidGlobalView: View {
    var entry: CovidEntry
    @Environment(\.widgetFamily) var family

    /// The app's picture in the shared container, or `nil` before the app saved one.
    var background: URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: CovidContainer.groupIdentifier)?
            .appendingPathComponent(CovidContainer.backgroundFile)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Label("Global", systemImage: "globe").font(.headline).foregroundStyle(.white)
            switch entry.stats {
            case .failure(let error):
                Spacer()
                Text(error.message).font(.subheadline).foregroundStyle(.white.opacity(0.8))
            case .success(let stats):
                Spacer(minLength: 0)
                Text("Confirmed").font(.caption).foregroundStyle(.white.opacity(0.8))
                Text(stats.confirmed, format: .number).font(.title2.bold().monospacedDigit()).foregroundStyle(.white)
                    .minimumScaleFactor(0.5).lineLimit(1)
                if family != .systemSmall {
                    HStack(spacing: 16) {
                        figure("Deaths", stats.deaths)
                        figure("Recovered", stats.recovered)
                    }
                }
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .containerBackground(for: .widget) {
            if let path = background?.path, let picture = UIImage(contentsOfFile: path) {
                Image(uiImage: picture).resizable().scaledToFill()
            } else {
                LinearGradient(colors: [.indigo, .blue], startPoint: .topLeading, endPoint: .bottomTrailing)
            }
        }
        .widgetURL(URL(string: "covidtracker://global"))
    }

    func figure(_ label: String, _ value: Int) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(label).font(.caption).foregroundStyle(.white.opacity(0.8))
            Text(value, format: .number).font(.headline.monospacedDigit()).foregroundStyle(.white)
                .minimumScaleFactor(0.6).lineLimit(1)
        }
    }
}

/// How the confirmed cases ended: recovered, still active, died, as one bar.
struct OutcomeBar: View {
    var stats: CovidStats

    var body: some View {
        let total = Double(max(stats.confirmed, 1))
        let parts: [(Double, Color)] = [
            (Double(stats.recovered) / total, .green), (Double(stats.active) / total, .orange),
            (Double(stats.deaths) / total, .red),
        ]
        GeometryReader { proxy in
            HStack(spacing: 0) {
                ForEach(0..<parts.count, id: \.self) { index in
                    Rectangle().fill(parts[index].1).frame(width: proxy.size.width * parts[index].0)
                }
                Spacer(minLength: 0)
            }
        }
        .frame(height: 8)
        .clipShape(Capsule())
    }
}
