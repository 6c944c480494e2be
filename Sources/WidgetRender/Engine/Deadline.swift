import Foundation
import WidgetDates

/// Runs work with a time limit, returning when the limit passes even if the work never ends.
package enum Deadline {
    /// The limit passed.
    package struct Expired: Error, CustomStringConvertible {
        let seconds: TimeInterval
        package var description: String { "\(DateParsing.format(duration: seconds))" }
    }

    /// Runs `work`, or throws ``Expired`` after `seconds`; the work is then cancelled.
    package static func run<Value: Sendable>(
        seconds: TimeInterval, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let limit = seconds.isFinite ? min(max(seconds, 0.001), 86_400) : 86_400
        let gate = Gate<Value>()
        return try await withCheckedThrowingContinuation { continuation in
            gate.set(continuation)
            let worker = Task {
                do {
                    gate.resume(with: .success(try await work()))
                } catch {
                    gate.resume(with: .failure(error))
                }
                gate.cancelTimer()
            }
            gate.setTimer(
                Task {
                    try? await Task.sleep(nanoseconds: UInt64(limit * 1e9))
                    if gate.resume(with: .failure(Expired(seconds: limit))) { worker.cancel() }
                })
        }
    }

    /// Resumes a continuation once.
    final class Gate<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, any Error>?
        private var timer: Task<Void, Never>?
        private var finished = false

        /// Keeps the timer, or cancels it at once when the work has already finished.
        func setTimer(_ task: Task<Void, Never>) {
            let cancel = lock.withLock { () -> Bool in
                timer = task
                return finished
            }
            if cancel { task.cancel() }
        }

        /// The work finished: the timer need not sleep on.
        func cancelTimer() {
            let task = lock.withLock { () -> Task<Void, Never>? in
                finished = true
                return timer
            }
            task?.cancel()
        }

        func set(_ continuation: CheckedContinuation<Value, any Error>) {
            lock.withLock { self.continuation = continuation }
        }

        /// Resumes unless resumed before; true when this call did.
        @discardableResult
        func resume(with result: Result<Value, any Error>) -> Bool {
            let pending = lock.withLock { () -> CheckedContinuation<Value, any Error>? in
                defer { continuation = nil }
                return continuation
            }
            pending?.resume(with: result)
            return pending != nil
        }
    }
}
