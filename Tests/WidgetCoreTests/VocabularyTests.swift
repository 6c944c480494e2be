import Foundation
import Testing
import WidgetCore

/// The model parts of the SwiftUI vocabulary: string keys and tables, symbols, colours, paths
/// and rendering modes.
@Suite struct VocabularyTests {
    static func string(_ text: Text, locale: String = "en", bundle: Bundle? = nil) -> String? {
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: locale)
        guard case .primitive(let behavior, _) = text.node.kind, let spec = behavior as? TextSpec else { return nil }
        return spec.string(in: environment)
    }

    @Test func interpolatedKeysHavePlaceholdersAndFallBackToTheLiteral() {
        let count = 3
        let name = "Mira"
        let key: LocalizedStringKey = "\(count) moves by \(name), 100%"
        #expect(key.key == "%lld moves by %@, 100%%")
        #expect(Self.string(Text(key)) == "3 moves by Mira, 100%")
        // A plain literal is its own text, % and all.
        #expect(Self.string(Text("50% off")) == "50% off")
        #expect(LocalizedStringKey.fill("%2$@ then %1$@", with: ["a", "b"]) == "b then a")
    }

    @Test func stringTablesAreReadForTheEnvironmentsLanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tables-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (language, body) in [
            ("ja", "/* the widget */\n\"Full in %@\" = \"全回復まで%@\";\n\"Done\" = \"完了\";"),
            ("pt-BR", "\"Done\" = \"Feito\"; // Brazil"),
        ] {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(body.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        let bundle = try #require(Bundle(path: folder.path))
        let hours = "2時間"
        #expect(Self.string(Text("Full in \(hours)", bundle: bundle), locale: "ja") == "全回復まで2時間")
        #expect(Self.string(Text("Done", bundle: bundle), locale: "ja") == "完了")
        #expect(Self.string(Text("Done", bundle: bundle), locale: "pt-BR") == "Feito")
        #expect(Self.string(Text("Done", bundle: bundle), locale: "ko") == "Done")
        // A string variable is never looked up.
        let done = "Done"
        #expect(Self.string(Text(done), locale: "ja") == "Done")
        #expect(StringTablesParsing.escapes == ["a\"b": "line\nnext"])
    }

    /// A string catalog in Xcode 15's format (`Fixtures/Localizable.xcstrings`), copied into a
    /// bundle as SwiftPM copies a resource: plural variations chosen by the count, in each
    /// language's CLDR categories; device variations as an iPhone's.
    @Test func stringCatalogsAreReadLikeStringTables() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Localizable.xcstrings")
        try FileManager.default.copyItem(at: fixture, to: folder.appendingPathComponent("Localizable.xcstrings"))
        let bundle = try #require(Bundle(path: folder.path))
        func moves(_ count: Int, _ locale: String) -> String? {
            Self.string(Text("\(count) moves left", bundle: bundle), locale: locale)
        }
        #expect(moves(1, "en") == "1 move left")
        #expect(moves(3, "en") == "3 moves left")
        #expect(moves(1, "de") == "Noch 1 Zug")
        #expect(moves(5, "de-AT") == "Noch 5 Züge")
        #expect(moves(2, "ar") == "بقيت نقلتان")
        #expect(moves(4, "ar") == "بقيت 4 نقلات")
        #expect(moves(11, "ar") == "بقيت 11 نقلة")
        #expect(moves(7, "ja") == "残り7手")
        // A language the catalog lacks: the source language's form.
        #expect(moves(1, "ko") == "1 move left")
        #expect(Self.string(Text("Done", bundle: bundle), locale: "fr") == "Terminé")
        #expect(Self.string(Text("Done", bundle: bundle), locale: "pt-BR") == "Pronto")
        #expect(Self.string(Text("Done", bundle: bundle), locale: "es") == "Done")
        // Bytes that are not a catalog are no catalog.
        #expect(StringCatalog(data: Data("{\"strings\": 3}".utf8)) == nil)
        #expect(StringCatalog.pluralCategory(21, language: "ru") == "one")
        #expect(StringCatalog.pluralCategory(0, language: "fr") == "one")
    }

    @Test func unknownSymbolsSuggestNearNames() {
        #expect(SymbolCatalog.names.count > 150)
        #expect(SymbolCatalog.iconName(for: "heart.fill") == "heart")
        #expect(SymbolCatalog.iconName(for: "bitcoinsign") == "currency-btc")
        #expect(SymbolCatalog.suggestions(for: "hart.fill").first == "heart.fill")
        #expect(SymbolCatalog.suggestions(for: "cloud.sunny").contains("cloud.sun"))
        #expect(SymbolCatalog.suggestions(for: "zzzzzzzzzzzzzz").isEmpty)
        #expect(SymbolCatalog.unknownMessage("chevron.rigth").contains("'chevron.right'"))
    }

    @Test func hierarchicalColoursFollowTheForeground() {
        #expect(Color.secondary.resolved(against: .primary) == Color.secondary.resolved(against: .primary))
        #expect(Color.secondary.resolved(against: .primary).light == Color.RGBA(hex: 0x3C3C43, alpha: 0.6))
        #expect(Color.secondary.resolved(against: .white) == Color.white.opacity(0.6))
        #expect(Color.tertiary.resolved(against: .white) == Color.white.opacity(0.3))
        #expect(Color.secondary.opacity(0.5).resolved(against: .white) == Color.white.opacity(0.3))
        #expect(Color.red.resolved(against: .white) == .red)
    }

    @Test func arcsAndEllipsesStayOnTheirCircle() {
        var path = Path()
        path.addArc(
            center: Point(x: 50, y: 50), radius: 40, startAngle: .degrees(0), endAngle: .degrees(270))
        guard case .curve(let end, _, _) = path.elements.last else {
            Issue.record("expected a curve, got \(path.elements)")
            return
        }
        #expect(abs(end.x - 50) < 1e-9 && abs(end.y - 10) < 1e-9)
        #expect(path.elements.count == 4)
        #expect(Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 10)).boundingRect.width == 20)
        // Angles far out of one turn, or not numbers at all, neither loop nor trap.
        var far = Path()
        far.addArc(center: .zero, radius: 1, startAngle: .radians(1e300), endAngle: .zero)
        #expect(far.elements.count <= 5)
        var nan = Path()
        nan.addArc(center: .zero, radius: 1, startAngle: .radians(.nan), endAngle: .zero)
        #expect(nan.isEmpty)
        #expect(
            Path(Rect(x: 1, y: 2, width: 3, height: 4)).offsetBy(dx: 1, dy: 1).boundingRect
                == Rect(x: 2, y: 3, width: 3, height: 4))
    }

    @Test func progressAndGaugesClampWhatTheyAreGiven() {
        for (value, total) in [(2.0, 1.0), (-1, 1), (.nan, 1), (1, .nan), (1, -5), (1, .infinity)] {
            guard case .composite(let body) = ProgressView(value: value, total: total).node.kind else { continue }
            let tree = describe(body.evaluate(in: EnvironmentValues()))
            #expect(tree.contains("Progress"), "\(value)/\(total)")
        }
        #expect(ProgressSpec(kind: .bar, fraction: .infinity).fraction == 0)
        #expect(ProgressSpec(kind: .bar, fraction: 1.5).fraction == 1)
        #expect(ProgressSpec.fraction(5, in: 0...10) == 0.5)
        #expect(ProgressSpec.fraction(5, in: 3...3) == 0)
    }

    @Test func renderingModesByNameAndFamily() {
        #expect(WidgetRenderingMode(named: "full-color") == .fullColor)
        #expect(WidgetRenderingMode(named: "Vibrant") == .vibrant)
        #expect(WidgetRenderingMode(named: "tinted") == nil)
        #expect(WidgetRenderingMode.default(for: .accessoryCircular) == .vibrant)
        #expect(WidgetRenderingMode.default(for: .systemSmall) == .fullColor)
        let lock = ViewContext(family: .accessoryInline, displaySize: .zero).environment
        #expect(lock.widgetRenderingMode == .vibrant)
        #expect(lock.colorScheme == .dark)
        #expect(!lock.showsWidgetContainerBackground)
        let tinted = ViewContext(family: .systemSmall, displaySize: .zero, renderingMode: .accented).environment
        #expect(tinted.widgetRenderingMode == .accented)
        #expect(!tinted.showsWidgetContainerBackground)
    }
}

/// The `.strings` parser on escapes.
enum StringTablesParsing {
    static var escapes: [String: String] { StringTables.parse("\"a\\\"b\" = \"line\\nnext\";") }
}
