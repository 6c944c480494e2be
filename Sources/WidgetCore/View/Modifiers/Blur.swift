extension View {
    /// Draws the view blurred, as SwiftUI's `blur(radius:opaque:)`: a Gaussian blur of
    /// `radius` points (its standard deviation). Its layout is unchanged; its edges fade into
    /// what is behind it. With `opaque` the blur is clipped to the view's frame (SwiftUI's
    /// opaque blur also keeps the edges solid; here they still fade inside the frame).
    ///
    /// ```swift
    /// Image("photo").resizable().blur(radius: 8)
    /// ```
    ///
    /// A radius that is not a number, or is 0 or less, leaves the view sharp.
    public func blur(radius: Double, opaque: Bool = false) -> ViewNode {
        guard radius.isFinite, radius > 0 else { return node }
        let blurred = ViewNode.primitive(Blur(radius: min(1_000, radius)), [node])
        return opaque ? blurred.clipped() : blurred
    }
}

/// A view drawn blurred, in a blur layer.
package struct Blur: DrawingModifier {
    package var radius: Double

    package func layer(for rect: Rect, environment: EnvironmentValues) -> DisplayLayer? { .blur(radius: radius) }
}
