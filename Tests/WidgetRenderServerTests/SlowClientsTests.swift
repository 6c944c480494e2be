import Foundation
import Testing

@testable import WidgetRenderServer

#if canImport(Glibc)
    import Glibc
#endif

/// A thousand clients that each send a byte a second (the "slowloris" way of holding a server's
/// connections) do not stop a normal client being served.
@Suite("serve: slow clients")
struct SlowClientsTests {
    /// Connections to 127.0.0.1 that send a request one byte at a time, on a thread of their own.
    final class Drip: @unchecked Sendable {
        let sockets: [Int32]
        private let stop = LockedFlag()
        private let finished = DispatchSemaphore(value: 0)
        private let thread: Thread
        let request =
            Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
            + Array(repeating: UInt8(0x61), count: 200)

        init(port: Int, count: Int) throws {
            var sockets: [Int32] = []
            for _ in 0..<count {
                let socket: Int32
                do {
                    socket = try HTTPClient.connect(port: port)
                } catch {
                    for open in sockets { Glibc.close(open) }
                    throw HTTPClient.Failure(description: "connection \(sockets.count + 1): \(error)")
                }
                sockets.append(socket)
            }
            self.sockets = sockets
            let opened = sockets
            let stop = self.stop
            let request = self.request
            let finished = self.finished
            thread = Thread {
                var sent = 0
                while !stop.isSet, sent < request.count {
                    for socket in opened {
                        var byte = request[sent]
                        _ = send(socket, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                    }
                    sent += 1
                    // A second between bytes, in steps, so that `close()` does not wait long.
                    for _ in 0..<20 where !stop.isSet { Thread.sleep(forTimeInterval: 0.05) }
                }
                finished.signal()
            }
            thread.start()
        }

        /// Stops the thread, waits for it (so it never writes to a descriptor reused after
        /// these are closed), then closes the connections.
        func close() {
            stop.set()
            finished.wait()
            for socket in sockets { Glibc.close(socket) }
        }
    }

    final class LockedFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    @Test func aThousandSlowClientsDoNotStopANormalOne() async throws {
        // The test process holds both ends of each connection: 2,000 descriptors and more.
        let files = WidgetServer.raiseOpenFileLimit()
        try #require(files >= 2_200, "the open-file limit is \(files); this test needs 2,200")
        try await ServeTests.withServer { client, _ in
            let drip = try Drip(port: client.port, count: 1_000)
            defer { drip.close() }
            // Two seconds in, every slow client has sent a byte or two and holds its connection.
            try await Task.sleep(for: .seconds(2))
            for path in ["/healthz", "/widgets/price/small.png?at=\(ServeTests.shown)", "/widgets"] {
                let start = ContinuousClock.now
                let response = try await client.get(path)
                let elapsed = ContinuousClock.now - start
                #expect(response.status == 200, "\(path)")
                // Served, not stalled: the slow clients hold their connections for 200 seconds,
                // so a server they block would not answer within this (generous under a
                // parallel test run) bound.
                #expect(elapsed < .seconds(10), "\(path) took \(elapsed) beside 1,000 slow clients")
            }
        }
    }
}
