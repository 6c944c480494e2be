import Foundation
import WidgetCore
import WidgetDrawing
import WidgetRender

extension Benchmark {
    /// What many callers of the engine at once cost: renders through the public
    /// ``RenderEngine/render(_:as:)``, mixed widgets, families and times, from `callers` tasks.
    package struct CallersResult: Sendable {
        /// Tasks rendering at once.
        package var callers: Int
        /// The engine's renderers.
        package var renderers: Int
        /// Renders in all.
        package var renders: Int
        /// Wall time of all the renders, in milliseconds.
        package var wall: Double
        /// The median of one render's time from call to return (waiting for a renderer included).
        package var medianLatency: Double
        /// The process's peak resident memory at the end, in bytes.
        package var peakResident: Int
        /// After the renders: `callers` more calls cancelled while they wait for the renderers;
        /// the median and the longest time from the cancellation to the call's return, in ms.
        package var cancelMedian: Double
        package var cancelMax: Double
        /// How many of those calls returned `cancelled`.
        package var cancelled: Int

        /// Renders per second.
        package var throughput: Double { wall > 0 ? Double(renders) / wall * 1000 : 0 }
    }

    /// Renders `renders` requests (every selected widget × family the device has, light and dark,
    /// at `batch.now` and a day before, in turn) from `callers` tasks at once, then measures how
    /// fast `callers` waiting calls return when cancelled.
    package func callers(_ callers: Int, renders: Int, families: [WidgetFamily]) async throws(WidgetRenderError)
        -> CallersResult
    {
        var requests: [RenderRequest] = []
        let kinds = batch.kinds.isEmpty ? engine.widgets.map(\.kind) : batch.kinds
        for kind in kinds {
            guard let widget = engine.widget(kind: kind) else {
                throw .invalidRequest("unknown widget '\(kind)'")
            }
            for family in families where widget.supports(family) {
                guard (try? WidgetMetrics(family: family, device: batch.device, scale: batch.scale)) != nil else {
                    continue
                }
                for scheme in [ColorScheme.light, .dark] {
                    for time in [batch.now, batch.now.addingTimeInterval(-86_400)] {
                        var request = batch.request(kind: kind, family: family)
                        request.colorScheme = scheme
                        request.askedAt = time
                        requests.append(request)
                    }
                }
            }
        }
        guard !requests.isEmpty else { throw .invalidRequest("no selected widget has these families") }
        let engine = self.engine
        let plan = requests
        let start = DispatchTime.now()
        let latencies: [Double]
        do {
            latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
                for caller in 0..<callers {
                    group.addTask {
                        var mine: [Double] = []
                        var index = caller
                        while index < renders {
                            let begun = DispatchTime.now()
                            _ = try await engine.render(plan[index % plan.count])
                            mine.append(Self.milliseconds(begun, DispatchTime.now()))
                            index += callers
                        }
                        return mine
                    }
                }
                var all: [Double] = []
                for try await mine in group { all += mine }
                return all
            }
        } catch let error as WidgetRenderError {
            throw error
        } catch {
            throw .internalError("\(error)")
        }
        let wall = Self.milliseconds(start, DispatchTime.now())
        let peak = Self.peakResidentBytes()
        // Cancellation: every renderer held, `callers` calls waiting for one; all cancelled.
        var held: [WidgetRenderer] = []
        for _ in 0..<engine.renderers { held.append(try await engine.pool.lease(affinity: nil)) }
        let tasks = (0..<callers).map { index in
            Task { () -> (Bool, DispatchTime) in
                do throws(WidgetRenderError) {
                    _ = try await engine.render(plan[index % plan.count])
                    return (false, DispatchTime.now())
                } catch {
                    return (error.kind == .cancelled, DispatchTime.now())
                }
            }
        }
        // Until every call waits for a renderer (at most ten seconds).
        let waitingFrom = DispatchTime.now()
        while engine.pool.waiting < callers, Self.milliseconds(waitingFrom, DispatchTime.now()) < 10_000 {
            try? await Task.sleep(nanoseconds: 200_000)
        }
        let cancelledAt = DispatchTime.now()
        for task in tasks { task.cancel() }
        var cancelTimes: [Double] = []
        var cancelled = 0
        for task in tasks {
            let (wasCancelled, ended) = await task.value
            if wasCancelled {
                cancelled += 1
                cancelTimes.append(Self.milliseconds(cancelledAt, ended))
            }
        }
        for renderer in held { engine.pool.giveBack(renderer, affinity: nil) }
        return CallersResult(
            callers: callers, renderers: engine.renderers, renders: latencies.count, wall: wall,
            medianLatency: Self.quantile(latencies, 0.5), peakResident: peak,
            cancelMedian: Self.quantile(cancelTimes, 0.5), cancelMax: cancelTimes.max() ?? 0, cancelled: cancelled)
    }
}
