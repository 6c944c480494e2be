import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 client over a plain socket to 127.0.0.1, so tests send exactly the bytes
/// they mean (a bad URI, bytes that are not UTF-8, any method) and read the server's exactly.
struct HTTPClient {
    let port: Int

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data

        /// A header's value, by its name in any case.
        func header(_ name: String) -> String? { headers[name.lowercased()] }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends a request of raw bytes (the request line, headers and body) and reads the answer,
    /// on a thread of its own: a blocking socket must not hold one of the few threads the
    /// server's tasks run on.
    func raw(_ bytes: [UInt8], timeout: TimeInterval = 60) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try rawBlocking(bytes, timeout: timeout) })
            }
            thread.start()
        }
    }

    /// A blocking socket connected to 127.0.0.1:`port`; the caller closes it.
    static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = errno
            close(socket)
            throw Failure(description: "connect to 127.0.0.1:\(port): errno \(error)")
        }
        return socket
    }

    private func rawBlocking(_ bytes: [UInt8], timeout: TimeInterval) throws -> Response {
        let socket = try Self.connect(port: port)
        defer { close(socket) }
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send: \(errno)") }
            sent += count
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let start = Date()
        var ended = "closed"
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            // A signal to the test process interrupts the wait; it is not the server's answer.
            if count < 0, errno == EINTR { continue }
            if count < 0 { ended = "errno \(errno)" }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        do {
            return try Self.parse(received)
        } catch {
            throw Failure(
                description: "\(error) (\(ended) after \(String(format: "%.1f", Date().timeIntervalSince(start))) s)")
        }
    }

    /// A request with `Connection: close`.
    func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: String = ""
    ) async throws -> Response {
        var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        if !body.isEmpty || method == "POST" { lines.append("Content-Length: \(body.utf8.count)") }
        return try await raw(Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8))
    }

    func get(_ target: String, headers: [String: String] = [:]) async throws -> Response {
        try await request("GET", target, headers: headers)
    }

    static func parse(_ data: Data) throws -> Response {
        let bytes = [UInt8](data)
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { bytes[$0..<($0 + 4)] == [13, 10, 13, 10] }) else {
            throw Failure(description: "no complete answer: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line: \(head[0])")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(bytes[(end + 4)...])
        if let length = headers["content-length"].flatMap(Int.init), length < body.count {
            body = body.prefix(length)
        }
        return Response(status: status, headers: headers, body: body)
    }
}
