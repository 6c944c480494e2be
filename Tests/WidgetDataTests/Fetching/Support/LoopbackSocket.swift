import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// TCP sockets bound to 127.0.0.1 on a port the system picks, for the test server and for
/// ports that refuse connections.
enum LoopbackSocket {
    /// A socket call that failed, with `errno`'s text.
    struct SetupError: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "loopback socket: \(call) failed: \(String(cString: strerror(code)))" }
    }

    /// A new TCP socket bound to 127.0.0.1, port 0, and the port the system gave it.
    static func makeBound() throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw SetupError(call: "socket", code: errno) }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw SetupError(call: "bind", code: code)
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(descriptor)
            throw SetupError(call: "getsockname", code: code)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    #if canImport(Glibc)
        static var streamType: Int32 { Int32(SOCK_STREAM.rawValue) }
        static var sendFlags: Int32 { Int32(MSG_NOSIGNAL) }
    #else
        static var streamType: Int32 { SOCK_STREAM }
        /// Darwin has no MSG_NOSIGNAL; the test server sets SO_NOSIGPIPE on each socket instead.
        static var sendFlags: Int32 { 0 }
    #endif
}
