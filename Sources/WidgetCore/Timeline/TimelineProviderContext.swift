import Foundation

/// What a provider knows when it is asked for entries, as WidgetKit's `TimelineProviderContext`.
///
/// The clock ("now"), the data source and the parameters come in here so that a
/// test can pin them; a provider must not read the wall clock itself.
public struct TimelineProviderContext: Sendable {
    /// The family being rendered.
    public var family: WidgetFamily
    /// The widget's size in points on the target device.
    public var displaySize: Size
    /// True when asked for the widget gallery.
    public var isPreview: Bool
    /// The user's configuration, validated against the widget's parameter definitions.
    public var parameters: WidgetParameters
    /// The current time as the renderer sees it.
    public var now: Date
    /// A file or URL to read data from instead of the embedded sample, if the user gave one.
    public var dataSource: String?

    public init(
        family: WidgetFamily, displaySize: Size, isPreview: Bool = false,
        parameters: WidgetParameters = WidgetParameters(), now: Date, dataSource: String? = nil
    ) {
        self.family = family
        self.displaySize = displaySize
        self.isPreview = isPreview
        self.parameters = parameters
        self.now = now
        self.dataSource = dataSource
    }
}
