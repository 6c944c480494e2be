/// A view in the accent group of the accented rendering mode (`widgetAccentable`).
package struct WidgetAccentable: DrawingModifier {
    package func layer(for rect: Rect, environment: EnvironmentValues) -> DisplayLayer? { .accent }

    package func describe(_ children: [String]) -> String { "Accent(\(children.joined(separator: "; ")))" }
}
