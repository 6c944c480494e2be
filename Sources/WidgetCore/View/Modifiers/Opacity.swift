/// A view drawn as one layer at an opacity (`opacity`).
package struct Opacity: DrawingModifier {
    package var value: Double

    package func layer(for rect: Rect, environment: EnvironmentValues) -> DisplayLayer? { .opacity(value) }
}
