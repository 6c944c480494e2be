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
    /// The format of `dataSource` when the user forced one (`--format`); detected from content otherwise.
    public var dataFormat: String?
    /// The column to plot when a CSV has several (`--column`).
    public var dataColumn: String?
    /// Fetches `dataSource`; `nil` reads local files only.
    public var fetcher: (any DataFetching)?
    /// Where providers report skipped records and fallbacks.
    public var diagnostics: Diagnostics

    public init(
        family: WidgetFamily, displaySize: Size, isPreview: Bool = false,
        parameters: WidgetParameters = WidgetParameters(), now: Date, dataSource: String? = nil,
        dataFormat: String? = nil, dataColumn: String? = nil, fetcher: (any DataFetching)? = nil,
        diagnostics: Diagnostics = Diagnostics()
    ) {
        self.family = family
        self.displaySize = displaySize
        self.isPreview = isPreview
        self.parameters = parameters
        self.now = now
        self.dataSource = dataSource
        self.dataFormat = dataFormat
        self.dataColumn = dataColumn
        self.fetcher = fetcher
        self.diagnostics = diagnostics
    }
}
