import Foundation
import Testing
import WidgetCore
import WidgetRender
import XCTest

/// Asserts that a view renders as its reference PNG.
///
/// References live beside the test file in `__Snapshots__/<TestFile>/`; a missing one is
/// recorded (and the test fails once), as with swift-snapshot-testing. On a mismatch the
/// actual image and a diff image are written to `artifacts/` and named in the failure.
/// Works in Swift Testing and XCTest tests.
///
/// ```swift
/// @Test func smallPrice() {
///     assertSnapshot(of: PriceWidget().view(for: entry, in: context), as: .image(family: .systemSmall))
/// }
/// ```
///
/// - Parameters:
///   - view: the view to render.
///   - strategy: family, device, appearance and tolerance.
///   - name: names the reference (needed in parameterised tests, whose cases run in any order);
///     otherwise references are numbered per test.
///   - isPlaceholder: draw redacted, as the placeholder.
///   - record: overrides `SNAPSHOT_TESTING_RECORD`.
///   - snapshotDirectory: a folder for references instead of `__Snapshots__`.
public func assertSnapshot(
    of view: some View, as strategy: WidgetImageStrategy = .image(), named name: String? = nil,
    isPlaceholder: Bool = false, record: SnapshotRecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let location = SourceLocation(
        fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line), column: Int(column)
    )
    do {
        let (png, stack) = try SnapshotRenderer.png(view.node, strategy: strategy, isPlaceholder: isPlaceholder)
        if let message = try SnapshotVerifier.verify(
            png, stack: stack, comparison: strategy.comparison, name: name, record: record ?? .current,
            snapshotDirectory: snapshotDirectory, filePath: String(describing: filePath), testName: testName)
        {
            reportFailure(message, location: location, filePath: filePath, line: line)
        }
    } catch {
        reportFailure("could not snapshot: \(error)", location: location, filePath: filePath, line: line)
    }
}

/// Which entry of a widget to snapshot.
public enum SnapshotEntry: Sendable {
    /// The timeline entry on screen at this time (WidgetKit's rule: the latest not after it).
    case timeline(at: Date)
    /// The provider's snapshot, asked with the preview flag set (as the widget gallery asks).
    case snapshot(now: Date)
    /// The provider's placeholder, drawn redacted.
    case placeholder(now: Date)
}

/// Asserts that a widget, for one family and entry, renders as its reference PNG.
///
/// Runs the widget's own provider with the strategy's family and size, so the
/// provider, the view and the renderer are all under test.
///
/// ```swift
/// @Test func priceMediumDark() async {
///     await assertSnapshot(of: PriceWidget(), entry: .timeline(at: now), as: .image(colorScheme: .dark))
/// }
/// ```
///
/// - Parameters:
///   - widget: the widget.
///   - entry: which entry to draw.
///   - parameters: `key=value` settings, validated against the widget's parameters.
///   - backgroundImagePath: a shared-container background image, for widgets that use one.
///   - dataSource: a data file for the provider instead of its built-in data (read locally, format detected).
public func assertSnapshot<W: Widget>(
    of widget: W, entry: SnapshotEntry, parameters: [String: String] = [:], backgroundImagePath: String? = nil,
    dataSource: String? = nil,
    as strategy: WidgetImageStrategy = .image(), named name: String? = nil, record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) async {
    let location = SourceLocation(
        fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line), column: Int(column)
    )
    do {
        let metrics = try strategy.metrics()
        let values = try WidgetParameters.resolve(parameters, against: widget.parameters)
        let view: ViewNode
        var placeholder = false
        switch entry {
        case .timeline(let now):
            let context = TimelineProviderContext(
                family: strategy.family, displaySize: metrics.size, parameters: values, now: now, dataSource: dataSource
            )
            guard let shown = try await widget.provider.timeline(in: context).entry(at: now) else {
                reportFailure(
                    "\(widget.kind): no timeline entry is on screen at \(now)", location: location, filePath: filePath,
                    line: line)
                return
            }
            view = widget.view(for: shown, in: try strategy.viewContext(backgroundImagePath: backgroundImagePath))
        case .snapshot(let now):
            let context = TimelineProviderContext(
                family: strategy.family, displaySize: metrics.size, isPreview: true, parameters: values, now: now,
                dataSource: dataSource)
            let snapshot = try await widget.provider.snapshot(in: context)
            view = widget.view(for: snapshot, in: try strategy.viewContext(backgroundImagePath: backgroundImagePath))
        case .placeholder(let now):
            let context = TimelineProviderContext(
                family: strategy.family, displaySize: metrics.size, parameters: values, now: now)
            placeholder = true
            view = widget.view(
                for: widget.provider.placeholder(in: context),
                in: try strategy.viewContext(isPlaceholder: true, backgroundImagePath: backgroundImagePath))
        }
        assertSnapshot(
            of: view, as: strategy, named: name, isPlaceholder: placeholder, record: record,
            snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath, testName: testName, line: line,
            column: column)
    } catch {
        reportFailure("could not snapshot \(widget.kind): \(error)", location: location, filePath: filePath, line: line)
    }
}

/// Fails the running test: a Swift Testing issue inside a `@Test`, else an XCTest failure.
func reportFailure(_ message: String, location: SourceLocation, filePath: StaticString, line: UInt) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}
