import Foundation

/// Month names and their abbreviations in English, German, French, Spanish, Portuguese and
/// Italian, matched ignoring case, accents and a trailing dot (`Sep`, `sept.`, `März`, `Mrz`,
/// `févr.`, `août`, `ene`, `dez`, `set`, `ott`, `giu`).
///
/// No abbreviation names two different months across these languages, so a name is read the
/// same whatever the file's language (`mar` is March in English, Spanish, Portuguese and
/// Italian; French writes `mars`).
enum MonthNames {
    /// The month (1–12) a name stands for, or `nil`.
    static func month(_ name: String) -> Int? {
        let key = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return table[key]
    }

    private static let table: [String: Int] = {
        let months: [[String]] = [
            [
                "jan", "january", "januar", "jän", "jänner", "janv", "janvier", "ene", "enero", "janeiro", "gen",
                "gennaio",
            ],
            ["feb", "february", "februar", "fevr", "fev", "fevrier", "febrero", "fevereiro", "febbraio"],
            ["mar", "march", "marz", "mrz", "maerz", "mars", "marzo", "marco"],
            ["apr", "april", "avr", "avril", "abr", "abril", "aprile"],
            ["may", "mai", "mayo", "maio", "mag", "maggio"],
            ["jun", "june", "juni", "juin", "junio", "junho", "giu", "giugno"],
            ["jul", "july", "juli", "juil", "juillet", "julio", "julho", "lug", "luglio"],
            ["aug", "august", "aout", "ago", "agosto"],
            ["sep", "sept", "september", "septembre", "septiembre", "setiembre", "set", "setembro", "settembre"],
            ["oct", "october", "okt", "oktober", "octobre", "octubre", "out", "outubro", "ott", "ottobre"],
            ["nov", "november", "novembre", "noviembre", "novembro"],
            ["dec", "december", "dez", "dezember", "decembre", "dic", "diciembre", "dezembro", "dicembre"],
        ]
        var table: [String: Int] = [:]
        for (index, names) in months.enumerated() {
            for name in names {
                let key = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                precondition(table[key] == nil || table[key] == index + 1, "month name \(name) names two months")
                table[key] = index + 1
            }
        }
        return table
    }()
}
