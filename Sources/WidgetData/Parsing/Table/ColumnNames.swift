import Foundation

/// The names the generic reader knows columns by, matched ignoring case, accents, punctuation,
/// a unit in brackets (`Close (USD)`), a leading number (Alpha Vantage's `1. open`) and, for a
/// nested JSON key, the object around it (`price.open`).
///
/// English names come first; common German, French, Spanish, Italian, Dutch, Japanese and
/// Korean ones follow (exports from European brokers, 始値/終値, 시가/종가).
enum ColumnNames {
    /// A name as matched: camelCase words apart, lowercased, accents folded, bracketed text
    /// removed, punctuation as spaces, runs of spaces made one, a leading number dropped.
    static func key(_ name: String) -> String {
        // camelCase words apart before case is folded: `newCasesBySpecimenDate` → `new cases by specimen date`.
        var spaced = ""
        var previousLower = false
        for character in name {
            if previousLower, character.isUppercase { spaced.append(" ") }
            previousLower = character.isLowercase
            spaced.append(character)
        }
        var text = spaced.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        // A unit or note in brackets: `Close (USD)`, `Volume [BTC]`; MetaTrader's `<CLOSE>` is kept.
        for (open, close) in [("(", ")"), ("[", "]")] {
            while let start = text.range(of: open),
                let end = text.range(of: close, range: start.upperBound..<text.endIndex)
            {
                text.replaceSubrange(start.lowerBound..<end.upperBound, with: " ")
            }
        }
        let words = text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        let trimmed =
            words.first.map { $0.allSatisfy(\.isNumber) } == true && words.count > 1 ? words.dropFirst() : words[...]
        return trimmed.joined(separator: " ")
    }

    /// The role a name gives its column, with its rank among the names of that role (0 is the
    /// plainest: `close` before `last`), or `nil`.
    static func role(_ name: String) -> (role: ColumnRole, rank: Int)? {
        let full = key(name)
        if let found = match(full) { return found }
        // A nested JSON key (`price.open`): the inner name.
        if name.contains("."), let last = name.split(separator: ".").last, let found = match(key(String(last))) {
            return found
        }
        if let (_, rest) = assetSplit(name), let found = match(key(rest)) { return found }
        return nil
    }

    /// The asset a name is about, when it prefixes or suffixes a price name: `BTC` for
    /// `BTC:close`, `close_BTC`, `BTC-USD Close` (`BTC-USD`) or `ETH/open`; `nil` for a plain
    /// name. The asset is written in capitals and digits (2 to 12 characters, at least one
    /// letter), or is any word before a colon (`btc:close`): a lower-case word beside a name
    /// (`close_prev`) is not an asset.
    static func asset(_ name: String) -> String? {
        guard match(key(name)) == nil, let (asset, rest) = assetSplit(name), match(key(rest)) != nil else { return nil }
        return asset
    }

