/// The languages the built-in widgets are written in.
///
/// English is the default; Japanese and Korean follow the widgets WidgetRender
/// was modelled on. A widget looks its strings up with ``WidgetLocale/pick(en:ja:ko:)``.
public enum WidgetLocale: String, CaseIterable, Codable, Sendable {
    case en
    case ja
    case ko

    /// Returns the string for this locale.
    ///
    /// ```swift
    /// locale.pick(en: "Cases", ja: "感染者", ko: "확진자")
    /// ```
    public func pick(en: String, ja: String, ko: String) -> String {
        switch self {
        case .en: en
        case .ja: ja
        case .ko: ko
        }
    }
}
