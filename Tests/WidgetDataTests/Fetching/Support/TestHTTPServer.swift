import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests, on POSIX sockets, serving scripted routes.
///
/// The port is chosen by the system (bind to port 0, then `getsockname`). One thread accepts;
/// each connection gets its own thread, reads one request, answers, and closes, so a slow answer
/// never holds up another request. Every loop is bounded, and ``stop()`` ends them all within
/// a few seconds.
///
/// ```swift
/// let server = try TestHTTPServer(routes: ["/a.csv": { _ in .ok("Date,Close\n") }])
/// defer { server.stop() }
/// let result = try await fetcher.fetch(server.url("/a.csv").absoluteString)
/// #expect(server.hits("/a.csv") == 1)
/// ```
final class TestHTTPServer: @unchecked Sendable {
    /// Answers a request; routes are matched on the path without the query.
    typealias Handler = @Sendable (TestHTTPRequest) -> TestHTTPResponse

    /// Limits that keep a broken test from hanging the suite.
    private static var maximumConnections: Int { 500 }
    private static var maximumLifetime: TimeInterval { 120 }
    private static var socketTimeout: TimeInterval { 3 }
    private static var maximumRequestHead: Int { 64 * 1024 }

    /// The port the server listens on.
    let port: UInt16

    private let listener: Int32
    private let routes: [String: Handler]
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stopping = false
    private var threads = 0
    private var log: [TestHTTPRequest] = []

    /// Starts listening and serving.
    ///
    /// - Parameter routes: handlers by path; any other path answers `404 Not Found`.
    init(routes: [String: Handler]) throws {
        self.routes = routes
        let (fd, port) = try LoopbackSocket.makeBound()
        guard listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw LoopbackSocket.SetupError(call: "listen", code: code)
        }
        listener = fd
        self.port = port
        threads = 1
        Thread { [self] in acceptLoop() }.start()
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/invalid-test-url")
    }

    /// The requests received so far, in order.
    var requests: [TestHTTPRequest] { lock.withLock { log } }

    /// How many requests asked for `path`.
    func hits(_ path: String) -> Int { requests.filter { $0.path == path }.count }

    /// Stops accepting, waits (at most a few seconds) for the connection threads to finish,
    /// and closes the listening socket. Afterwards the port refuses connections.
    func stop() {
        let alreadyStopping = lock.withLock {
            defer { stopping = true }
            return stopping
        }
        guard !alreadyStopping else { return }
        let deadline = Date().addingTimeInterval(Self.socketTimeout + 2)
        while lock.withLock({ threads }) > 0, Date() < deadline { usleep(5_000) }
        close(listener)
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func acceptLoop() {
        defer { lock.withLock { threads -= 1 } }
        let end = Date().addingTimeInterval(Self.maximumLifetime)
        var accepted = 0
        while !isStopping, accepted < Self.maximumConnections, Date() < end {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            accepted += 1
            configure(connection)
            lock.withLock { threads += 1 }
            Thread { [self] in
                defer { lock.withLock { threads -= 1 } }
                serve(connection)
                close(connection)
            }.start()
        }
    }

    /// Timeouts on both directions so a silent client cannot block a thread, and no SIGPIPE.
    private func configure(_ connection: Int32) {
        var timeout = timeval(tv_sec: Int(Self.socketTimeout), tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else { return }
        lock.withLock { log.append(request) }
        let response = routes[request.path]?(request) ?? .status(404, "Not Found")
        guard pause(for: response.delay) else { return }
        guard write(response.head, to: connection) else { return }
        guard request.method != "HEAD", !response.body.isEmpty else { return }
        let chunk = max(1, response.chunkSize ?? response.body.count)
        var offset = 0
        while offset < response.body.count {
            let end = min(offset + chunk, response.body.count)
            guard write(response.body[offset..<end], to: connection) else { return }
            offset = end
            if offset < response.body.count, response.pause > 0 { guard pause(for: response.pause) else { return } }
        }
    }

    /// Reads up to the blank line that ends the request head.
    private func readRequest(_ connection: Int32) -> TestHTTPRequest? {
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        while head.count < Self.maximumRequestHead {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            head.append(contentsOf: buffer[0..<count])
            if let range = head.range(of: terminator) {
                return TestHTTPRequest.parse(String(decoding: head[..<range.lowerBound], as: UTF8.self))
            }
        }
        return nil
    }

    /// Writes all of `data`; `false` when the client has gone.
    private func write(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var sent = 0
            while sent < raw.count {
                let count = send(connection, base + sent, raw.count - sent, LoopbackSocket.sendFlags)
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }
    }

    /// Sleeps in short steps so ``stop()`` is not kept waiting; `false` when stopped meanwhile.
    private func pause(for seconds: TimeInterval) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if isStopping { return false }
            usleep(UInt32(min(10_000, max(0, end.timeIntervalSinceNow) * 1_000_000)))
        }
        return !isStopping
    }

    /// A handler that answers with `responses` in turn, repeating the last one.
    static func sequence(_ responses: [TestHTTPResponse]) -> Handler {
        precondition(!responses.isEmpty, "a sequence needs at least one response")
        let counter = Counter()
        return { _ in responses[min(counter.next(), responses.count - 1)] }
    }

    /// Counts calls across threads.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        /// 0, 1, 2, …
        func next() -> Int {
            lock.withLock {
                defer { count += 1 }
                return count
            }
        }
    }
}
