/// A view clipped to an outline of its frame (`clipShape`, `clipped`, `cornerRadius`).
package struct Clip: DrawingModifier {
    package var outline: ShapeSpec.Kind

    package func layer(for rect: Rect, environment: EnvironmentValues) -> DisplayLayer? { .clip(outline, rect) }
}
