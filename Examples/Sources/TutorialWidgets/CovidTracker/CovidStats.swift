import WidgetRender

/// One place's figures, as the app saves them in `covid.json` in the shared container.
public struct CovidStats: Codable, Sendable, Hashable {
    /// ISO 3166 code (`JP`), or `WORLD` for the global totals.
    public var code: String
    /// The place's name.
    public var name: String
    public var confirmed: Int
    public var deaths: Int
    public var recovered: Int

    public init(code: String, name: String, confirmed: Int, deaths: Int, recovered: Int) {
        self.code = code
        self.name = name
        self.confirmed = confirmed
        self.deaths = deaths
        self.recovered = recovered
    }

    /// Cases neither recovered nor fatal.
    public var active: Int {
        max(0, confirmed - deaths - recovered)
    }

    /// Deaths per confirmed case, or `nil` before any case.
    public var fatalityRate: Double? {
        confirmed > 0 ? Double(deaths) / Double(confirmed) : nil
    }
}

/// What the app shares with the widgets: the global totals, each country's, and when they were
/// fetched.
public struct CovidSnapshot: Codable, Sendable, Hashable {
    public var updated: Date
    public var global: CovidStats
    public var countries: [CovidStats]

    public init(updated: Date, global: CovidStats, countries: [CovidStats]) {
        self.updated = updated
        self.global = global
        self.countries = countries
    }
}

/// The countries the widget can follow (the list the tutorial's intents extension offered):
/// ISO codes, as the API's `countryInfo.iso2`, and names.
enum CovidCountries {
    static let all: [(code: String, name: String)] = [
        ("US", "United States"), ("JP", "Japan"), ("KR", "South Korea"), ("DE", "Germany"), ("GB", "United Kingdom"),
        ("BR", "Brazil"), ("IN", "India"),
    ]

    /// The country shown when none is chosen, as the tutorial's widget falls back.
    static let fallback = all[0]
}

/// The shared container's files: `covid.json`, written by the app, and `bg.png`, the global
/// widget's background.
public enum CovidContainer {
    public static let groupIdentifier = "group.com.example.covid"
    public static let dataFile = "covid.json"
    public static let backgroundFile = "bg.png"

    static func folder() -> URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: groupIdentifier)
    }

    /// The figures the app saved last, or why they cannot be read.
    static func load() -> Result<CovidSnapshot, CovidLoadError> {
        guard let folder = folder() else { return .failure(.noContainer) }
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(dataFile)) else {
            return .failure(.notFetched)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let snapshot = try? decoder.decode(CovidSnapshot.self, from: data) else { return .failure(.corrupt) }
        return .success(snapshot)
    }
}

/// Why the widgets have no figures.
public enum CovidLoadError: Error, Sendable, Hashable {
    case noContainer, notFetched, corrupt

    var message: String {
        switch self {
        case .noContainer: "No shared container"
        case .notFetched: "Open the app to fetch the latest figures"
        case .corrupt: "Can't read the saved figures"
        }
    }
}
