import Testing
import WidgetCore

@Suite("WidgetParameters")
struct WidgetParametersTests {
    let country = WidgetParameter(
        key: "country", title: "Country",
        kind: .choice([
            .init(value: "JPN", label: "Japan"), .init(value: "USA", label: "United States"),
            .init(value: "KOR", label: "South Korea"),
        ]),
        defaultValue: "JPN")
    let days = WidgetParameter(key: "days", title: "Days", kind: .integer(7...365), defaultValue: "30")
    let chart = WidgetParameter(key: "chart", title: "Chart", kind: .boolean, defaultValue: "true")

    var definitions: [WidgetParameter] { [country, days, chart] }

    // MARK: Defaults

    @Test("missing keys take their defaults")
    func defaultsFilled() throws {
        let params = try WidgetParameters.resolve([:], against: definitions)
        #expect(params.string("country") == "JPN")
        #expect(params.integer("days") == 30)
        #expect(params.boolean("chart") == true)
        #expect(params.values.count == 3)
    }

    @Test("given keys override defaults, others keep theirs")
    func partialOverride() throws {
        let params = try WidgetParameters.resolve(["days": "90"], against: definitions)
        #expect(params.integer("days") == 90)
        #expect(params.string("country") == "JPN")
        #expect(params.boolean("chart") == true)
    }

    @Test("no definitions and no values resolve to nothing")
    func noDefinitions() throws {
        let params = try WidgetParameters.resolve([:], against: [])
        #expect(params.values.isEmpty)
    }

