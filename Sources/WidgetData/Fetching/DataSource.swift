import Foundation

/// Where a widget's data comes from: a file on this machine or an `http(s)://` URL.
///
/// Parse what a person typed (a `--data` argument, a widget parameter) with ``init(_:)``; the text
/// is kept as ``description`` so every message names the source the way it was given.
///
/// ```swift
/// let path = try DataSource("Data/btc-usd.csv")
/// let file = try DataSource("file:///srv/data/btc-usd.csv")
/// let remote = try DataSource("https://example.com/btc-usd.csv")
/// let result = try await DataFetcher().fetch(remote)
/// ```
public struct DataSource: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of place a source can name.
    public enum Location: Sendable, Hashable {
        /// A file on this machine, by path (from a plain path or a `file://` URL).
        case file(path: String)
        /// An `http://` or `https://` URL.
        case remote(URL)
    }

    /// Where the bytes are.
    public let location: Location

    /// The source as it was given, for messages.
    public let description: String

    /// Parses a path or a URL.
    ///
    /// Text with a URL scheme of two or more letters is a URL (`C:\data.csv` stays a path);
    /// `file://`, `http://` and `https://` are understood, in any letter case. Anything else is
    /// a path, taken as written.
    ///
    /// ```swift
    /// try DataSource("samples/btc.csv").location   // .file(path: "samples/btc.csv")
    /// try DataSource("HTTPS://example.com/a.json")  // .remote(…)
    /// ```
    ///
    /// - Parameter text: a path, or a `file://`, `http://` or `https://` URL.
    /// - Throws: ``DataError/unsupported(source:reason:)`` (a usage error) for empty text, a
    ///   `file://` URL without a path, another scheme, a URL without a host, or a `file://` URL
    ///   naming another machine.
    public init(_ text: String) throws(DataError) {
        description = Self.redacted(text)
        guard !text.isEmpty else { throw .unsupported(source: text, reason: "no path or URL given") }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme.count > 1 else {
            location = .file(path: text)
            return
        }
        switch scheme {
        case "file":
            if let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
                throw .unsupported(
                    source: text,
                    reason: "file:// URLs on another machine (\(host)) are not supported; mount it and pass a path")
            }
            guard !url.path.isEmpty else { throw .unsupported(source: text, reason: "the file:// URL has no path") }
            location = .file(path: url.path)
        case "http", "https":
            guard let host = url.host, !host.isEmpty else {
                throw .unsupported(source: text, reason: "the \(scheme):// URL has no host")
            }
            // The scheme in lower case, so `HTTPS://x` and `https://x` share a cache entry; messages name
            // the source as written.
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            components?.scheme = scheme
            location = .remote(components?.url ?? url)
        default:
            throw .unsupported(
                source: text,
                reason: "\(scheme):// sources are not supported; use a path or a file://, http:// or https:// URL")
        }
    }

    /// A file on this machine, by path, without parsing it as a URL.
    ///
    /// ```swift
    /// let source = DataSource(path: "/tmp/data:2024.csv")
    /// ```
    ///
    /// - Parameter path: the file's path, absolute or relative to the working directory.
    public init(path: String) {
        location = .file(path: path)
        description = path
    }

    /// A URL: `file://`, `http://` or `https://`.
    ///
    /// ```swift
    /// let source = try DataSource(url: URL(fileURLWithPath: "/srv/btc.csv"))
    /// ```
    ///
    /// - Parameter url: the URL; its absolute string names it in messages.
    /// - Throws: as ``init(_:)``.
    public init(url: URL) throws(DataError) {
        try self.init(url.absoluteString)
    }

    /// The text with a URL's password replaced by `***` (`https://user:***@host/…`): what every
    /// message, warning, manifest and cache header shows of a source, so credentials are kept
    /// only in the request itself.
    ///
    /// - Parameter text: a path or URL as given.
    /// - Returns: the text, its password hidden.
    public static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@") else {
            return text
        }
        let authority = text[scheme.upperBound..<at]
        // An `@` after the first `/`, `?` or `#` is not part of the authority.
        guard !authority.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return text }
        guard let colon = authority.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }
}
