import Foundation

extension AnimatedPNG {
    /// How a timeline's real time becomes an animation's: each screen stays on for the widget
    /// time it was on screen divided by ``speed``, kept between ``shortest`` and ``longest``.
    ///
    /// ```swift
    /// let timing = AnimatedPNG.Timing(speed: 86_400)  // a day a second
    /// timing.delay(forScreenTime: 6 * 3_600)          // 0.25 s
    /// ```
    public struct Timing: Sendable, Hashable {
        /// Seconds of widget time played in one second of animation: 3,600 (an hour a second)
        /// by default. A value that is not a positive finite number is taken as 3,600.
        public var speed: TimeInterval {
            didSet { speed = Self.checked(speed) }
        }
        /// The shortest a frame stays on: 50 ms by default (browsers show a shorter frame
        /// for 100 ms, and a screen too short to see is better a flash than skipped).
        public var shortest: Duration
        /// The longest a frame stays on: 10 s by default (a screen unchanged for days would
        /// otherwise hold the animation still for minutes).
        public var longest: Duration

        /// A timing.
        ///
        /// - Parameters:
        ///   - speed: seconds of widget time a second of animation plays; 3,600 by default.
        ///   - shortest: the shortest frame; 50 ms by default.
        ///   - longest: the longest frame; 10 s by default.
        public init(
            speed: TimeInterval = 3_600, shortest: Duration = .milliseconds(50), longest: Duration = .seconds(10)
        ) {
            self.speed = Self.checked(speed)
            self.shortest = shortest
            self.longest = longest
        }

        /// The delay of a frame whose screen stayed on for `seconds` of widget time:
        /// `seconds / speed`, in whole milliseconds, at least ``shortest`` and at most
        /// ``longest`` (the longest wins if they cross), and never over 65,535 s (what an APNG
        /// holds). Not a number counts as 0 seconds; no value traps.
        ///
        /// - Parameter seconds: how long the screen was on, in widget time.
        /// - Returns: the delay.
        public func delay(forScreenTime seconds: TimeInterval) -> Duration {
            let lower = Self.seconds(shortest)
            let upper = min(Self.seconds(longest), Double(UInt16.max))
            var scaled = seconds.isNaN ? 0 : seconds / Self.checked(speed)
            scaled = min(upper, max(lower, scaled))
            // Clamped to 0…65,535 s, so the milliseconds fit an Int64.
            let milliseconds = max(0, min(Double(UInt16.max) * 1_000, (scaled * 1_000).rounded()))
            return .milliseconds(Int64(milliseconds))
        }

        private static func checked(_ speed: TimeInterval) -> TimeInterval {
            speed.isFinite && speed > 0 ? speed : 3_600
        }

        private static func seconds(_ duration: Duration) -> Double {
            let (whole, attoseconds) = duration.components
            return Double(whole) + Double(attoseconds) / 1e18
        }
    }
}
