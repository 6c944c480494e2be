/// The package version, printed by `--version` and recorded in manifests.
public enum WidgetRenderVersion {
    /// `0.2.0`.
    public static var current: String { "0.2.0" }
}
