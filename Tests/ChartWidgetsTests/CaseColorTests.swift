import Foundation
import Testing
import WidgetRender

@testable import ChartWidgets

/// Cases, deaths and recovered keep one hue each in light and dark mode, read as text on the
/// widget's background (WCAG 2 contrast), and stay apart for the common colour-vision
/// deficiencies (Machado, Oliveira and Fernandes 2009, severity 1.0), compared in CIELAB.
@Suite("Case colours")
struct CaseColorTests {
    typealias RGB = (r: Double, g: Double, b: Double)

    static func linear(_ channel: Double) -> Double {
        channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }

    static func gamma(_ channel: Double) -> Double {
        let clamped = max(0, min(1, channel))
        return clamped <= 0.0031308 ? clamped * 12.92 : 1.055 * pow(clamped, 1 / 2.4) - 0.055
    }

    static func rgb(_ color: Color, _ scheme: ColorScheme) -> RGB {
        let value = color.resolved(in: scheme)
        return (value.red, value.green, value.blue)
    }

    /// WCAG 2 relative luminance.
    static func luminance(_ c: RGB) -> Double {
        0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    static func contrast(_ a: RGB, _ b: RGB) -> Double {
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    /// Machado et al. 2009 matrices (severity 1.0), applied to linear RGB.
    static let deficiencies: [String: [[Double]]] = [
        "protanopia": [
            [0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998],
        ],
        "deuteranopia": [
            [0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881],
        ],
        "tritanopia": [
            [1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900],
        ],
    ]

    static func simulate(_ c: RGB, _ matrix: [[Double]]) -> RGB {
        let l = [linear(c.r), linear(c.g), linear(c.b)]
        let m = matrix.map { row in zip(row, l).map(*).reduce(0, +) }
        return (gamma(m[0]), gamma(m[1]), gamma(m[2]))
    }

    /// CIELAB (D65) of an sRGB colour.
    static func lab(_ c: RGB) -> (l: Double, a: Double, b: Double) {
        let (r, g, b) = (linear(c.r), linear(c.g), linear(c.b))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// CIE76 colour difference.
    static func deltaE(_ a: RGB, _ b: RGB) -> Double {
        let (p, q) = (lab(a), lab(b))
        return ((p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) + (p.b - q.b) * (p.b - q.b)).squareRoot()
    }

    static let colors: [(String, Color)] = [
        ("cases", CaseColors.cases), ("deaths", CaseColors.deaths), ("recovered", CaseColors.recovered),
    ]

    @Test(arguments: [ColorScheme.light, .dark])
    func eachColourReadsAsTextOnTheWidget(_ scheme: ColorScheme) {
        let background = Self.rgb(.background, scheme)
        for (name, color) in Self.colors {
            // The labels are 11-12 pt semibold: WCAG's 4.5:1 for normal text.
            let ratio = Self.contrast(Self.rgb(color, scheme), background)
            #expect(ratio >= 4.5, "\(name) in \(scheme): \(ratio):1")
        }
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func theThreeStayApartForEveryoneIncludingColourBlindReaders(_ scheme: ColorScheme) {
        var visions: [(String, (RGB) -> RGB)] = [("typical", { $0 })]
        for (name, matrix) in Self.deficiencies.sorted(by: { $0.key < $1.key }) {
            visions.append((name, { Self.simulate($0, matrix) }))
        }
        for (vision, see) in visions {
            for i in Self.colors.indices {
                for j in Self.colors.indices where j > i {
                    let distance = Self.deltaE(
                        see(Self.rgb(Self.colors[i].1, scheme)), see(Self.rgb(Self.colors[j].1, scheme)))
                    // ΔE 20 is clearly different side by side at a glance.
                    #expect(
                        distance >= 20,
                        "\(Self.colors[i].0) and \(Self.colors[j].0) in \(scheme), \(vision): ΔE \(distance)")
                }
            }
        }
    }

    @Test func darkModeKeepsLightModesHues() {
        for (name, color) in Self.colors {
            func hue(_ c: RGB) -> Double {
                let (maxC, minC) = (max(c.r, c.g, c.b), min(c.r, c.g, c.b))
                guard maxC > minC else { return 0 }
                let d = maxC - minC
                var h: Double
                if maxC == c.r {
                    h = (c.g - c.b) / d
                } else if maxC == c.g {
                    h = (c.b - c.r) / d + 2
                } else {
                    h = (c.r - c.g) / d + 4
                }
                h *= 60
                return h < 0 ? h + 360 : h
            }
            let (light, dark) = (hue(Self.rgb(color, .light)), hue(Self.rgb(color, .dark)))
            let difference = min(abs(light - dark), 360 - abs(light - dark))
            #expect(difference <= 25, "\(name): hue \(light)° light, \(dark)° dark")
        }
    }
}
