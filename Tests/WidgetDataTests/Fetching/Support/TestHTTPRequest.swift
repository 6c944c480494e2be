import Foundation

/// A request as the test server read it.
struct TestHTTPRequest: Sendable {
    /// `GET`, `HEAD`, …
    var method: String
    /// The path and query, as sent: `/prices.csv?x=1`.
    var target: String
    /// Header fields, names lowercased; a repeated field keeps its last value.
    var headers: [String: String]

    /// The path without the query.
    var path: String { String(target.prefix { $0 != "?" }) }

    /// A header's value, by case-insensitive name.
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Parses the head of a request (request line and header fields, without the blank line).
    static func parse(_ head: String) -> TestHTTPRequest? {
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).makeIterator()
        guard let requestLine = lines.next() else { return nil }
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3 else { return nil }
        var headers: [String: String] = [:]
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return TestHTTPRequest(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }
}
