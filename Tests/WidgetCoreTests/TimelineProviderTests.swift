import Foundation
import Testing
import WidgetCore

/// Providers written either way WidgetKit allows: completion handlers or `async`.
@Suite struct TimelineProviderTests {
    struct Entry: TimelineEntry {
        let date: Date
    }

    static let now = Date(timeIntervalSince1970: 1_767_258_000)
    static var context: TimelineProviderContext {
        TimelineProviderContext(family: .systemSmall, displaySize: Size(width: 170, height: 170), now: now)
    }

    /// WidgetKit's shape, as tutorials write it.
    struct CompletionProvider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.now) }

        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
            completion(Entry(date: context.now.addingTimeInterval(1)))
        }

        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            let entries = (0..<3).map { Entry(date: context.now.addingTimeInterval(Double($0) * 60)) }
            // Completing twice is a bug WidgetKit tolerates: only the first counts.
            completion(Timeline(entries: entries, policy: .atEnd))
            completion(Timeline(entries: [], policy: .never))
        }
    }

    /// The `async` shape.
    struct AsyncProvider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.now) }

        func timeline(in context: Context) async throws -> Timeline<Entry> {
            Timeline(
                entries: [Entry(date: context.now), Entry(date: context.now.addingTimeInterval(60))], policy: .never)
        }
    }

    /// Implements neither way of giving a timeline.
    struct EmptyProvider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.now) }
    }

    /// Completes later, on another thread.
    struct LateProvider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.now) }

        func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void) {
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                completion(Timeline(entries: [Entry(date: Self.now)], policy: .never))
            }
        }

        static let now = TimelineProviderTests.now
    }

    @Test func completionHandlersBecomeAsync() async throws {
        let timeline = try await CompletionProvider().timeline(in: Self.context)
        #expect(timeline.entries.count == 3)
        #expect(timeline.policy == .atEnd)
        #expect(try await CompletionProvider().snapshot(in: Self.context).date == Self.now.addingTimeInterval(1))
        #expect(try await LateProvider().timeline(in: Self.context).entries.count == 1)
    }

    @Test func asyncProvidersAlsoAnswerTheCompletionHandlers() async throws {
        let timeline = try await AsyncProvider().timeline(in: Self.context)
        #expect(timeline.entries.count == 2)
        // No getSnapshot: the entry on screen at the time asked.
        #expect(try await AsyncProvider().snapshot(in: Self.context).date == Self.now)
        let fromCompletion = await withCheckedContinuation { continuation in
            AsyncProvider().getTimeline(in: Self.context) { continuation.resume(returning: $0) }
        }
        #expect(fromCompletion.entries.count == 2)
    }

    @Test func aProviderWithNeitherMethodIsAClearError() async {
        let error = await #expect(throws: ProviderError.self) { try await EmptyProvider().timeline(in: Self.context) }
        #expect(error?.reason == .notImplemented)
        #expect(error?.message == "EmptyProvider implements neither timeline(in:) nor getTimeline(in:completion:)")
    }

    @Test func cancellingAWaitForACompletionThatNeverComesEndsIt() async {
        struct SilentProvider: TimelineProvider {
            func placeholder(in context: Context) -> Entry { Entry(date: context.now) }
            func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {}
        }
        let task = Task { try await SilentProvider().timeline(in: Self.context) }
        try? await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        let result = await task.result
        #expect(throws: ProviderError.self) { try result.get() }
        // Cancelled before it ran (a busy machine): the same error, not a bare CancellationError.
        let early = Task { try await SilentProvider().timeline(in: Self.context) }
        early.cancel()
        let earlyResult = await early.result
        #expect(throws: ProviderError.self) { try earlyResult.get() }
    }
}
