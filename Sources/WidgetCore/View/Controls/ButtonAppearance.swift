/// How buttons and toggles look at rest, in each style: built from stacks, shapes and text.
package enum ButtonAppearance {
    /// The off colour of a switch's track: iOS's system gray 5.
    static var switchTrackOff: Color {
        Color(light: .init(hex: 0xE9E9EA), dark: .init(hex: 0x39393D))
    }

    static func button(_ label: ViewNode, in environment: EnvironmentValues) -> ViewNode {
        let tint = environment.resolvedTint
        switch environment.buttonStyle {
        case .plain:
            return label
        case .borderless:
            return label.foregroundStyle(tint)
        case .borderedProminent:
            return label.foregroundStyle(.white).padding(.horizontal, 12).padding(.vertical, 6)
                .background { Capsule().fill(tint) }
        default:
            return label.foregroundStyle(tint).padding(.horizontal, 12).padding(.vertical, 6)
                .background { Capsule().fill(tint.opacity(0.15)) }
        }
    }

    static func toggle(isOn: Bool, _ label: ViewNode, in environment: EnvironmentValues) -> ViewNode {
        if environment.toggleStyle == .button {
            var prominent = environment
            prominent.buttonStyle = isOn ? .borderedProminent : .bordered
            return button(label, in: prominent)
        }
        let on = environment.tint ?? .green
        return HStack(spacing: 8) {
            label
            Spacer(minLength: 0)
            ZStack(alignment: isOn ? .trailing : .leading) {
                Capsule().fill(isOn ? on : switchTrackOff)
                Circle().fill(.white).frame(width: 27, height: 27).padding(2)
            }
            .frame(width: 51, height: 31)
        }
        .node
    }
}
