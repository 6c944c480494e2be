/// Why a widget could not be drawn or encoded.
package enum RenderError: Error, Equatable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int)
    case cairo(String)
    case fonts(String)
    case png(String)
    case image(path: String, reason: String)
    /// A view asks for something that does not exist (an unknown symbol name).
    case view(String)

    package var description: String {
        switch self {
        case .invalidSize(let width, let height): "invalid image size \(width)×\(height) px"
        case .cairo(let message): "cairo: \(message)"
        case .fonts(let message): "fonts: \(message)"
        case .png(let message): "PNG encoding failed: \(message)"
        case .image(let path, let reason): "\(path): \(reason)"
        case .view(let message): message
        }
    }
}
