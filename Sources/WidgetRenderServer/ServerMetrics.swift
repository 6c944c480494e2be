import CoreMetrics
import Foundation
import Hummingbird
import Prometheus
import WidgetCore

/// What `serve` counts, through swift-metrics into a Prometheus registry of the server's own (a
/// test's server does not see another's), read at `GET /metrics` in Prometheus' text format:
///
/// - `widgetrender_http_requests_total{route,method,status}` and
///   `widgetrender_http_request_duration_seconds{route,method}`, as Hummingbird's
///   `MetricsMiddleware` records them;
/// - `widgetrender_renders_total{kind,family}`, `widgetrender_render_duration_seconds{kind,family}`
///   and `widgetrender_render_errors_total{kind,status}`: images drawn;
/// - `widgetrender_image_cache_total{result="hit"|"miss"}`, `widgetrender_image_cache_bytes` and
///   `widgetrender_image_cache_images`: the image cache;
/// - `widgetrender_render_queue_depth`: images being drawn or waiting for a renderer.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let requests = LockedValue<[RequestID: (counter: CoreMetrics.Counter, timer: CoreMetrics.Timer)]>([:])
    private let renders = LockedValue<[RenderID: (counter: CoreMetrics.Counter, timer: CoreMetrics.Timer)]>([:])
    private let renderErrors = LockedValue<[String: CoreMetrics.Counter]>([:])
    private let hits: CoreMetrics.Counter
    private let misses: CoreMetrics.Counter
    let queueDepth: CoreMetrics.Gauge
    let cacheBytes: CoreMetrics.Gauge
    let cacheImages: CoreMetrics.Gauge

    private struct RequestID: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct RenderID: Hashable {
        var kind: String
        var family: String
    }

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        let fast: [Duration] = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
        ]
        factory.defaultDurationHistogramBuckets = fast
        self.factory = factory
        hits = CoreMetrics.Counter(
            label: "widgetrender_image_cache_total", dimensions: [("result", "hit")], factory: factory)
        misses = CoreMetrics.Counter(
            label: "widgetrender_image_cache_total", dimensions: [("result", "miss")], factory: factory)
        queueDepth = CoreMetrics.Gauge(label: "widgetrender_render_queue_depth", factory: factory)
        cacheBytes = CoreMetrics.Gauge(label: "widgetrender_image_cache_bytes", factory: factory)
        cacheImages = CoreMetrics.Gauge(label: "widgetrender_image_cache_images", factory: factory)
        queueDepth.record(0)
        cacheBytes.record(0)
        cacheImages.record(0)
    }

    /// Records an answered request: its route (a pattern, not the path, so the labels stay few),
    /// method, status and time.
    func request(route: String, method: String, status: Int, nanoseconds: Int64) {
        let id = RequestID(route: route, method: method, status: status)
        let metrics = requests.withLock { requests in
            if let metrics = requests[id] { return metrics }
            let metrics = (
                counter: CoreMetrics.Counter(
                    label: "widgetrender_http_requests_total",
                    dimensions: [("route", route), ("method", method), ("status", String(status))], factory: factory),
                timer: CoreMetrics.Timer(
                    label: "widgetrender_http_request_duration_seconds",
                    dimensions: [("route", route), ("method", method)], preferredDisplayUnit: .seconds,
                    factory: factory)
            )
            requests[id] = metrics
            return metrics
        }
        metrics.counter.increment()
        metrics.timer.recordNanoseconds(nanoseconds)
    }

    /// Records an image drawn.
    func render(kind: String, family: WidgetFamily, nanoseconds: Int64) {
        let id = RenderID(kind: kind, family: family.shortName)
        let metrics = renders.withLock { renders in
            if let metrics = renders[id] { return metrics }
            let dimensions = [("kind", kind), ("family", family.shortName)]
            let metrics = (
                counter: CoreMetrics.Counter(
                    label: "widgetrender_renders_total", dimensions: dimensions, factory: factory),
                timer: CoreMetrics.Timer(
                    label: "widgetrender_render_duration_seconds", dimensions: dimensions,
                    preferredDisplayUnit: .seconds, factory: factory)
            )
            renders[id] = metrics
            return metrics
        }
        metrics.counter.increment()
        metrics.timer.recordNanoseconds(nanoseconds)
    }

    /// Records a drawing that failed, by the status it answered.
    func renderFailed(kind: String, status: Int) {
        let key = "\(kind)|\(status)"
        renderErrors.withLock { errors in
            if let counter = errors[key] { return counter }
            let counter = CoreMetrics.Counter(
                label: "widgetrender_render_errors_total", dimensions: [("kind", kind), ("status", String(status))],
                factory: factory)
            errors[key] = counter
            return counter
        }.increment()
    }

    /// Records an image found in the cache, or not.
    func cache(hit: Bool) {
        (hit ? hits : misses).increment()
    }

    /// The metrics in Prometheus' text format.
    func text() -> ByteBuffer {
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return ByteBuffer(bytes: bytes)
    }
}
