import Foundation

extension Manifest {
    /// An animated PNG of one widget and family's `timeline` screens, each frame shown for the
    /// widget time its screen stayed on, scaled (`timeline --image-format apng`).
    public struct AnimationRecord: Codable, Sendable, Equatable {
        /// The widget's kind.
        public var kind: String
        /// The family's short name.
        public var family: String
        /// Path relative to the output folder: `price/medium/timeline.apng`.
        public var file: String
        /// `apng`.
        public var format: String
        /// The file's size in bytes.
        public var bytes: Int
        /// SHA-256 of the file's bytes.
        public var sha256: String
        /// Seconds of widget time one second of the animation plays (`--animation-speed`).
        public var speed: Double
        /// How many times it plays; 0 for ever.
        public var loops: Int
        /// The frames, in order: the screens of `images` for this widget and family.
        public var frames: [AnimationFrame]

        /// A record.
        public init(
            kind: String, family: String, file: String, format: String, bytes: Int, sha256: String, speed: Double,
            loops: Int, frames: [AnimationFrame]
        ) {
            self.kind = kind
            self.family = family
            self.file = file
            self.format = format
            self.bytes = bytes
            self.sha256 = sha256
            self.speed = speed
            self.loops = loops
            self.frames = frames
        }
    }

    /// One frame of an animation: a screen, how long it stayed on, and how long the frame shows.
    public struct AnimationFrame: Codable, Sendable, Equatable {
        /// The screen's image (its record is in `images`), relative to the output folder.
        public var file: String
        /// When the screen appeared.
        public var shownAt: Date
        /// Seconds of widget time it stayed on: until the next screen, or the end of the span.
        public var screenTime: Double
        /// Seconds the frame shows, as the file holds it: the screen time divided by the speed,
        /// kept between 0.05 and 10 s by default, in whole milliseconds.
        public var delay: Double

        /// A frame.
        public init(file: String, shownAt: Date, screenTime: Double, delay: Double) {
            self.file = file
            self.shownAt = shownAt
            self.screenTime = screenTime
            self.delay = delay
        }
    }
}
