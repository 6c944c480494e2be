// `import WidgetRender` gives a widget's author everything WidgetKit and SwiftUI would:
// the model (Widget, TimelineProvider, Timeline, WidgetFamily…), the view vocabulary,
// device sizes and dates, and this module's pipeline. Foundation comes along for `Date`.
@_exported import Foundation
@_exported import WidgetCore
@_exported import WidgetDates
@_exported import WidgetLayout

/// `UserDefaults(suiteName:)` as ported widget code writes it: an App Group's settings, kept in
/// the group's folder (see ``AppGroupDefaults``). It hides Foundation's `UserDefaults` in files
/// that import WidgetRender and not Foundation itself.
public typealias UserDefaults = AppGroupDefaults