    /// `(asset, rest)` for a name made of an asset tag and a name, by the rule of ``asset(_:)``.
    private static func assetSplit(_ name: String) -> (asset: String, rest: String)? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let colon = trimmed.firstIndex(of: ":") {
            let asset = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
            let rest = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if !asset.isEmpty, asset.count <= 24, !rest.isEmpty { return (asset, rest) }
        }
        let separators: Set<Character> = ["_", " ", "-", "/", "."]
        let parts = trimmed.split(whereSeparator: { separators.contains($0) }).map(String.init)
        guard parts.count >= 2 else { return nil }
        func isTag(_ part: String) -> Bool {
            (2...12).contains(part.count) && part.contains(where: \.isLetter)
                && part.allSatisfy { ($0.isASCII && $0.isUppercase) || $0.isNumber }
        }
        // One or two tag words at the start (`BTC-USD Close`) or at the end (`close_BTC`).
        for tagWords in [2, 1] where parts.count > tagWords {
            let head = parts.prefix(tagWords)
            if head.allSatisfy(isTag), !isTag(parts[tagWords]) || parts.count - tagWords == 1 {
                let rest = parts.dropFirst(tagWords).joined(separator: " ")
                if match(key(rest)) != nil { return (head.joined(separator: "-"), rest) }
            }
            let tail = parts.suffix(tagWords)
            if tail.allSatisfy(isTag) {
                let rest = parts.dropLast(tagWords).joined(separator: " ")
                if match(key(rest)) != nil { return (tail.joined(separator: "-"), rest) }
            }
        }
        return nil
    }

    private static func match(_ key: String) -> (role: ColumnRole, rank: Int)? {
        if key.isEmpty { return (.time(primary: true), 0) }
        for (role, names) in table {
            if let rank = names.firstIndex(of: key) { return (role, rank) }
        }
        let words = key.split(separator: " ")
        guard let first = words.first else { return nil }
        // `Volume BTC`, `volume_usd`, `Vol. (base)`.
        if first == "volume" || first == "vol" { return (.volume, 50) }
        if ["new", "daily", "total", "cumulative", "cum"].contains(first), words.count > 1,
            counts.contains(String(words[1])) || words.dropFirst().contains(where: { counts.contains(String($0)) })
        {
            return (.count, 50)
        }
        if words.last.map({ counts.contains(String($0)) }) == true { return (.count, 60) }
        return nil
    }

    private static let counts: Set<String> = [
        "cases", "confirmed", "deaths", "recovered", "active", "tests", "hospitalized", "vaccinations", "infected",
    ]

    /// Each role's names, plainest first.
    private static let table: [(ColumnRole, [String])] = [
        (
            .time(primary: true),
            [
                "date", "time", "timestamp", "datetime", "date time", "ts", "t", "unix", "epoch", "open time",
                "opentime", "gmt time", "utc time", "local time", "time utc", "date utc", "timestamp utc", "day",
                "trade date", "period", "index", "unnamed 0", "candle date time utc", "datum", "zeit", "fecha", "日付",
                "日時", "날짜", "일자",
            ]
        ),
        (
            .time(primary: false),
            ["close time", "closetime", "end time", "updated", "last updated", "candle date time kst"]
        ),
        (
            .open,
            [
                "open", "o", "open price", "opening price", "opening", "first", "openprice", "eroffnung",
                "eroffnungskurs", "erster", "ouverture", "apertura", "abertura", "openingskoers", "始値", "시가",
            ]
        ),
        (
            .high,
            [
                "high", "h", "high price", "highest", "highest price", "max", "maximum", "highprice", "hoch",
                "hochst", "hochstkurs", "tageshoch", "plus haut", "haut", "maximo", "massimo", "hoog", "高値", "고가",
            ]
        ),
        (
            .low,
            [
                "low", "l", "low price", "lowest", "lowest price", "min", "minimum", "lowprice", "tief", "tiefst",
                "tiefstkurs", "tagestief", "plus bas", "bas", "minimo", "laag", "安値", "저가",
            ]
        ),
        (
            .close,
            [
                "close", "c", "close price", "closing price", "closing", "closeprice", "close last", "last",
                "last price", "trade price", "last trade price", "schluss", "schlusskurs", "letzter", "cloture",
                "dernier", "cierre", "ultimo",
                "chiusura", "slot", "slotkoers", "終値", "종가",
            ]
        ),
        (
            .adjustedClose,
            ["adj close", "adjclose", "adjusted close", "adj close price", "adjusted close price", "close adjusted"]
        ),
        (.volume, ["volume", "vol", "v", "volumes", "tick volume", "tickvol", "real volume", "volumen", "出来高", "거래량"]),
        (
            .value,
            [
                "price", "value", "rate", "mid", "nav", "kurs", "prix", "precio", "prezzo", "preco", "価格", "가격",
            ]
        ),
        (
            .count,
            [
                "cases", "confirmed", "deaths", "recovered", "active", "tests", "hospitalized", "total cases",
                "total deaths", "new cases", "new deaths", "confirmed cases", "total confirmed",
            ]
        ),
    ]
}
