import Foundation
import WidgetDates

/// What a ``Text`` shows: a string, or a date written for the time the screen shows.
package struct TextSpec: Sendable, Hashable {
    package enum Content: Sendable, Hashable {
        case verbatim(String)
        case date(Date, Text.DateStyle)
    }

    package var content: Content

    package init(_ string: String) {
        content = .verbatim(string)
    }

    package init(date: Date, style: Text.DateStyle) {
        content = .date(date, style)
    }

    /// The string to draw in an environment (its locale, time zone and time shown).
    package func string(in environment: EnvironmentValues) -> String {
        switch content {
        case .verbatim(let string): string
        case .date(let date, let style): style.format(date, environment)
        }
    }
}

/// A run of text in the environment's font and colour, as SwiftUI's `Text`.
///
/// Text wraps to the width it is offered unless `lineLimit` says otherwise, and
/// shrinks down to `minimumScaleFactor` before it truncates.
///
/// ```swift
/// Text("Bitcoin").font(.headline).foregroundStyle(.secondary)
/// Text(entry.nextAttack, style: .relative)   // "2 hours, 23 minutes" at the time shown
/// ```
public struct Text: PrimitiveView {
    package let spec: TextSpec

    /// Text that shows a string as it is.
    ///
    /// - Parameter string: the text.
    public init(_ string: String) {
        spec = TextSpec(string)
    }

    /// Text that shows a date in a style, as SwiftUI's `Text(_:style:)`.
    ///
    /// Relative styles (`.relative`, `.offset`, `.timer`) count from the time the screen
    /// shows (``EnvironmentValues/date``), so each image of a timeline says what a person
    /// would read at that moment.
    ///
    /// - Parameters:
    ///   - date: the date.
    ///   - style: how to write it.
    public init(_ date: Date, style: DateStyle) {
        spec = TextSpec(date: date, style: style)
    }

    /// The node the layout engine sees.
    public var primitiveNode: ViewNode { .text(spec) }

    /// How ``Text/init(_:style:)`` writes a date, as SwiftUI's `Text.DateStyle`.
    public struct DateStyle: Sendable, Hashable {
        private enum Base: Sendable, Hashable {
            case time, date, relative, offset, timer
        }

        private let base: Base

        /// The time of day: `2:37 PM`, `14:37`, `오후 2:37`.
        public static var time: DateStyle { DateStyle(base: .time) }
        /// The day: `June 3, 2019`, `2019年6月3日`, `2019년 6월 3일`.
        public static var date: DateStyle { DateStyle(base: .date) }
        /// The time from or to now: `2 hours, 23 minutes`.
        public static var relative: DateStyle { DateStyle(base: .relative) }
        /// The signed time from now: `+2 hours`, `-3 months`.
        public static var offset: DateStyle { DateStyle(base: .offset) }
        /// A running clock: `2:32`, `36:59:01`.
        public static var timer: DateStyle { DateStyle(base: .timer) }

        func format(_ date: Date, _ environment: EnvironmentValues) -> String {
            switch base {
            case .time: DateText.time(date, locale: environment.locale, timeZone: environment.timeZone)
            case .date: DateText.date(date, locale: environment.locale, timeZone: environment.timeZone)
            case .relative:
                DateText.relative(
                    date, to: environment.date, locale: environment.locale, timeZone: environment.timeZone)
            case .offset:
                DateText.offset(
                    date, from: environment.date, locale: environment.locale, timeZone: environment.timeZone)
            case .timer: DateText.timer(date, from: environment.date)
            }
        }
    }
}
