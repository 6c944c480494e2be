import Foundation

/// A scripted answer from ``TestHTTPServer``, including the broken ones a client must survive:
/// a late answer, a body cut short, a body trickled out, a body with no length.
struct TestHTTPResponse: Sendable {
    /// How the `Content-Length` header is written.
    enum Length: Sendable {
        /// The body's real length.
        case exact
        /// This length, whatever the body (a lie, to simulate truncation).
        case declared(Int)
        /// No header: the body ends when the connection closes.
        case omitted
    }

    var status: Int
    var reason: String
    var headers: [(name: String, value: String)] = []
    var body = Data()
    var length: Length = .exact
    /// Seconds to wait before sending anything.
    var delay: TimeInterval = 0
    /// Body bytes per write, with ``pause`` seconds between writes; `nil` sends it at once.
    var chunkSize: Int?
    var pause: TimeInterval = 0

    /// `200 OK` with a body and extra header fields.
    static func ok(_ body: Data, headers: [(name: String, value: String)] = []) -> TestHTTPResponse {
        TestHTTPResponse(status: 200, reason: "OK", headers: headers, body: body)
    }

    /// `200 OK` with a UTF-8 body.
    static func ok(_ text: String, headers: [(name: String, value: String)] = []) -> TestHTTPResponse {
        ok(Data(text.utf8), headers: headers)
    }

    /// A status with a short text body.
    static func status(_ code: Int, _ reason: String) -> TestHTTPResponse {
        TestHTTPResponse(status: code, reason: reason, body: Data("\(code) \(reason)\n".utf8))
    }

    /// `304 Not Modified`, no body.
    static var notModified: TestHTTPResponse {
        TestHTTPResponse(status: 304, reason: "Not Modified", length: .omitted)
    }

    /// `302 Found` to `location`.
    static func redirect(to location: String) -> TestHTTPResponse {
        TestHTTPResponse(status: 302, reason: "Found", headers: [("Location", location)])
    }

    /// The same answer, sent after `seconds`.
    func delayed(by seconds: TimeInterval) -> TestHTTPResponse {
        var copy = self
        copy.delay = seconds
        return copy
    }

    /// The same answer with its `Content-Length` written as `length` says.
    func length(_ length: Length) -> TestHTTPResponse {
        var copy = self
        copy.length = length
        return copy
    }

    /// The same answer with its body sent `size` bytes at a time, `pause` seconds apart.
    func trickled(_ size: Int, pause: TimeInterval = 0) -> TestHTTPResponse {
        var copy = self
        copy.chunkSize = size
        copy.pause = pause
        return copy
    }

    /// The status line and header fields, ending with the blank line.
    var head: Data {
        var text = "HTTP/1.1 \(status) \(reason)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        switch length {
        case .exact: text += "Content-Length: \(body.count)\r\n"
        case .declared(let count): text += "Content-Length: \(count)\r\n"
        case .omitted: break
        }
        text += "Connection: close\r\n\r\n"
        return Data(text.utf8)
    }
}
