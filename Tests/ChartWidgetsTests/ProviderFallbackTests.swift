import Foundation
import Testing
import WidgetData
import WidgetRender

@testable import ChartWidgets

/// What a provider does when its remote source fails or sends something that is not data: decided
/// by the fetch's `DataOrigin` and `DataError.kind`, never by a path or a message.
@Suite("Providers fall back by type")
struct ProviderFallbackTests {
    static let url = "https://example.com/prices.csv"
    static let csv = Data(
        "Date,Open,High,Low,Close,Volume\n2024-01-02,10,12,9,11,100\n2024-01-03,11,13,10,12,120\n".utf8)
    static let html = Data("<!DOCTYPE html><html><body>Rate limited</body></html>\n".utf8)

    /// A fetcher that follows `DataFetching`'s contract over a body and an optional cached copy:
    /// the body when it passes the check, else the cached copy (if it passes) marked stale.
    struct StubFetcher: DataFetching {
        var body: Data?
        var cached: Data?
        var error: DataError = .unavailable(source: ProviderFallbackTests.url, reason: "cannot connect to host")

        func fetch(_ source: String, validate: DataFetcher.Validation?) async throws -> FetchedData {
            #expect(validate != nil, "the provider's parse is the fetcher's check")
            var failure = error
            if let body {
                do throws(DataError) {
                    try validate?(body, source)
                    return FetchedData(bytes: body, source: source, origin: .network)
                } catch {
                    failure = .unavailable(
                        source: source, reason: "the server answered HTTP 200 with a body that does not read as data")
                }
            }
            if let cached {
                try validate?(cached, source)
                return FetchedData(bytes: cached, source: source, origin: .staleCache, failure: failure)
            }
            throw failure
        }
    }

    static func context(_ fetcher: StubFetcher, strict: Bool = false, diagnostics: Diagnostics) throws
        -> TimelineProviderContext
    {
        var values = ProviderValues()
        values.chartData = ChartDataOptions(source: url, strict: strict, fetcher: fetcher)
        let widget = try TruthfulDataTests.widget("price")
        return TimelineProviderContext(
            family: .systemMedium, displaySize: Size(width: 364, height: 170),
            parameters: try WidgetParameters.resolve(["symbol": "GOOG"], against: widget.parameters),
            now: TruthfulDataTests.now, diagnostics: diagnostics, values: values)
    }

    @Test("a 200 with an HTML body: the cached copy is drawn, marked cached, with one warning naming the HTTP failure")
    func htmlBodyServesTheCache() async throws {
        let diagnostics = Diagnostics()
        let context = try Self.context(StubFetcher(body: Self.html, cached: Self.csv), diagnostics: diagnostics)
        let entry = try #require(try await PriceProvider().timeline(in: context).entries.last)
        #expect(entry.origin == .staleCache)
        #expect(entry.stale)
        #expect(entry.last.close == 12)
        #expect(entry.symbol == "GOOG")
        #expect(ProviderData.staleLabel(for: entry.origin, locale: Locale(identifier: "en")) == "cached")
        let warnings = diagnostics.drain()
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("HTTP 200") == true, "\(warnings)")
        #expect(warnings.first?.hasSuffix("drawing the cached copy") == true, "\(warnings)")
        // The source is named once, by the failure itself.
        #expect(warnings.first?.components(separatedBy: Self.url).count == 2, "\(warnings)")
    }

    @Test("no cached copy: the built-in sample stands in, typed as such and labelled sample, not the asked-for symbol")
    func noCacheServesTheSample() async throws {
        let diagnostics = Diagnostics()
        let context = try Self.context(StubFetcher(body: Self.html), diagnostics: diagnostics)
        let entry = try #require(try await PriceProvider().timeline(in: context).entries.last)
        #expect(entry.origin == .builtInSample)
        #expect(entry.stale)
        #expect(entry.symbol == "AAPL")
        #expect(ProviderData.staleLabel(for: entry.origin, locale: Locale(identifier: "ja")) == "サンプル")
        let warnings = diagnostics.drain()
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.hasSuffix("drawing the built-in sample instead") == true, "\(warnings)")
    }

    @Test("--strict reports the HTTP failure (69), not a parse error about the HTML")
    func strictReportsTheFetch() async throws {
        for fetcher in [StubFetcher(body: Self.html, cached: Self.csv), StubFetcher(body: Self.html)] {
            let context = try Self.context(fetcher, strict: true, diagnostics: Diagnostics())
            do {
                _ = try await PriceProvider().timeline(in: context)
                Issue.record("expected --strict to fail")
            } catch let error as ProviderError {
                #expect(error.reason == .unavailable)
                #expect(error.message.contains("HTTP 200"), "\(error)")
                #expect(error.message.hasSuffix("(strict: no fallback is drawn)"), "\(error)")
                #expect(!error.message.contains("not a known data format"), "\(error)")
            }
        }
    }

    @Test("fresh data is fresh; a usage error from the fetcher is a usage error, never a fallback")
    func freshAndUsage() async throws {
        let fresh = try #require(
            try await PriceProvider().timeline(
                in: try Self.context(StubFetcher(body: Self.csv), diagnostics: Diagnostics())
            ).entries.last)
        #expect(fresh.origin == .network)
        #expect(!fresh.stale)

        let usage = StubFetcher(error: .unsupported(source: "", reason: "timeout must be a positive number of seconds"))
        do {
            _ = try await PriceProvider().timeline(in: try Self.context(usage, diagnostics: Diagnostics()))
            Issue.record("expected a usage error")
        } catch let error as ProviderError {
            #expect(error.reason == .invalidConfiguration, "\(error)")
        }
    }

    @Test("the embedded sample by default is built in but not stale")
    func defaultSample() async throws {
        let context = try TruthfulDataTests.context(try TruthfulDataTests.widget("price"), data: nil)
        let entry = try #require(try await PriceProvider().timeline(in: context).entries.last)
        #expect(entry.origin == .file)
        #expect(!entry.stale)
        #expect(entry.symbol == "AAPL")
    }
}
