import WidgetRender

/// The widgets WidgetRender ships, as one bundle: a client of the framework like any
/// user's bundle.
///
/// ```swift
/// let widgets = try BuiltInWidgets().resolvedWidgets()
/// ```
public struct BuiltInWidgets: WidgetBundle {
    /// The app group whose container holds the shared background photo, `bg.png`.
    public static var appGroup: String { "group.dev.widgetrender.charts" }

    /// The bundle.
    public init() {}

    /// Price, COVID-19 by country and COVID-19 worldwide.
    public var body: some Widget {
        PriceWidget()
        CountryStatusWidget()
        GlobalStatsWidget()
    }
}
