import Foundation

/// The animated PNGs of a run: each widget and family's screens, gathered as the workers
/// encode them (in any order) and joined into one file as soon as the last arrives, so that
/// a run holds the frames of the animations being drawn, not all of them.
final class AnimationAssembly: @unchecked Sendable {
    /// One animation to make: its file and frames, planned before anything is drawn.
    struct Plan: Sendable {
        var kind: String
        var family: String
        /// Relative to the output folder.
        var file: String
        var timing: AnimatedPNG.Timing
        var frames: [Frame]
    }

    /// One frame: the job that draws its screen, and how long it shows.
    struct Frame: Sendable {
        var job: Int
        var record: Manifest.AnimationFrame
        var delay: Duration
    }

    private let lock = NSLock()
    private let plans: [Plan]
    /// Job index → (plan, frame).
    private let frameOfJob: [Int: (plan: Int, frame: Int)]
    /// Each plan's frames' PNGs so far.
    private var frames: [[Data?]]
    private var missing: [Int]
    private var records: [Manifest.AnimationRecord?]

    init(_ plans: [Plan]) {
        self.plans = plans
        var frameOfJob: [Int: (plan: Int, frame: Int)] = [:]
        for (planIndex, plan) in plans.enumerated() {
            for (frameIndex, frame) in plan.frames.enumerated() { frameOfJob[frame.job] = (planIndex, frameIndex) }
        }
        self.frameOfJob = frameOfJob
        frames = plans.map { Array(repeating: nil, count: $0.frames.count) }
        missing = plans.map(\.frames.count)
        records = Array(repeating: nil, count: plans.count)
    }

    /// Whether job `index` draws a frame.
    func isFrame(_ index: Int) -> Bool { frameOfJob[index] != nil }

    /// Takes the PNG of job `index`; when it completes an animation, joins it and stages the file.
    ///
    /// - Throws: ``WidgetRenderError`` when the frames cannot be joined or the file staged.
    func add(_ png: Data, job index: Int, into transaction: OutputTransaction) throws(WidgetRenderError) {
        guard let (planIndex, frameIndex) = frameOfJob[index] else { return }
        let complete: [Data]? = lock.withLock {
            frames[planIndex][frameIndex] = png
            missing[planIndex] -= 1
            guard missing[planIndex] == 0 else { return nil }
            defer { frames[planIndex] = [] }
            return frames[planIndex].compactMap { $0 }
        }
        guard let complete else { return }
        let plan = plans[planIndex]
        let apng: Data
        do {
            apng = try AnimatedPNG.assemble(
                zip(try AnimatedPNG.sharingOneHeader(complete), plan.frames).map {
                    AnimatedPNG.Frame(png: $0, delay: $1.delay)
                })
        } catch {
            throw .internalError("\(plan.file): \(error.message)")
        }
        try transaction.stage(apng, as: plan.file)
        guard let digest = SHA256.hex(apng) else {
            throw .internalError("cannot compute the SHA-256 of \(plan.file): out of memory")
        }
        let record = Manifest.AnimationRecord(
            kind: plan.kind, family: plan.family, file: plan.file, format: "apng", bytes: apng.count, sha256: digest,
            speed: plan.timing.speed, loops: 0, frames: plan.frames.map(\.record))
        lock.withLock { records[planIndex] = record }
    }

    /// Every animation's record, in plan order.
    ///
    /// - Throws: ``WidgetRenderError`` (internal) naming an animation some of whose frames never came.
    func finished() throws(WidgetRenderError) -> [Manifest.AnimationRecord] {
        let (records, plans) = lock.withLock { (self.records, self.plans) }
        var done: [Manifest.AnimationRecord] = []
        for (record, plan) in zip(records, plans) {
            guard let record else { throw .internalError("\(plan.file): some of its frames were never drawn") }
            done.append(record)
        }
        return done
    }
}