    @Test("a default that is not allowed is rejected")
    func invalidDefault() {
        let broken = WidgetParameter(key: "days", title: "Days", kind: .integer(7...365), defaultValue: "3")
        #expect(throws: ParameterError.invalidValue(key: "days", value: "3", allowed: "7...365")) {
            try WidgetParameters.resolve([:], against: [broken])
        }
    }

    // MARK: Choice

    @Test(
        "a choice matches case-insensitively and gives the canonical spelling",
        arguments: [("kor", "KOR"), ("KOR", "KOR"), ("Usa", "USA"), ("jPn", "JPN"), (" usa ", "USA")])
    func choiceCanonicalised(raw: String, canonical: String) throws {
        let params = try WidgetParameters.resolve(["country": raw], against: definitions)
        #expect(params.string("country") == canonical)
        #expect(try country.validate(raw) == .string(canonical))
    }

    @Test("a value that is not a choice is rejected with the allowed values")
    func choiceRejected() {
        #expect(throws: ParameterError.invalidValue(key: "country", value: "FRA", allowed: "JPN, USA, KOR")) {
            try WidgetParameters.resolve(["country": "FRA"], against: definitions)
        }
        #expect(throws: ParameterError.self) { try country.validate("") }
        #expect(throws: ParameterError.self) { try country.validate("JP") }
    }

    // MARK: Integer

    @Test("integers inside the range, including both bounds, are accepted", arguments: [7, 8, 30, 364, 365])
    func integerInRange(value: Int) throws {
        let params = try WidgetParameters.resolve(["days": String(value)], against: definitions)
        #expect(params.integer("days") == value)
    }

    @Test(
        "integers outside the range or not integers are rejected", arguments: ["6", "366", "0", "-7", "3.5", "ten", ""])
    func integerOutOfRange(raw: String) {
        #expect(throws: ParameterError.invalidValue(key: "days", value: raw, allowed: "7...365")) {
            try WidgetParameters.resolve(["days": raw], against: definitions)
        }
    }

    // MARK: Boolean

    @Test(
        "booleans accept true/false, yes/no and 1/0 in any case",
        arguments: [
            ("true", true), ("TRUE", true), ("yes", true), ("1", true), ("false", false), ("False", false),
            ("no", false),
            ("0", false),
        ])
    func boolean(raw: String, expected: Bool) throws {
        let params = try WidgetParameters.resolve(["chart": raw], against: definitions)
        #expect(params.boolean("chart") == expected)
    }

    @Test("other words are not booleans", arguments: ["maybe", "2", "on", "y"])
    func booleanRejected(raw: String) {
        #expect(throws: ParameterError.invalidValue(key: "chart", value: raw, allowed: "true, false")) {
            try WidgetParameters.resolve(["chart": raw], against: definitions)
        }
    }

    // MARK: Typed accessors

    @Test("accessors return nil for another type or an unknown key")
    func accessorsAreTyped() throws {
        let params = try WidgetParameters.resolve([:], against: definitions)
        #expect(params.integer("country") == nil)
        #expect(params.boolean("days") == nil)
        #expect(params.string("chart") == nil)
        #expect(params.string("missing") == nil)
    }

    // MARK: Unknown keys

    @Test("an unknown key is rejected, listing the known keys in declaration order")
    func unknownKey() {
        #expect(throws: ParameterError.unknownKey(key: "colour", known: ["country", "days", "chart"])) {
            try WidgetParameters.resolve(["colour": "red", "days": "30"], against: definitions)
        }
    }

    @Test("with several unknown keys, the alphabetically first is reported")
    func severalUnknownKeys() {
        #expect(throws: ParameterError.unknownKey(key: "alpha", known: ["country", "days", "chart"])) {
            try WidgetParameters.resolve(["zeta": "1", "alpha": "2"], against: definitions)
        }
    }

    @Test("a key is matched exactly, not case-insensitively")
    func keysAreCaseSensitive() {
        #expect(throws: ParameterError.unknownKey(key: "Country", known: ["country", "days", "chart"])) {
            try WidgetParameters.resolve(["Country": "JPN"], against: definitions)
        }
    }

    @Test("a widget without parameters rejects any key")
    func unknownKeyNoParameters() throws {
        let error = #expect(throws: ParameterError.self) {
            try WidgetParameters.resolve(["country": "JPN"], against: [])
        }
        #expect(error == .unknownKey(key: "country", known: []))
        let description = try #require(error).description
        #expect(description.contains("'country'"))
        #expect(description.contains("no parameters"))
    }

    // MARK: Descriptions

    @Test("the unknown-key message names the key and every known key")
    func unknownKeyDescription() {
        let text = ParameterError.unknownKey(key: "colour", known: ["country", "days", "chart"]).description
        #expect(text.contains("'colour'"))
        for key in ["country", "days", "chart"] { #expect(text.contains(key)) }
    }

    @Test("the invalid-value message names the key, the value and the allowed values")
    func invalidValueDescription() throws {
        let error = #expect(throws: ParameterError.self) {
            try WidgetParameters.resolve(["country": "FRA"], against: definitions)
        }
        let text = try #require(error).description
        #expect(text.contains("'country'"))
        #expect(text.contains("'FRA'"))
        #expect(text.contains("JPN, USA, KOR"))
    }

    @Test("the integer message gives the range")
    func integerDescription() throws {
        let error = #expect(throws: ParameterError.self) { try days.validate("400") }
        let text = try #require(error).description
        #expect(text.contains("'days'"))
        #expect(text.contains("'400'"))
        #expect(text.contains("7...365"))
    }

    @Test("the malformed message quotes the text and shows the expected form")
    func malformedDescription() {
        let text = ParameterError.malformed("country:JPN").description
        #expect(text.contains("'country:JPN'"))
        #expect(text.contains("key=value"))
    }

    // MARK: Listing

    @Test("allowed values and type names for listings")
    func listing() {
        #expect(country.allowedValues == ["JPN", "USA", "KOR"])
        #expect(country.typeName == "choice")
        #expect(days.allowedValues == ["7", "365"])
        #expect(days.allowedDescription == "7...365")
        #expect(days.typeName == "integer")
        #expect(chart.allowedValues == ["true", "false"])
        #expect(chart.typeName == "boolean")
    }

    @Test("validated values print as the user would type them")
    func valueDescriptions() {
        #expect(ParameterValue.string("KOR").description == "KOR")
        #expect(ParameterValue.integer(42).description == "42")
        #expect(ParameterValue.boolean(false).description == "false")
    }

    @Test("a suggested-values parameter takes a listed value by value or label, or other text the data decides on")
    func suggestedValues() throws {
        let region = WidgetParameter(
            key: "country", title: "Country",
            kind: .suggested(
                [.init(value: "JPN", label: "Japan"), .init(value: "KOR", label: "South Korea")], maxLength: 10),
            defaultValue: "JPN")
        #expect(try region.validate("kor") == .string("KOR"))
        #expect(try region.validate(" south korea ") == .string("KOR"))
        #expect(try region.validate("New York") == .string("New York"))
        #expect(throws: ParameterError.self) { try region.validate("") }
        #expect(throws: ParameterError.self) { try region.validate("   ") }
        #expect(throws: ParameterError.self) { try region.validate("Lower Saxony") }  // over 10 characters
        #expect(throws: ParameterError.self) { try region.validate("New\nYork") }
        #expect(region.allowedValues == ["JPN", "KOR"])
        #expect(region.allowedDescription == "JPN, KOR, or a name in the data")
        #expect(region.typeName == "choice or text")
    }
}
